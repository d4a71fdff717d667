import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-slate-200 bg-white shadow-[0_1px_3px_rgb(15_23_42/0.06),0_8px_24px_-12px_rgb(15_23_42/0.12)]',
        className,
      )}
      {...props}
    />
  );
}
