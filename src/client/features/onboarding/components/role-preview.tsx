import type { PreviewRole } from '@shared/api';
import { ChevronDown, Eye } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';

interface RolePreviewMenuProps {
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
 * The role switcher of the header as a role preview (read-only): a menu button naming the role shown; its menu lists
 * the roles, the one shown ticked. Choosing the role shown toasts 'Already using that role' (a menu, unlike a native
 * select, lets a person choose the current option again); choosing another shows its steps and toasts 'Role
 * Switched'. Shown only when the server allows previews (local development hosts and admins).
 */
export function RolePreviewMenu({ roles, currentRole, ownRoleKey, developmentMode, onChange }: RolePreviewMenuProps) {
  const choose = (key: string) => {
    const role = roles.find((r) => r.key === key);
    if (!role) return;
    const { title, description } = rolePreviewToast(role, currentRole, ownRoleKey, developmentMode);
    toast(title, { description });
    if (role.key !== currentRole.key) onChange(role.key === ownRoleKey ? null : role.key);
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Preview role: ${currentRole.displayName}`} className="max-w-48 gap-1.5">
          <Eye aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{currentRole.displayName}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] min-w-48 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-600">Preview role</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={currentRole.key}>
            {roles.map((role) => (
              <DropdownMenu.RadioItem
                key={role.key}
                value={role.key}
                onSelect={() => choose(role.key)}
                className="relative flex cursor-pointer items-center rounded-md py-1.5 pr-2 pl-7 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 data-[state=checked]:font-semibold"
              >
                <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
                  <span aria-hidden="true" className="size-2 rounded-full bg-brand-700" />
                </DropdownMenu.ItemIndicator>
                {role.displayName}
                {role.key === ownRoleKey ? <span className="ml-1 text-xs font-normal text-slate-600">(your role)</span> : null}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
