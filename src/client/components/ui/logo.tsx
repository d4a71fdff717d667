import { assetPaths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** The INSPIRED 2 UPLIFT logo. Pass `decorative` where the organisation's name is already written next to it. */
export function Logo({ className, decorative = false }: { className?: string; decorative?: boolean }) {
  return (
    <img
      src={assetPaths.logo}
      alt={decorative ? '' : 'INSPIRED 2 UPLIFT'}
      className={cn('size-10 shrink-0 object-contain', className)}
      width={40}
      height={40}
    />
  );
}
