import * as Tabs from '@radix-ui/react-tabs';
import BarChart3 from 'lucide-react/icons/chart-column';
import SquarePen from 'lucide-react/icons/square-pen';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '@shared/api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { AuditLog } from '@/features/admin/components/audit-log';
import { BackupsPanel } from '@/features/admin/components/backups-panel';
import { DepartmentsPanel } from '@/features/admin/components/departments-panel';
import { ImportPanel } from '@/features/admin/components/import-panel';
import { LaunchChecklist } from '@/features/admin/components/launch-checklist';
import { useLaunchChecklistState, useSetLaunchChecklistState } from '@/features/admin/api/launch-checklist';
import { MailPanel } from '@/features/admin/components/mail-panel';
import { MemberForm } from '@/features/admin/components/member-form';
import { MembersPanel } from '@/features/admin/components/members-panel';
import { PendingAgreementsPanel } from '@/features/admin/components/pending-agreements-panel';
import { ReceiptCheckPanel } from '@/features/admin/components/receipt-check-panel';
import { SharedPasswordsPanel } from '@/features/admin/components/shared-passwords-panel';
import { DirectoryPanel } from '@/features/admin/components/directory-panel';
import { WorkspacePanel } from '@/features/admin/components/workspace-panel';
import { AdminShell } from './admin-shell';

const TABS = [
  { value: 'launch', label: 'Launch checklist' },
  { value: 'members', label: 'Members' },
  { value: 'invite', label: 'Invite' },
  { value: 'import', label: 'Import CSV' },
  { value: 'departments', label: 'Departments' },
  { value: 'audit', label: 'Audit log' },
  { value: 'backups', label: 'Backups' },
  { value: 'passwords', label: 'Shared passwords' },
  { value: 'agreements', label: 'Agreements' },
  { value: 'receipts', label: 'Check a receipt' },
  { value: 'mail', label: 'E-mail' },
  { value: 'workspace', label: 'Google Workspace' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const tabTrigger =
  'max-w-full rounded-t-lg border-b-2 border-transparent px-2 py-2 text-sm font-semibold [overflow-wrap:break-word] sm:px-4 text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800';

/**
 * The admin console (docs/product.md#admin-area; its own lazily loaded chunk): tabs for the launch checklist, the members table, inviting an address, the CSV
 * import, the departments list, the audit log, the backups, the shared passwords, who must agree again, the receipt
 * check, e-mail and Google Workspace. The open tab is kept in the address (`?tab=`).
 * An admin's first page is the launch checklist until they hide it (docs/product.md#launch-checklist); an address with
 * a query (a members-table filter) opens the members table.
 */
export function AdminRoute() {
  return <AdminShell>{(user, view) => <AdminConsole user={user} view={view} />}</AdminShell>;
}

function AdminConsole({ user, view }: { user: User; view: 'admin' | 'lead' }) {
  const [params, setParams] = useSearchParams();
  const checklistState = useLaunchChecklistState(view === 'admin');
  const setChecklistState = useSetLaunchChecklistState();
  const dismissed = checklistState.data?.dismissed !== false;
  const launchFirst = view === 'admin' && checklistState.data?.dismissed === false;
  const asked = TABS.some((t) => t.value === params.get('tab'))
    ? (params.get('tab') as string)
    : launchFirst && params.size === 0
      ? 'launch'
      : 'members';
  // The first page waits a moment for whether the checklist comes first, rather than flashing the members table.
  const deciding = view === 'admin' && checklistState.isPending && params.size === 0;
  const changeDismissed = (next: boolean) =>
    setChecklistState.mutate(
      { dismissed: next },
      // Hidden: the console opens on the members table, as it will next time.
      { onSuccess: () => (next ? setParams({}) : undefined) },
    );
  /** Each tab's content; Radix mounts the open tab's only. */
  const panels: Record<TabValue, ReactNode> = {
    launch: (
      <LaunchChecklist
        dismissed={dismissed}
        onDismissedChange={changeDismissed}
        changing={setChecklistState.isPending}
      />
    ),
    members: <MembersPanel />,
    invite: (
      <Card className="max-w-2xl p-5">
        <h3 className="mb-1 text-lg font-semibold">Invite by e-mail</h3>
        <p className="mb-4 text-sm text-slate-600">The role and department apply from the person's first sign-in.</p>
        {/* 'Invite' of an account the directory lists fills in its address (?email=). */}
        <MemberForm key={params.get('email') ?? ''} proposedAddress={params.get('email') ?? undefined} />
      </Card>
    ),
    import: <ImportPanel />,
    departments: <DepartmentsPanel />,
    audit: <AuditLog />,
    backups: <BackupsPanel />,
    passwords: <SharedPasswordsPanel />,
    agreements: <PendingAgreementsPanel />,
    receipts: <ReceiptCheckPanel />,
    mail: <MailPanel />,
    workspace: (
      <div className="space-y-8">
        <DirectoryPanel />
        <WorkspacePanel />
      </div>
    ),
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Admin console</h2>
        <div className="flex flex-wrap gap-2">
          {view === 'admin' || user.isEditor === true ? (
            <Button asChild variant="outline">
              <Link to={paths.adminStudio.getHref()}>
                <SquarePen aria-hidden="true" /> Content studio
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={paths.adminInsights.getHref()}>
              <BarChart3 aria-hidden="true" /> Insights
            </Link>
          </Button>
        </div>
      </div>
      {view === 'lead' ? (
        <p className="max-w-2xl text-slate-700">
          You lead {(user.leadOf ?? []).join(', ')}. You can see the members of{' '}
          {(user.leadOf ?? []).length === 1 ? 'this department' : 'these departments'}, their progress and their
          answers, choose their buddies and do the team tasks given to you. Only admins change roles, departments and
          records.
        </p>
      ) : null}
      {deciding ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the admin console…
        </p>
      ) : (
        <Tabs.Root
          value={view === 'lead' ? 'members' : asked}
          onValueChange={(value) => setParams(value === 'members' && !launchFirst ? {} : { tab: value })}
        >
          <Tabs.List aria-label="Admin console" className="flex flex-wrap gap-1 border-b border-slate-200">
            {/* A department lead sees the members table only (read-only, their departments). */}
            {TABS.filter((t) => view === 'admin' || t.value === 'members').map((t) => (
              <Tabs.Trigger key={t.value} value={t.value} className={tabTrigger}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* A tab panel is a Tab stop (Radix): it keeps the app's focus ring (WCAG 2.4.7). */}
          {TABS.map((t) => (
            <Tabs.Content key={t.value} value={t.value} className="pt-5">
              {panels[t.value]}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}
