import { useQuery } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import * as Tabs from '@radix-ui/react-tabs';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getStudio, studioKeys } from '@/features/studio/api/studio-requests';
import { FilesPanel } from '@/features/studio/components/files-panel';
import { HistoryPanel, stepTitlesOf } from '@/features/studio/components/history-panel';
import { StudioEditor } from '@/features/studio/components/studio-editor';
import { AdminShell } from './admin-shell';

const TABS = [
  { value: 'edit', label: 'Edit content' },
  { value: 'history', label: 'History' },
  { value: 'files', label: 'Files' },
] as const;

const tabTrigger =
  'max-w-full rounded-t-lg border-b-2 border-transparent px-2 py-2 text-sm font-semibold [overflow-wrap:break-word] sm:px-4 text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800';

function StudioTabs() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.value === params.get('tab')) ? (params.get('tab') as string) : 'edit';
  // A link to one field (`?role=…&field=…`, from the launch checklist): the editor opens there.
  const role = params.get('role');
  const field = params.get('field');
  // Bumped after a restore: the editor starts again from what the server now has.
  const [generation, setGeneration] = useState(0);
  const state = useQuery({
    queryKey: studioKeys.state,
    queryFn: ({ signal }) => getStudio({ signal }),
    // The editor keeps its own copy while editing; a refetch must not replace it behind the editor's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  // The history names the steps of a material change by title: from the published content, else the draft.
  const stepTitles = useMemo(
    () => stepTitlesOf(state.data ? [state.data.published.catalog, state.data.draft?.catalog ?? []] : []),
    [state.data],
  );
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setParams(value === 'edit' ? {} : { tab: value })}>
      <Tabs.List aria-label="Content studio" className="flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={tabTrigger}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* Kept mounted while another tab is open: the editor holds what is not saved yet and where the editor was. */}
      <Tabs.Content value="edit" forceMount className="pt-5 focus:outline-none data-[state=inactive]:hidden">
        {state.isPending ? (
          <p className="flex items-center gap-2 text-slate-700" role="status">
            <Spinner className="size-4" /> Loading the content…
          </p>
        ) : state.isError ? (
          <div role="alert" className="space-y-2">
            <p className="text-slate-800">The content could not be loaded: {state.error.message}</p>
            <Button variant="outline" onClick={() => void state.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <StudioEditor
            key={generation}
            initial={state.data}
            {...(role !== null && field !== null ? { focus: { role, field } } : {})}
          />
        )}
      </Tabs.Content>
      <Tabs.Content value="history" className="pt-5 focus:outline-none">
        <HistoryPanel
          stepTitles={stepTitles}
          onRestored={() => {
            void state.refetch().then(() => setGeneration((g) => g + 1));
          }}
        />
      </Tabs.Content>
      <Tabs.Content value="files" className="pt-5 focus:outline-none">
        <FilesPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/**
 * The content studio (docs/product.md#content-studio; its own lazily loaded chunk): admins and content editors change
 * roles, scopes and steps in the browser, preview them as members see them, and publish; earlier versions can be
 * compared and restored.
 */
export function AdminStudioRoute() {
  return (
    <AdminShell editors>
      {() => (
        <div className="space-y-6">
          <div>
            <Link
              to={paths.admin.getHref()}
              className="inline-flex items-center gap-1 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" /> Admin console
            </Link>
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">Content studio</h2>
            <p className="max-w-3xl text-slate-600">
              Change the roles, scopes and steps members see. Your changes are saved as a draft as you type; members see
              them once you publish.
            </p>
          </div>
          <StudioTabs />
        </div>
      )}
    </AdminShell>
  );
}
