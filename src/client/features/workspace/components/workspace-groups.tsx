import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toasts';
import { useApplyWorkspaceGroups, useWorkspaceGroups } from '../api/workspace-account';

/** "a@x, b@x and c@x". */
function listed(groups: readonly string[]): string {
  if (groups.length <= 1) return groups.join('');
  return `${groups.slice(0, -1).join(', ')} and ${groups.at(-1) ?? ''}`;
}

/**
 * The member's Google Groups (docs/product.md#google-workspace-groups): what the mapping asks that is not so yet, as a
 * list first ("Will add to volunteers@…, remove from finance@…"), applied with 'Apply these changes'; or that they are
 * in the right groups. Asked of Google when shown, so it follows a role or department change and the leaving.
 * @param email the member's address
 */
export function WorkspaceGroups({ email }: { email: string }) {
  const preview = useWorkspaceGroups(email, true);
  const apply = useApplyWorkspaceGroups(email);
  if (preview.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Checking their groups in Google…
      </p>
    );
  }
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Their groups could not be checked: {preview.error.message}
      </p>
    );
  }
  const { add, remove, current, missingGroups } = preview.data;
  const changes = add.length + remove.length > 0;
  return (
    <section aria-label="Groups" className="space-y-2 border-t border-slate-200 pt-3">
      <h4 className="font-semibold text-slate-900">Groups</h4>
      {changes ? (
        <>
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {add.length > 0 ? <li>Will add to {listed(add)}</li> : null}
            {remove.length > 0 ? <li>Will remove from {listed(remove)}</li> : null}
          </ul>
          <p className="text-sm text-slate-600">
            This is what the groups set for their role and department say. Nothing changes until you apply it.
          </p>
          <Button
            type="button"
            disabled={apply.isPending}
            onClick={() => {
              apply
                .mutateAsync({ add, remove })
                .then((done) => {
                  if (done.failed.length === 0) toast.success('Their groups are up to date');
                })
                .catch(() => {
                  // Shown below from `apply.error`.
                });
            }}
          >
            {apply.isPending ? 'Applying…' : 'Apply these changes'}
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-800">
          {current.length === 0
            ? 'The groups set for their role and department ask for none: nothing to change.'
            : `In the right groups: ${listed(current)}.`}
        </p>
      )}
      {missingGroups.length > 0 ? (
        <p className="text-sm text-amber-900">
          Google Workspace has no group {listed(missingGroups)}. Create it in Google's Admin console, or change the
          groups set in the admin area's Google Workspace tab.
        </p>
      ) : null}
      {apply.data !== undefined && apply.data.failed.length > 0 ? (
        <p role="alert" className="text-sm text-red-700">
          Some changes did not work: {apply.data.failed.map((f) => `${f.group}: ${f.words}`).join(' ')}
        </p>
      ) : null}
      {apply.error ? (
        <p role="alert" className="text-sm text-red-700">
          {apply.error.message}
        </p>
      ) : null}
    </section>
  );
}
