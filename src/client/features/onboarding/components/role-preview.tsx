import ChevronDown from 'lucide-react/icons/chevron-down';
import Eye from 'lucide-react/icons/eye';
import { type ComponentType, useState } from 'react';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';
import type { RoleMenuProps } from './role-preview-menu';
import { previewButtonLabel, type RolePreviewMenuProps } from './role-preview-texts';

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
    void loadRoleMenu().then(
      (component) => (loadedRoleMenu = component),
      () => undefined,
    );
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
      className="max-w-[min(100%,12rem)] gap-1.5"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 break-words">{previewButtonLabel(props.currentRole, props.ownRoleKey)}</span>
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
