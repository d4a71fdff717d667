import type { PreviewRole } from '@shared/api';
import { Eye } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';

interface RolePreviewSelectProps {
  roles: readonly PreviewRole[];
  /** The role whose steps are shown now (the previewed one, or the member's own). */
  currentRole: PreviewRole;
  /** The member's own role key: choosing it ends the preview. */
  ownRoleKey: string;
  /** Shows the role's steps: a preview, or null for the member's own steps. */
  onChange: (previewRoleKey: string | null) => void;
}

/**
 * The role preview select (docs/product.md#role-preview): a select of roles; choosing the role already shown
 * toasts 'Already using that role', choosing another shows its steps and toasts 'Role Switched'. Shown only when the
 * server allows previews (local development hosts and admins).
 */
export function RolePreviewSelect({ roles, currentRole, ownRoleKey, onChange }: RolePreviewSelectProps) {
  const id = useId();
  const choose = (key: string) => {
    const role = roles.find((r) => r.key === key);
    if (!role) return;
    if (role.key === currentRole.key) {
      toast('Already using that role', { description: `You are already signed in as ${role.displayName}.` });
      return;
    }
    onChange(role.key === ownRoleKey ? null : role.key);
    toast('Role Switched', { description: `You are now signed in as ${role.displayName}. (Development mode active)` });
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="flex items-center gap-1.5 text-xs font-semibold whitespace-nowrap text-slate-700">
        <Eye aria-hidden="true" className="size-4" />
        Preview role
      </label>
      <select
        id={id}
        value={currentRole.key}
        onChange={(e) => choose(e.target.value)}
        className="h-8 max-w-40 rounded-lg border border-slate-300 bg-white px-2 text-xs font-medium text-slate-800 shadow-xs"
      >
        {roles.map((role) => (
          <option key={role.key} value={role.key}>
            {role.displayName}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The banner of a role preview (docs/product.md#role-preview): says whose steps these are, that nothing is saved and
 * passwords stay hidden, and leads back to the member's own steps.
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
            This is what a {roleName} member sees. Nothing you do here is saved, and shared passwords stay hidden.
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onExit}>
        Back to my steps
      </Button>
    </div>
  );
}
