import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useWorkspaceAccount } from '../api/workspace-account';
import { AccountBody } from './workspace-account-card';

/** The content's team task that the app can do (content/roles/volunteer.yaml). */
export const CREATE_ACCOUNT_TASK_ID = 'create-google-account';

/**
 * On the team task "Create their Google account" (docs/product.md#google-workspace-accounts): while the app may create
 * the account and has not, the member page's button 'Create their Google account', which opens the same form here.
 * Creating it marks the task done with a note; a temporary password shown once stays shown here until the page is
 * left. Nothing for anyone else.
 * @param email the newcomer's address
 * @param open whether the task is still open
 */
export function CreateAccountFromTask({ email, open }: { email: string; open: boolean }) {
  const account = useWorkspaceAccount(email);
  const [expanded, setExpanded] = useState(false);
  if (account.data?.writing !== true) return null;
  if (!expanded) {
    if (!open || account.data.account?.state === 'created' || account.data.proposal === null) return null;
    return (
      <Button type="button" variant="outline" onClick={() => setExpanded(true)}>
        Create their Google account
      </Button>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <AccountBody email={email} view={account.data} />
    </div>
  );
}
