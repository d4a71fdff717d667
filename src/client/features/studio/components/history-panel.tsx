import type { RoleConfiguration } from '@shared/content-schema';
import type { StudioVersionSummary } from '@shared/studio-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import History from 'lucide-react/icons/rotate-ccw-clock';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { revealFocused } from '@/components/ui/scroll-region';
import { Spinner } from '@/components/ui/spinner';
import { ColumnHeads } from '@/components/ui/column-heads';
import { formatDateTime, LabelledSelect } from '@/features/admin';
import type { StudioRemoval } from '@shared/studio-api';
import {
  getAssets,
  getVersion,
  getVersions,
  RemovalsConflictError,
  restoreVersion,
  studioKeys,
} from '../api/studio-requests';
import { changeSentences } from '../utils/change-sentences';
import { ChangeLine } from './change-line';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingOrFailed } from './loading-or-failed';
import { RemovalsList } from './publish-bar';

const KIND_TEXT = { publish: 'Published', restore: 'Restored', import: 'Imported' } as const;

function describe(v: StudioVersionSummary): string {
  return v.kind === 'restore' && v.restoredFrom !== null ? `Restored version ${v.restoredFrom}` : KIND_TEXT[v.kind];
}

/**
 * The titles of the steps of some catalogs, by step id (the first catalog's title wins).
 * @param catalogs e.g. the published catalog and the draft's
 */
export function stepTitlesOf(catalogs: readonly (readonly RoleConfiguration[])[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const catalog of catalogs)
    for (const role of catalog)
      for (const scope of role.scopes)
        for (const step of scope.steps) if (!titles.has(step.id)) titles.set(step.id, step.title);
  return titles;
}

/** The steps a version published as a material change, by title ('a step since removed' for one no longer known). */
function materialInWords(ids: readonly string[], titles: ReadonlyMap<string, string>): string {
  return ids
    .map((stepId) => titles.get(stepId))
    .map((t) => (t === undefined ? 'a step since removed' : `‘${t}’`))
    .join(', ');
}

/**
 * Every published version with who and when, a readable comparison of any two, and 'Restore' (publishes an earlier
 * version again, after a confirmation) — docs/product.md#content-studio.
 * @param onRestored called after a restore, so the editor starts again from the new version
 * @param stepTitles step titles by id ({@link stepTitlesOf}), to name the steps of a material change (never by id)
 */
