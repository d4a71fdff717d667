import type { PendingAgreement } from '@shared/acknowledgments-api';
import FileDown from 'lucide-react/icons/file-down';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ColumnHeads } from '@/components/ui/column-heads';
import { LoadingStatus } from '@/components/ui/loading-status';
import { apiPaths, paths } from '@/config/paths';
import { usePendingAgreements } from '../api/get-pending-agreements';
import { formatDateTime } from '../utils/format';
import { LabelledSelect } from './fields';

/** Why the person is asked again, in words. */
function reasonOf(p: PendingAgreement): string {
  const agreed = p.recorded
    ? `agreed to version ${p.agreedVersion} on ${formatDateTime(p.agreedAt)}`
    : `completed on ${formatDateTime(p.agreedAt)}, before agreements were recorded`;
  return p.due === 'changed' ? `Changed to version ${p.version}; ${agreed}` : `Lapsed; ${agreed}`;
}

/**
 * The admins' list of who must read and agree to a step again (docs/product.md#admin-area): everyone whose latest
 * agreement is to an older version or has lapsed, filterable by step, with a link to each member page and the CSV of
 * every acknowledgment record.
 */
export function PendingAgreementsPanel() {
  const id = useId();
  const query = usePendingAgreements('');
  const [stepId, setStepId] = useState('');
  const steps = useMemo(() => {
    const titles = new Map<string, string>();
    for (const p of query.data?.pending ?? []) titles.set(p.stepId, p.stepTitle);
    return [...titles];
  }, [query.data]);
  const shown = (query.data?.pending ?? []).filter((p) => stepId === '' || p.stepId === stepId);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          Who must agree again
        </h3>
        <a
          href={apiPaths.adminAcknowledgmentsCsv}
          download
          className="inline-flex max-w-full flex-wrap items-center gap-1 py-1 text-sm font-semibold [overflow-wrap:break-word] text-brand-700 hover:underline"
        >
          <FileDown aria-hidden="true" className="size-4" /> Export every acknowledgment as CSV
        </a>
      </div>
      <p className="max-w-2xl text-slate-700">
        When an agreement changes, or a yearly one runs out, the people who agreed before must read it and agree again.
        Until they do, the step counts as not done. They see it on their dashboard.
      </p>
      {query.isPending ? (
        <LoadingStatus label="Loading who must agree again…" placeholders={['h-24 rounded-xl']} className="space-y-2" />
      ) : query.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {query.error.message}
        </p>
      ) : query.data.pending.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
          Everyone is up to date: nobody has to agree to anything again.
        </p>
      ) : (
        <>
          <LabelledSelect
            id={`${id}-step`}
            label="Step"
            value={stepId}
            onChange={setStepId}
            options={[
              { value: '', label: `Every step (${query.data.pending.length})` },
              ...steps.map(([value, title]) => ({ value, label: title })),
            ]}
            className="max-w-sm"
          />
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">People who must agree again</caption>
            <ColumnHeads
              columns={['Member', 'Step', 'Why']}
              rowClassName="border-b border-slate-200 text-slate-600"
              cellClassName="py-2 pr-3 font-semibold last:pr-0"
            />
            <tbody>
              {shown.map((p) => (
                <tr key={`${p.email} ${p.stepId}`} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3">
                    <Link
                      to={paths.adminMember.getHref(p.email)}
                      className="font-semibold text-brand-700 hover:underline"
                    >
                      {p.name === '' ? p.email : p.name}
                    </Link>
                    <div className="text-slate-600">{p.email}</div>
                  </td>
                  <td className="py-2 pr-3">{p.stepTitle}</td>
                  <td className="py-2 text-slate-700">{reasonOf(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
