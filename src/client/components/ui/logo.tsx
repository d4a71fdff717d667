import { assetPaths } from '@/config/paths';
import { cn } from '@/lib/cn';

interface LogoProps {
  className?: string;
  /** Pass where the organisation's name is already written next to it. */
  decorative?: boolean;
  /**
   * A mouse click on the logo (the dashboard's confetti after five clicks, docs/product.md#header-and-footer); the logo
   * stays an image.
   */
  onClick?: () => void;
}

/** The INSPIRED 2 UPLIFT logo. */
export function Logo({ className, decorative = false, onClick }: LogoProps) {
  return (
    <img
      src={assetPaths.logo}
      alt={decorative ? '' : 'INSPIRED 2 UPLIFT'}
      className={cn('size-10 shrink-0 object-contain', className)}
      width={40}
      height={40}
      {...(onClick ? { onClick } : {})}
    />
  );
}
