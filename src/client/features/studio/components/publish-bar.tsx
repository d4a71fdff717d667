import type { StudioProblem, StudioRemoval, StudioVersion } from '@shared/studio-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import Loader2 from 'lucide-react/icons/loader-circle';
import Undo2 from 'lucide-react/icons/undo-2';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/features/admin';
import {
  discardDraft,
  getAccessMoves,
  getAssets,
  getOpenTeamTasks,
  getRetakes,
  getStudio,
  PublishProblemsError,
  publishDraft,
  RemovalsConflictError,
  studioKeys,
} from '../api/studio-requests';
import type { StudioEditor } from '../hooks/use-studio-editor';
import {
  changedAgreementSteps,
  changedQuizSteps,
  changedTeamTasks,
  removedSteps,
  retakeSteps,
} from '../utils/catalog-edits';
import { changeSentences } from '../utils/change-sentences';
import { ChangeLine } from './change-line';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * Who a publish moves (docs/security.md#access-is-an-invariant): nothing while loading or when nobody's access changes;
 * otherwise the list in words, which only an admin may publish.
 */
function AccessMoves({ moves, failed }: { moves: string[] | undefined; failed: boolean }) {
  if (failed)
    return <p>Could not check whether this changes anyone's role or shared passwords. Publishing checks it again.</p>;
  if (moves === undefined || moves.length === 0) return null;
  return (
    <section
      aria-labelledby="studio-access-moves"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950"
    >
      <h3 id="studio-access-moves" className="font-semibold">
        Who this changes: only an admin can publish it
      </h3>
      <ul className="list-disc space-y-1 pl-5">
        {moves.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Who answers a changed form or quiz again once the draft is published
 * (docs/product.md#changing-a-form-or-quiz-after-people-answered), by name; `members` is undefined while loading.
 */
function RetakeLine({
  step,
  members,
  failed,
  what,
}: {
  step: { title: string };
  members: readonly { email: string; name: string }[] | undefined;
  failed: boolean;
  what: string;
}) {
  if (members === undefined) {
    return (
      <p>
        {failed
          ? `The questions of ‘${step.title}’ changed: members who completed it ${what} again (who could not be found out now).`
          : `The questions of ‘${step.title}’ changed: finding out who completed it…`}
      </p>
    );
  }
  if (members.length === 0) {
    return <p>The questions of ‘{step.title}’ changed. Nobody has completed it yet, so nobody is asked again.</p>;
  }
  const names = members.map((m) => m.name || m.email);
  return (
    <p>
      The questions of ‘{step.title}’ changed, so{' '}
      {members.length === 1 ? 'this member' : `these ${members.length} members`} must {what} again (their earlier
      answers are kept): {names.join(', ')}.
    </p>
  );
}

/** What a publish or restore removes that members completed, for the confirmation. */
export function RemovalsList({ removals }: { removals: readonly StudioRemoval[] }) {
  return (
    <ul className="list-disc space-y-0.5 pl-5">
      {removals.map((r) => (
        <li key={`${r.stepId}|${r.itemId ?? ''}`}>
          {r.itemId === null ? `‘${r.title}’ (${r.roleName})` : `an item of ‘${r.title}’ (${r.roleName})`}: completed by{' '}
          {r.completedBy} {r.completedBy === 1 ? 'member' : 'members'}
        </li>
      ))}
    </ul>
  );
}

const STATUS_TEXT = {
  published: 'No draft: you are looking at the published version.',
  unsaved: 'Saving…',
  saving: 'Saving…',
  saved: 'Saved',
  error: 'Not saved',
  conflict: 'Not saved: someone else changed the draft',
} as const;

interface PublishBarProps {
  editor: StudioEditor;
  published: StudioVersion;
  /** Goes to the field of a problem. */
  onShowProblem: (problem: StudioProblem) => void;
  /** Labels of a problem's place, e.g. `Volunteer › Set up Slack › title`. */
  describeProblem: (problem: StudioProblem) => string;
}

/**
 * The draft's status ('Saving…' / 'Saved'), 'Publish' and 'Discard draft' (docs/product.md#content-studio). Publish
 * lists every problem with a link to its field, or asks which changed agreements are material (members agree again)
 * and confirms removing steps, then publishes.
 */
export function PublishBar({ editor, published, onShowProblem, describeProblem }: PublishBarProps) {
  const queryClient = useQueryClient();
  // The problems a publish found, with the catalog they are of: once the catalog changes, the list follows the live
  // checks instead (a fixed problem leaves the list as it is fixed).
  const [found, setFound] = useState<{ problems: StudioProblem[]; catalog: StudioEditor['catalog'] } | null>(null);
  const problems = found === null ? null : found.catalog === editor.catalog ? found.problems : editor.problems;
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [material, setMaterial] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const [removals, setRemovals] = useState<StudioRemoval[] | null>(null);
  const problemsHeading = useRef<HTMLHeadingElement>(null);

  // A new list of problems takes the focus, so a screen reader reads what to fix.
  useEffect(() => {
    if (found) problemsHeading.current?.focus();
  }, [found]);

  const agreements = changedAgreementSteps(published.catalog, editor.catalog);
  const quizzes = changedQuizSteps(published.catalog, editor.catalog);
  const retaken = retakeSteps(published.catalog, editor.catalog);
  // Who answers again: asked of the server (the saved draft against who completed what) while the dialog is open.
  const retakes = useQuery({
    queryKey: studioKeys.retakes,
    queryFn: ({ signal }) => getRetakes({ signal }),
    enabled: confirming && retaken.length > 0,
    staleTime: 0,
  });
  const retakersOf = (stepId: string) => retakes.data?.find((r) => r.stepId === stepId)?.members;
  // Who the publish moves (another role, shared passwords, team tasks naming them): asked of the server, which works it
  // out on the real data (docs/security.md#access-is-an-invariant), while the dialog is open.
  const access = useQuery({
    queryKey: studioKeys.access,
    queryFn: ({ signal }) => getAccessMoves({ signal }),
    enabled: confirming,
    staleTime: 0,
  });
  const removed = removedSteps(published.catalog, editor.catalog);
  // Only while the dialog is open: files are named by their name, not their address.
  const assets = useQuery({
    queryKey: studioKeys.assets,
    queryFn: ({ signal }) => getAssets({ signal }),
    enabled: confirming,
  });
  const fileNames = new Map((assets.data ?? []).map((a) => [a.url, a.name]));
  const teamTasks = changedTeamTasks(published.catalog, editor.catalog);
  // Only while the dialog is open and a published team task changed: how many open tasks the publish reaches.
  const openTeamTasks = useQuery({
    queryKey: studioKeys.openTeamTasks,
    queryFn: ({ signal }) => getOpenTeamTasks({ signal }),
    enabled: confirming && teamTasks.length > 0,
    staleTime: 0,
  });
  const reached = openTeamTasks.data
    ?.filter((row) => teamTasks.some((t) => t.roleKey === row.roleKey && t.taskId === row.taskId))
    .reduce((n, row) => n + row.open, 0);
  const changes = confirming ? changeSentences(published.catalog, editor.catalog, fileNames) : [];

  const showProblems = (list: StudioProblem[]) => {
    setFound({ problems: list, catalog: editor.catalog });
  };

  const startPublish = async () => {
    setMessage(null);
    setFailure(null);
    if (!(await editor.flush())) {
      setFailure('The draft could not be saved, so it cannot be published yet. See the message above.');
      return;
    }
    if (editor.problems.length > 0) {
      showProblems(editor.problems);
      return;
    }
    setFound(null);
    setConfirming(true);
  };

  const publish = async (confirmRemovals = false) => {
    setConfirming(false);
    setRemovals(null);
    setBusy(true);
    try {
      const { version } = await publishDraft({
        materialChanges: [...material],
        ...(note.trim() === '' ? {} : { note: note.trim() }),
        ...(confirmRemovals ? { confirmRemovals: true } : {}),
      });
      const state = await queryClient.fetchQuery({
        queryKey: studioKeys.state,
        queryFn: ({ signal }) => getStudio({ signal }),
        staleTime: 0,
      });
      editor.reset(state);
      setMaterial(new Set());
      setNote('');
      setMessage(`Published version ${version.version}. Members see it from their next page load.`);
      await queryClient.invalidateQueries({ queryKey: studioKeys.versions });
    } catch (e) {
      if (e instanceof PublishProblemsError) showProblems(e.problems);
      else if (e instanceof RemovalsConflictError) setRemovals(e.removals);
      else setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    setDiscarding(false);
    setBusy(true);
    setMessage(null);
    try {
      await discardDraft();
      const state = await queryClient.fetchQuery({
        queryKey: studioKeys.state,
        queryFn: ({ signal }) => getStudio({ signal }),
        staleTime: 0,
      });
      editor.reset(state);
      setFound(null);
      setMessage(`Draft discarded. You are looking at the published version ${state.published.version} again.`);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const saving = editor.status === 'saving' || editor.status === 'unsaved';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-2 sm:p-3 shadow-xs">
        <p role="status" className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-700">
          {saving ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {editor.status === 'saved' ? <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-700" /> : null}
          {editor.status === 'error' || editor.status === 'conflict' ? (
            <AlertTriangle aria-hidden="true" className="size-4 text-red-700" />
          ) : null}
          <span className="font-semibold">{STATUS_TEXT[editor.status]}</span>
          {editor.status === 'saved' && editor.draft ? (
            <span className="text-slate-500">
              · draft saved by {editor.draft.updatedBy}, {formatDateTime(editor.draft.updatedAt)}
            </span>
          ) : null}
          <span className="text-slate-500">· published version {published.version}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy || !editor.hasDraft} onClick={() => setDiscarding(true)}>
            <Undo2 aria-hidden="true" /> Discard draft
          </Button>
          <Button
            disabled={busy || !editor.hasDraft || editor.status === 'conflict'}
            onClick={() => void startPublish()}
          >
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CloudUpload aria-hidden="true" />}{' '}
            Publish
          </Button>
        </div>
      </div>
      {editor.status === 'error' && editor.error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <span>The draft was not saved: {editor.error} Your changes are still here.</span>
          <Button size="sm" variant="outline" onClick={() => void editor.flush()}>
            Try again
          </Button>
        </div>
      ) : null}
      {message ? (
        <p
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
        >
          {message}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {failure}
        </p>
      ) : null}
      {problems && problems.length === 0 ? (
        <p
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
        >
          Every problem is fixed: you can publish.
        </p>
      ) : null}
      {problems && problems.length > 0 ? (
        <section aria-labelledby="studio-problems" className="rounded-2xl border border-red-200 bg-red-50 p-2 sm:p-4">
          <h3
            id="studio-problems"
            ref={problemsHeading}
            tabIndex={-1}
            className="text-base font-semibold text-red-900 focus:outline-none"
          >
            {problems.length === 1
              ? '1 problem to fix before publishing'
              : `${problems.length} problems to fix before publishing`}
          </h3>
          <ul className="mt-2 space-y-1 text-sm text-red-900">
            {problems.map((p, i) => (
              <li key={`${p.role}|${p.path}|${i}`}>
                <button
                  type="button"
                  className="text-left font-semibold underline underline-offset-2 hover:no-underline"
                  onClick={() => onShowProblem(p)}
                >
                  {describeProblem(p)}
                </button>
                : {p.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Publish these changes?"
        confirmLabel="Publish"
        onConfirm={() => void publish()}
        onCancel={() => setConfirming(false)}
      >
        <p>Every member sees the new version from their next page load.</p>
        {changes.length > 0 ? (
          <ul aria-label="What changed" className="list-disc space-y-1 pl-5">
            {changes.map((c, i) => (
              <ChangeLine key={i} change={c} />
            ))}
          </ul>
        ) : (
          <p>Nothing differs from the published version.</p>
        )}
        <AccessMoves moves={access.data} failed={access.isError} />
        {teamTasks.length > 0 && reached !== undefined ? (
          <p>
            {reached === 0
              ? 'No open team task changes: none was made from the tasks you changed, or all of them are done.'
              : `This changes ${reached} open ${reached === 1 ? 'team task' : 'team tasks'} (tasks already done stay as they were).`}
          </p>
        ) : null}
        {removed.length > 0 ? (
          <p className="rounded-lg bg-amber-50 p-2 text-amber-900">
            You removed {removed.map((s) => `‘${s.title}’`).join(', ')}. Members who completed{' '}
            {removed.length === 1 ? 'it' : 'them'} keep that in their history (their admin page shows it as removed); it
            no longer counts in their percentage.
          </p>
        ) : null}
        <div className="space-y-1">
          <label htmlFor="studio-publish-note" className="block font-semibold text-slate-900">
            What changed (optional)
          </label>
          <textarea
            id="studio-publish-note"
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-brand-700"
          />
          <p className="text-xs text-slate-600">
            Kept in the history; members asked to agree again read it as what changed.
          </p>
        </div>
        {agreements.length > 0 ? (
          <fieldset className="space-y-1 rounded-lg border border-slate-200 p-2">
            <legend className="px-1 font-semibold text-slate-900">Changed agreements</legend>
            <p>Is the change material? Members who agreed before must then read and agree again.</p>
            {agreements.map((s) => (
              <label key={s.id} className="flex items-center gap-2 py-0.5">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={material.has(s.id)}
                  onChange={(e) =>
                    setMaterial((current) => {
                      const next = new Set(current);
                      if (e.target.checked) next.add(s.id);
                      else next.delete(s.id);
                      return next;
                    })
                  }
                />
                Material change to ‘{s.title}’: members agree again
              </label>
            ))}
          </fieldset>
        ) : null}
        {retaken.length > 0 ? (
          <div className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-2 text-amber-950">
            <p className="font-semibold">Changed questions: answered again</p>
            {retaken.map((s) => (
              <RetakeLine
                key={s.id}
                step={s}
                members={retakersOf(s.id)}
                failed={retakes.isError}
                what={s.quiz ? 'take the quiz' : 'send the form'}
              />
            ))}
          </div>
        ) : null}
        {quizzes.length > 0 ? (
          <div className="space-y-1 rounded-lg border border-slate-200 p-2">
            <p className="font-semibold">Changed quizzes</p>
            {quizzes.map((s) => (
              <p key={s.id}>The questions of ‘{s.title}’ stay the same, so members who passed it keep their pass.</p>
            ))}
          </div>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={removals !== null}
        title="Members completed what you remove"
        confirmLabel="Publish anyway"
        destructive
        onConfirm={() => void publish(true)}
        onCancel={() => setRemovals(null)}
      >
        <RemovalsList removals={removals ?? []} />
        <p>
          Their records are kept (their admin page shows them as removed); these no longer count in their percentage.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={discarding}
        title="Discard the draft?"
        confirmLabel="Discard draft"
        destructive
        onConfirm={() => void discard()}
        onCancel={() => setDiscarding(false)}
      >
        <p>
          Every change since version {published.version} is lost, for everyone editing. The published version stays as
          it is.
        </p>
      </ConfirmDialog>
    </div>
  );
}
