import type { LaunchCheck, LaunchCheckStatus } from '@shared/launch-checklist-api';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleMinus from 'lucide-react/icons/circle-minus';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useLaunchChecklist, useSendTestMessage } from '../api/launch-checklist';

/** How each status is shown: a word (never colour alone, WCAG 1.4.1), an icon and colours. */
const STATUS: Record<LaunchCheckStatus, { word: string; icon: typeof CircleCheck; className: string }> = {
  ok: { word: 'Ready', icon: CircleCheck, className: 'bg-green-50 text-green-900 border-green-200' },
  warning: { word: 'To do', icon: TriangleAlert, className: 'bg-amber-50 text-amber-900 border-amber-200' },
  problem: { word: 'Not working', icon: CircleAlert, className: 'bg-red-50 text-red-900 border-red-200' },
  skipped: { word: 'Does not apply', icon: CircleMinus, className: 'bg-slate-50 text-slate-800 border-slate-200' },
};

/** Studio links shown before 'Show all'. */
const FIRST_LINKS = 8;

function StatusBadge({ status }: { status: LaunchCheckStatus }) {
  const { word, icon: Icon, className } = STATUS[status];
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {word}
    </span>
  );
}

function StudioLinks({ check }: { check: LaunchCheck }) {
  const [all, setAll] = useState(false);
  if (check.links.length === 0) return null;
  const shown = all ? check.links : check.links.slice(0, FIRST_LINKS);
  return (
    <div className="space-y-2">
      <ul aria-label={`${check.title}: where to fix them`} className="list-disc space-y-1 pl-5 text-sm">
        {shown.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className="inline-block py-1 text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {link.text}
            </Link>
          </li>
        ))}
      </ul>
      {check.links.length > FIRST_LINKS ? (
        <Button variant="outline" size="sm" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${check.links.length}`}
        </Button>
      ) : null}
    </div>
  );
}

/** The e-mail check's 'Send a test message' button and what came of it. */
function TestMessage() {
  const send = useSendTestMessage();
  return (
    <div className="space-y-2">
      <Button variant="outline" size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send a test message'}
      </Button>
      <div role="status" className="text-sm">
        {send.isSuccess ? (
          <p className={send.data.check.status === 'ok' ? 'text-green-900' : 'text-red-800'}>
            {send.data.check.summary}
          </p>
        ) : null}
        {send.isError ? <p className="text-red-800">{send.error.message}</p> : null}
      </div>
    </div>
  );
}

function CheckItem({ check }: { check: LaunchCheck }) {
  return (
    <li className="space-y-2 px-4 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-base font-semibold text-slate-900">{check.title}</h4>
        <StatusBadge status={check.status} />
      </div>
      <p className="text-sm text-slate-800">{check.summary}</p>
      {check.todo !== undefined ? (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">What to do: </span>
          {check.todo}
        </p>
      ) : null}
      {check.id === 'mail' && check.status !== 'warning' ? <TestMessage /> : null}
      <StudioLinks check={check} />
      {check.technical !== undefined ? (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer py-1 font-medium text-slate-800">
            Details for whoever runs the server
          </summary>
          <p className="mt-1 whitespace-pre-line">{check.technical}</p>
        </details>
      ) : null}
    </li>
  );
}

/**
 * The launch checklist (docs/product.md#launch-checklist): the admin console's first page until an admin hides it.
 * Each check says in plain words what was found and what to do; placeholders and draft documents link to their field
 * in the content studio.
 * @param props.dismissed whether this admin hid it; `onDismissedChange` hides it or shows it first again
 */
export function LaunchChecklist({
  dismissed,
  onDismissedChange,
  changing,
}: {
  dismissed: boolean;
  onDismissedChange: (dismissed: boolean) => void;
  changing: boolean;
}) {
  const checklist = useLaunchChecklist();
  return (
    <Card className="max-w-4xl p-5">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl space-y-1">
          <h3 className="text-lg font-semibold">Launch checklist</h3>
          <p className="text-sm text-slate-700">
            Before members start, go through these checks. Each one says what to do. They are the checks the server's{' '}
            <code>npm run doctor</code> makes, plus the content that is still a placeholder.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void checklist.refetch()} disabled={checklist.isFetching}>
            {checklist.isFetching ? 'Checking…' : 'Check again'}
          </Button>
          <Button variant="outline" onClick={() => onDismissedChange(!dismissed)} disabled={changing}>
            {dismissed ? 'Show this checklist first again' : 'Hide the checklist'}
          </Button>
        </div>
      </div>
      {dismissed ? (
        <p className="mb-3 text-sm text-slate-700">
          The checklist is hidden: the admin console opens on the members table. It stays here, in this tab.
        </p>
      ) : null}
      {checklist.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-4" /> Checking the installation… this takes a few seconds.
        </p>
      ) : checklist.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {checklist.error.message}
        </p>
      ) : (
        <ul aria-label="Launch checks" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {checklist.data.checks.map((check) => (
            <CheckItem key={check.id} check={check} />
          ))}
        </ul>
      )}
    </Card>
  );
}