export function HistoryPanel({
  onRestored,
  stepTitles,
}: {
  onRestored: () => void;
  stepTitles: ReadonlyMap<string, string>;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const versions = useQuery({ queryKey: studioKeys.versions, queryFn: ({ signal }) => getVersions({ signal }) });
  const list = versions.data ?? [];
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<StudioVersionSummary | null>(null);
  const [removals, setRemovals] = useState<{ version: StudioVersionSummary; removals: StudioRemoval[] } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const newest = list[0]?.version ?? null;
  const toVersion = to ?? newest;
  const fromVersion = from ?? list[1]?.version ?? null;
  const comparing = fromVersion !== null && toVersion !== null && fromVersion !== toVersion;
  // The comparison is made here, from the two versions' content, with the publish dialog's sentences: no YAML.
  const fromContent = useQuery({
    queryKey: studioKeys.version(fromVersion ?? 0),
    queryFn: ({ signal }) => getVersion(fromVersion ?? 0, { signal }),
    enabled: comparing,
  });
  const toContent = useQuery({
    queryKey: studioKeys.version(toVersion ?? 0),
    queryFn: ({ signal }) => getVersion(toVersion ?? 0, { signal }),
    enabled: comparing,
  });
  const assets = useQuery({
    queryKey: studioKeys.assets,
    queryFn: ({ signal }) => getAssets({ signal }),
    enabled: comparing,
  });
  const diff = {
    isPending: fromContent.isPending || toContent.isPending,
    error: fromContent.error ?? toContent.error,
    changes:
      fromContent.data && toContent.data
        ? changeSentences(
            fromContent.data.catalog,
            toContent.data.catalog,
            new Map((assets.data ?? []).map((a) => [a.url, a.name])),
          )
        : [],
  };

  const restore = async (version: StudioVersionSummary, confirmRemovals = false) => {
    setRestoring(null);
    setRemovals(null);
    setMessage(null);
    setFailure(null);
    try {
      const { version: made } = await restoreVersion(version.version, confirmRemovals ? { confirmRemovals: true } : {});
      setMessage(
        `Version ${version.version} is published again as version ${made.version}. Members see it from their next page load.`,
      );
      setFrom(null);
      setTo(null);
      await queryClient.invalidateQueries({ queryKey: studioKeys.all });
      onRestored();
    } catch (e) {
      if (e instanceof RemovalsConflictError) setRemovals({ version, removals: e.removals });
      else setFailure(e instanceof Error ? e.message : String(e));
    }
  };

  if (versions.isPending || versions.isError) {
    return (
      <LoadingOrFailed query={versions} loading="Loading the versions…" failed="The versions could not be loaded" />
    );
  }

  const options = list.map((v) => ({
    value: String(v.version),
    label: `Version ${v.version} · ${formatDateTime(v.at)}`,
  }));
  return (
    <div className="space-y-6">
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
          Could not restore: {failure}
        </p>
      ) : null}
      <section aria-labelledby={`${id}-versions`} className="space-y-2">
        <h3 id={`${id}-versions`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <History aria-hidden="true" className="size-5" /> Published versions
        </h3>
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white" onFocus={revealFocused}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Published versions, newest first</caption>
            <ColumnHeads
              columns={['Version', 'What', 'By', 'When', <span className="sr-only">Actions</span>]}
              className="bg-slate-50 text-slate-700"
              cellClassName="px-3 py-2"
            />
            <tbody>
              {list.map((v) => (
                <tr key={v.version} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {v.version}
                    {v.version === newest ? (
                      <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">
                        live
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2">
                    {describe(v)}
                    {v.note ? <span className="block text-xs text-slate-600">{v.note}</span> : null}
                    {v.materialChanges.length > 0 ? (
                      <span className="block text-xs text-amber-900">
                        Members agree again: {materialInWords(v.materialChanges, stepTitles)}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{v.by}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(v.at)}</td>
                  <td className="px-3 py-2 text-right">
                    {v.version !== newest ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setRestoring(v)}
                        aria-label={`Restore version ${v.version}`}
                      >
                        <RotateCcw aria-hidden="true" /> Restore
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {list.length > 1 ? (
        <section aria-labelledby={`${id}-compare`} className="space-y-3">
          <h3 id={`${id}-compare`} className="text-lg font-semibold text-slate-900">
            Compare two versions
          </h3>
          <div className="flex flex-wrap gap-3">
            <LabelledSelect
              id={`${id}-from`}
              label="From"
              value={String(fromVersion ?? '')}
              onChange={(value) => setFrom(Number(value))}
              options={options}
              className="min-w-[min(13rem,100%)]"
            />
            <LabelledSelect
              id={`${id}-to`}
              label="To"
              value={String(toVersion ?? '')}
              onChange={(value) => setTo(Number(value))}
              options={options}
              className="min-w-[min(13rem,100%)]"
            />
          </div>
          {fromVersion === toVersion ? (
            <p className="text-sm text-slate-700">Choose two different versions.</p>
          ) : diff.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="size-4" /> Comparing…
            </p>
          ) : diff.error !== null ? (
            <p role="alert" className="text-sm text-red-800">
              The comparison could not be loaded: {diff.error.message}
            </p>
          ) : diff.changes.length === 0 ? (
            <p className="text-sm text-slate-700">These two versions are the same.</p>
          ) : (
            <ul
              aria-label={`Changes from version ${fromVersion} to ${toVersion}`}
              className="list-disc space-y-2 pl-5 text-sm text-slate-800"
            >
              {diff.changes.map((change, i) => (
                <ChangeLine key={i} change={change} />
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <ConfirmDialog
        open={removals !== null}
        title="Members completed what this restore removes"
        confirmLabel="Restore anyway"
        destructive
        onConfirm={() => removals && void restore(removals.version, true)}
        onCancel={() => setRemovals(null)}
      >
        <RemovalsList removals={removals?.removals ?? []} />
        <p>
          Their records are kept (their admin page shows them as removed); these no longer count in their percentage.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring?.version ?? ''}?`}
        confirmLabel="Restore"
        onConfirm={() => restoring && void restore(restoring)}
        onCancel={() => setRestoring(null)}
      >
        <p>
          Version {restoring?.version} becomes the live content again, as a new version: members see it from their next
          page load. The history keeps every version; an unpublished draft is kept too.
        </p>
      </ConfirmDialog>
    </div>
  );
}
