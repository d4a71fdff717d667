import type { Acknowledgment } from '@shared/acknowledgments-api';
import FileDown from 'lucide-react/icons/file-down';
import { Badge } from '@/components/ui/badge';
import { revealFocused } from '@/components/ui/scroll-region';
import { ColumnHeads } from '@/components/ui/column-heads';
import { LoadingStatus } from '@/components/ui/loading-status';
import { apiPaths } from '@/config/paths';
import { useMemberAcknowledgments } from '../api/get-member-acknowledgments';
import { formatDateTime } from '../utils/format';

const KIND_LABELS: Record<Acknowledgment['kind'], string> = {
  item: 'Ticked an item',
  completion: 'Read and completed',
  signature: 'Signed',
};

/**
 * The acknowledgment record of one person on their admin page: every tick, completion and signature with the step,
 * version, SHA-256 and time, newest first, older versions kept; a receipt link for signatures and completions; and
 * the steps they must read and agree to again.
 * @param email the person's address
 */
export function MemberAcknowledgments({ email }: { email: string }) {
  const query = useMemberAcknowledgments(email);
  const headingId = 'acknowledgments-heading';
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          Acknowledgments and signatures
        </h3>
        <a
          href={apiPaths.adminAcknowledgmentsCsv}
          download
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <FileDown aria-hidden="true" className="size-4" /> Export everyone's as CSV
        </a>
      </div>
      {query.isPending ? (
        <LoadingStatus label="Loading the acknowledgments…" placeholders={['h-24 rounded-xl']} className="space-y-2" />
      ) : query.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {query.error.message}
        </p>
      ) : (
        <>
          {query.data.due.length > 0 ? (
            <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-semibold">Needs to read and agree again:</p>
              <ul className="mt-1 list-disc pl-5">
                {query.data.due.map((d) => (
                  <li key={d.stepId}>
                    {d.stepTitle} ({d.due === 'changed' ? 'the content changed' : 'the agreement lapsed'})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {query.data.acknowledgments.length === 0 ? (
            <p className="text-sm text-slate-600">No acknowledgments or signatures yet.</p>
          ) : (
            <div
              className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
              onFocus={revealFocused}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Every acknowledgment and signature of {email}, newest first</caption>
                <ColumnHeads
                  columns={['When', 'Step', 'What', 'Version', 'SHA-256', 'Receipt']}
                  className="bg-slate-50 text-slate-700"
                  cellClassName="px-3 py-2 font-semibold"
                />
                <tbody>
                  {query.data.acknowledgments.map((a) => (
                    <tr key={a.id} className="border-t border-slate-100 align-top">
                      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(a.at)}</td>
                      <td className="px-3 py-2">{a.stepTitle}</td>
                      <td className="px-3 py-2">
                        {KIND_LABELS[a.kind]}
                        {a.itemId ? <span className="text-slate-600"> ({a.itemId})</span> : null}
                        {a.signedName ? <span className="block text-slate-600">as “{a.signedName}”</span> : null}
                        <Badge variant="outline" className="mt-1">
                          {a.signInMethod === 'google' ? 'Google' : 'Development'}
                        </Badge>
                      </td>
                      <td className="px-3 py-2">{a.stepVersion}</td>
                      <td className="px-3 py-2 font-mono text-xs break-all">
                        <span title="SHA-256 of the step's text">{a.textHash}</span>
                        {a.documentHash ? (
                          <span className="mt-1 block" title="SHA-256 of the document (PDF)">
                            PDF {a.documentHash}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2">
                        {a.kind === 'item' ? (
                          '—'
                        ) : (
                          <a
                            href={apiPaths.receipt(a.id)}
                            download
                            className="font-semibold text-brand-700 hover:underline"
                          >
                            Receipt
                            <span className="sr-only">
                              {' '}
                              for {a.stepTitle}, {formatDateTime(a.at)}
                            </span>
                          </a>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
