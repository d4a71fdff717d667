import ChevronDown from 'lucide-react/icons/chevron-down';
import Eye from 'lucide-react/icons/eye';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';
import { previewButtonLabel, type RolePreviewMenuProps, rolePreviewToast } from './role-preview-texts';

/** The menu's props, and whether it opens at once (it is loaded by the first press of its button). */
export type RoleMenuProps = RolePreviewMenuProps & { defaultOpen?: boolean };

/**
 * The role switcher of the header as a role preview (read-only): a menu button 'Preview as…' (previewButtonLabel); its menu lists
 * the roles, the one shown ticked. Choosing the role shown toasts 'Already using that role' (a menu, unlike a native
 * select, lets a person choose the current option again); choosing another shows its steps and toasts 'Role
 * Switched'. Its own chunk (with Radix's menu), loaded by RolePreviewMenu when its button is first pressed.
 */
export function RoleMenu({
  roles,
  currentRole,
  ownRoleKey,
  developmentMode,
  onChange,
  defaultOpen = false,
}: RoleMenuProps) {
  const choose = (key: string) => {
    const role = roles.find((r) => r.key === key);
    if (!role) return;
    const { title, description } = rolePreviewToast(role, currentRole, ownRoleKey, developmentMode);
    toast(title, { description });
    if (role.key !== currentRole.key) onChange(role.key === ownRoleKey ? null : role.key);
  };
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" className="max-w-[min(100%,12rem)] gap-1.5">
          <Eye aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 break-words">{previewButtonLabel(currentRole, ownRoleKey)}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] min-w-48 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-600">
            Preview as
          </DropdownMenu.Label>
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
                {role.key === ownRoleKey ? (
                  <span className="ml-1 text-xs font-normal text-slate-600">(your role)</span>
                ) : null}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
