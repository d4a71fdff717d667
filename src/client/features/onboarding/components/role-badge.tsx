import { roleBadgeColors } from '@shared/colors';
import { formatRoleLabel } from '@shared/role-label';
import { cn } from '@/lib/cn';

interface RoleBadgeProps {
  /** The person's role text, shown as its label (docs/product.md#role-colours-and-labels). */
  role: string;
  /** Used when the role text is blank. */
  fallbackLabel: string;
  /** The role configuration's base colour. */
  baseColor: string;
  className?: string;
}

/**
 * The role chip of the header (docs/product.md#header-and-footer), in the role's colour with text chosen by luminance
 * (docs/product.md#role-colours-and-labels).
 */
export function RoleBadge({ role, fallbackLabel, baseColor, className }: RoleBadgeProps) {
  const { background, text } = roleBadgeColors(baseColor);
  return (
    <span
      className={cn('inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}
      style={{ backgroundColor: background, color: text }}
      data-role-color="fill"
    >
      <span className="sr-only">Role: </span>
      {formatRoleLabel(role) || fallbackLabel}
    </span>
  );
}
