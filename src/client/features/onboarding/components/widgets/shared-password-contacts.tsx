import type { Contact } from '@shared/content-schema';
import { useSecret } from '../../api/get-secret';
import { ContactGrid, type PasswordInfo } from './contacts';

/**
 * The 'Your People' grid of a shared-password step whose password the server decides
 * (docs/product.md#shared-passwords): asks GET /api/secrets/:stepId while the step is open and shows the answer on each
 * contact's password line — the password (masked until 'Show'), or the placeholder with the refusal's tooltip
 * (docs/product.md#shared-passwords). While loading, when the secret is not set, or when the call fails, the
 * placeholder stays.
 */
export function SharedPasswordContacts({ stepId, contacts }: { stepId: string; contacts: readonly Contact[] }) {
  const { data } = useSecret(stepId);
  const password: PasswordInfo =
    data?.kind === 'revealed'
      ? { value: data.value, hiddenReason: null }
      : { value: undefined, hiddenReason: data?.kind === 'hidden' ? data.reason : null };
  return (
    <>
      {data?.kind === 'revealed' && data.changedOn !== undefined ? (
        <p className="mb-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This password changed on {data.changedOn}
        </p>
      ) : null}
      <ContactGrid contacts={contacts} password={password} />
    </>
  );
}
