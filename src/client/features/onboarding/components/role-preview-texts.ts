import type { PreviewRole } from '@shared/api';

/** The props of the role menu. */
export interface RolePreviewMenuProps {
  roles: readonly PreviewRole[];
  /** The role whose steps are shown now (the previewed one, or the member's own). */
  currentRole: PreviewRole;
  /** The member's own role key: choosing it ends the preview. */
  ownRoleKey: string;
  /** True when the server runs in development mode (its development sign-in is on): the toast says so. */
  developmentMode: boolean;
  /** Shows the role's steps: a preview, or null for the member's own steps. */
  onChange: (previewRoleKey: string | null) => void;
}

/**
 * The toast shown when a role is chosen in the role menu, by the product rule of the role switcher: choosing the
 * role shown now says 'Already using that role', choosing another says 'Role Switched'. The descriptions say what is
 * true: a preview is not a sign-in, so "signed in as" is only said of the member's own role, and "(Development mode
 * active)" only when the server runs in development mode.
 * @param chosen the role chosen; `current` the role shown before; `ownRoleKey` the member's own role key
 * @returns the toast's title and description
 */
export function rolePreviewToast(
  chosen: PreviewRole,
  current: PreviewRole,
  ownRoleKey: string,
  developmentMode: boolean,
): { title: string; description: string } {
  const own = chosen.key === ownRoleKey;
  if (chosen.key === current.key) {
    return {
      title: 'Already using that role',
      description: own
        ? `You are already signed in as ${chosen.displayName}.`
        : `You are already previewing ${chosen.displayName}.`,
    };
  }
  const suffix = developmentMode ? ' (Development mode active)' : '';
  return {
    title: 'Role Switched',
    description: own
      ? `You are now signed in as ${chosen.displayName}.${suffix}`
      : `You are now previewing ${chosen.displayName}. Nothing you do is saved.${suffix}`,
  };
}

/**
 * The text of the role menu's button (docs/product.md#role-preview): it says what it does — 'Preview as…' while the
 * member's own steps are shown, 'Preview as: {role}' during a preview — so that it never reads as a second role badge.
 * @param current the role whose steps are shown; `ownRoleKey` the member's own role key
 */
export function previewButtonLabel(current: PreviewRole, ownRoleKey: string): string {
  return current.key === ownRoleKey ? 'Preview as…' : `Preview as: ${current.displayName}`;
}
