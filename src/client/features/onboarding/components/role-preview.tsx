import type { PreviewRole } from '@shared/api';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Eye from 'lucide-react/icons/eye';
import { type ComponentType, useState } from 'react';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';
import type { RoleMenuProps } from './role-preview-menu';

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
      description: own ? `You are already signed in as ${chosen.displayName}.` : `You are already previewing ${chosen.displayName}.`,
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

/** The role menu's code: its own chunk, so the dashboard paints without it. */
const loadRoleMenu = () => import('./role-preview-menu').then((m) => m.RoleMenu);
let loadedRoleMenu: ComponentType<RoleMenuProps> | undefined;

/**
 * The role switcher of the header as a role preview (read-only): a menu button 'Preview as…' (naming the role during a
 * preview, {@link previewButtonLabel}), whose menu
 * lists the roles with the one shown ticked (role-preview-menu.tsx). Choosing the role shown toasts 'Already using
 * that role' (a menu, unlike a native select, lets a person choose the current option again); choosing another shows
 * its steps and toasts 'Role Switched'. Shown only when the server allows previews (local development hosts and
 * admins). The menu's code loads when the pointer or focus reaches the button, and the first press opens it.
 */
export function RolePreviewMenu(props: RolePreviewMenuProps) {
  // A function in state is taken for an updater: keep the component in an object.
  const [menu, setMenu] = useState(() => (loadedRoleMenu ? { Component: loadedRoleMenu, open: false } : undefined));
  const [loading, setLoading] = useState(false);
  const preload = () => {
    void loadRoleMenu().then((component) => (loadedRoleMenu = component), () => undefined);
  };
  const open = () => {
    setLoading(true);
    loadRoleMenu().then(
      (Component) => {
        loadedRoleMenu = Component;
        setMenu({ Component, open: true });
      },
      () => {
        setLoading(false);
        toast.error('Could not open the role menu', { description: 'Check your connection, then try again.' });
      },
    );
  };
  if (menu) return <menu.Component {...props} defaultOpen={menu.open} />;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={loading}
      className="max-w-48 gap-1.5"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{previewButtonLabel(props.currentRole, props.ownRoleKey)}</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
    </Button>
  );
}

/**
 * The banner of a role preview: says whose steps these are, that nothing is saved and passwords stay hidden, and
 * leads back to the member's own steps.
 */
export function PreviewBanner({ roleName, onExit }: { roleName: string; onExit: () => void }) {
  return (
    <div
      role="region"
      aria-label="Role preview"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <div className="flex items-start gap-2.5">
        <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">Previewing {roleName}</p>
          <p className="text-sm">
            These are the steps of the {roleName} role. Nothing you do here is saved, and shared passwords stay hidden.
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onExit}>
        Back to my steps
      </Button>
    </div>
  );
}
