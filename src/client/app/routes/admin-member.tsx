import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMember } from '@/features/admin/api/get-member';
import { MemberAcknowledgments } from '@/features/admin/components/member-acknowledgments';
import { MemberAdjustments } from '@/features/admin/components/member-adjustments';
import { LeftInGoogleNotice } from '@/features/admin/components/left-in-google-notice';
import { MemberAnswers } from '@/features/admin/components/member-answers';
import { MemberForm } from '@/features/admin/components/member-form';
import { MemberMail } from '@/features/admin/components/member-mail';
import { MemberOffboarding } from '@/features/admin/components/member-offboarding';
import { MemberPreboarding } from '@/features/admin/components/member-preboarding';
import { MemberPrivateEmail } from '@/features/admin/components/member-private-email';
import { MemberSessions } from '@/features/admin/components/member-sessions';
import { MemberSteps, RemovedSteps } from '@/features/admin/components/member-steps';
import { formatDateTime } from '@/features/admin/utils/format';
import { BuddyField } from '@/features/team-tasks/components/buddy-field';
import { NewcomerTasks } from '@/features/team-tasks/components/newcomer-tasks';
import { WorkspaceAccountCard } from '@/features/workspace';
import { AdminShell } from './admin-shell';

/**
 * A member's page in the admin console: who they are, their progress, their steps with ticks and acknowledgments, and
 * for admins the form that assigns role, department and permissions and the session actions (a department lead sees
 * the page read-only).
 */
export function AdminMemberRoute() {
  return <AdminShell>{(_user, view) => <MemberPage view={view} />}</AdminShell>;
}

function MemberPage({ view }: { view: 'admin' | 'lead' }) {
  const email = useParams().email ?? '';
  const detail = useMember(email);
  return (
    <div className="space-y-6">
      <Link
        to={paths.adminMembersTab.getHref()}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> All members
      </Link>
      {detail.isPending ? (
        <div role="status" aria-live="polite" className="space-y-3">
          <span className="sr-only">Loading the member…</span>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : detail.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {detail.error.message}
        </div>
      ) : (
        <>
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-900 break-all">
              {detail.data.member.name === '' ? detail.data.member.email : detail.data.member.name}
            </h2>
            <p className="text-slate-600 break-all">{detail.data.member.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge variant="secondary">{detail.data.member.roleLabel}</Badge>
              <Badge variant="outline">{detail.data.member.department}</Badge>
              {detail.data.member.isAdmin ? <Badge>Admin</Badge> : null}
              {detail.data.member.invited ? <Badge variant="warning">Invited, not signed in yet</Badge> : null}
              {detail.data.left ? <Badge variant="warning">Left</Badge> : null}
            </div>
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">Complete</dt>
              <dd className="font-semibold">
                {detail.data.member.percent}% ({detail.data.member.completedSteps} of {detail.data.member.totalSteps}{' '}
                steps)
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Signed in last</dt>
              <dd className="font-semibold">{formatDateTime(detail.data.member.lastSignInAt)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Last progress</dt>
              <dd className="font-semibold">{formatDateTime(detail.data.member.lastProgressAt)}</dd>
            </div>
          </dl>
          {view === 'admin' ? (
            <>
              {detail.data.hasMemberRecord && detail.data.left === null ? (
                <LeftInGoogleNotice email={detail.data.member.email} />
              ) : null}
              <Card className="p-5">
                <h3 className="mb-4 text-lg font-semibold">Role, department and permissions</h3>
                <MemberForm
                  // A saved change re-renders with the new values.
                  key={`${detail.data.member.role}|${detail.data.member.department}|${String(detail.data.member.isAdmin)}|${detail.data.leadOf.join(',')}|${String(detail.data.isEditor)}`}
                  email={detail.data.member.email}
                  initial={{
                    role: detail.data.member.role,
                    department: detail.data.member.department,
                    isAdmin: detail.data.hasMemberRecord ? detail.data.member.isAdmin : false,
                    leadOf: detail.data.leadOf,
                    isEditor: detail.data.isEditor,
                  }}
                />
              </Card>
              {detail.data.hasMemberRecord ? <WorkspaceAccountCard email={detail.data.member.email} /> : null}
              <MemberSessions email={detail.data.member.email} hasMemberRecord={detail.data.hasMemberRecord} />
              <MemberOffboarding detail={detail.data} />
            </>
          ) : detail.data.leadOf.length > 0 ? (
            <p className="text-sm text-slate-700">Leads {detail.data.leadOf.join(', ')}.</p>
          ) : null}
          {/* Someone who left needs no buddy: no suggestions on their page (docs/product.md#admin-area). */}
          {detail.data.hasMemberRecord && detail.data.left === null ? (
            <BuddyField
              key={detail.data.buddy ?? ''}
              email={detail.data.member.email}
              buddy={detail.data.buddy ?? null}
            />
          ) : null}
          <NewcomerTasks email={detail.data.member.email} isAdmin={view === 'admin'} />
          <section aria-labelledby="steps-heading" className="space-y-3">
            <h3 id="steps-heading" className="text-lg font-semibold">
              Steps
            </h3>
            <MemberSteps steps={detail.data.steps} />
          </section>
          {view === 'admin' ? <MemberAdjustments detail={detail.data} /> : null}
          <RemovedSteps steps={detail.data.removedSteps ?? []} />
          <MemberMail email={detail.data.member.email} canChange={view === 'admin'} />
          {detail.data.hasMemberRecord ? (
            <MemberPrivateEmail
              email={detail.data.member.email}
              hasPrivateEmail={detail.data.hasPrivateEmail ?? false}
              canChange={view === 'admin'}
            />
          ) : null}
          {detail.data.preboarding ? <MemberPreboarding preboarding={detail.data.preboarding} /> : null}
          <MemberAnswers email={detail.data.member.email} />
          <MemberAcknowledgments email={detail.data.member.email} />
        </>
      )}
    </div>
  );
}
