import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toasts';
import { useRemoveMemberRecord, useSignOutEverywhere } from '../api/member-actions';

const plural = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/**
 * The session actions of a member's page (admins only): 'Sign out everywhere' ends every session of the person at
 * once, on every app process; 'Remove member record' (asks again first) deletes the record, so the person falls back to
 * the default role, and signs them out too.
 */
export function MemberSessions({ email, hasMemberRecord }: { email: string; hasMemberRecord: boolean }) {
  const signOut = useSignOutEverywhere();
  const remove = useRemoveMemberRecord();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const error = signOut.error ?? remove.error;

  const onSignOut = () => {
    signOut
      .mutateAsync(email)
      .then(({ sessionsEnded }) => toast.success(`Signed ${email} out everywhere (${plural(sessionsEnded)} ended)`))
      .catch(() => {
        // Shown below from `error`.
      });
  };
  const onRemove = () => {
    remove
      .mutateAsync(email)
      .then(() => {
        toast.success(`Removed the member record of ${email}`);
        void navigate(paths.adminMembersTab.getHref());
      })
      .catch(() => {
        setConfirming(false);
      });
  };

  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold">Sessions</h3>
      <p className="text-sm text-slate-700">
        Signing out ends every session of this person at once. They can sign in again.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
          {signOut.isPending ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
        {hasMemberRecord ? (
          confirming ? (
            <>
              <Button type="button" variant="destructive" onClick={onRemove} disabled={remove.isPending} autoFocus>
                {remove.isPending ? 'Removing…' : 'Yes, remove the record'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
              Remove member record
            </Button>
          )
        ) : null}
      </div>
      {confirming ? (
        <p className="text-sm text-slate-700">
          Removing the record gives this person the default role and signs them out. Their progress stays.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
    </Card>
  );
}
