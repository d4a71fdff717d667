import { type VariantProps, cva } from 'class-variance-authority';
import * as Slot from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// A button is as wide as its words up to the width of its container, then its words wrap and it grows taller
// (min-h, not h): at 200% text on a 320 px screen nothing may stick out sideways (WCAG 1.4.10 Reflow). Its words wrap
// between words, never inside one that fits (`break-word`, not the page's `anywhere`); where the icon and the longest
// word do not fit side by side, the icon goes above the words (docs/product.md#accessibility).
export const buttonVariants = cva(
  'inline-flex max-w-full shrink-0 flex-wrap items-center [overflow-wrap:break-word] justify-center gap-2 rounded-lg text-center text-sm font-semibold transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
        outline: 'border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50',
        ghost: 'text-slate-700 hover:bg-slate-100',
        destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
        link: 'text-brand-700 underline-offset-4 hover:underline',
      },
      size: {
        default: 'min-h-10 px-4 py-1',
        sm: 'min-h-8 px-3 py-1 text-xs',
        lg: 'min-h-12 px-6 py-1 text-base',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** The app's button; `asChild` renders the styles on a child element such as a link. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
