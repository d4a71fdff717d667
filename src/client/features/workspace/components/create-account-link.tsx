import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useWorkspaceAccount } from '../api/workspace-account';
import { WORKSPACE_CARD_ID } from './workspace-account-card';

/** The content's team task that the app can do (content/roles/volunteer.yaml). */
export const CREATE_ACCOUNT_TASK_ID = 'create-google-account';

/**
 * On the team task "Create their Google account": a link to the member page's 'Google account' card, only while the
 * app may create the account and has not (docs/product.md#google-workspace-accounts). Nothing for anyone else.
 * @param email the newcomer's address
 */
export function CreateAccountLink({ email }: { email: string }) {
  const account = useWorkspaceAccount(email);
  if (account.data?.writing !== true || account.data.account?.state === 'created') return null;
  return (
    <Link
      to={`${paths.adminMember.getHref(email)}#${WORKSPACE_CARD_ID}`}
      className="inline-block text-sm font-semibold text-brand-700 underline hover:no-underline"
    >
      Create their Google account with the app
    </Link>
  );
}
