import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Skeleton } from '@/components/ui/skeleton';
import { useAudit } from '../api/get-audit';
import { auditDetailsText } from '../utils/audit-details';
import { fieldClass, formatDateTime, labelClass } from '../utils/format';
import { Pagination } from './pagination';

const PAGE_SIZE = 50;

/**
 * The audit log tab (docs/product.md#admin-area): sign-ins, role changes, invitations, imports, password reveals and
 * refusals, newest first; filtered by the acting person's e-mail address and by kind; paged.
 */
export function AuditLog() {
  const id = useId();
  const [actorInput, setActorInput] = useState('');
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit({ actor, kind, page, pageSize: PAGE_SIZE });

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setActor(actorInput.trim());
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onFilter} className="flex flex-wrap items-end gap-3">
        <div className="min-w-[min(100%,15rem)] flex-1">
          <label htmlFor={`${id}-actor`} className={labelClass}>
            Person (e-mail address)
          </label>
          <input
            id={`${id}-actor`}
            type="search"
            value={actorInput}
            onChange={(e) => setActorInput(e.target.value)}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>
            Kind
          </label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPage(1);
            }}
            className={fieldClass}
          >
            <option value="">All kinds</option>
            {(audit.data?.kinds ?? []).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      {audit.isPending ? (
        <div role="status" aria-live="polite" className="space-y-2">
          <span className="sr-only">Loading the audit log…</span>
          <Skeleton className="h-10 rounded-lg" />
          <Skeleton className="h-10 rounded-lg" />
        </div>
      ) : audit.isError ? (
        <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{audit.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        </div>
      ) : audit.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No entries match.
        </p>
      ) : (
        <div aria-busy={audit.isFetching} className="space-y-3">
          <ScrollRegion label="Audit log entries">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">Audit log, newest first</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Kind
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Outcome
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Who
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Subject
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((e) => (
                  <tr key={e.id} className="border-t border-slate-200 align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(e.at)}</td>
                    <td className="px-3 py-2">{e.kind}</td>
                    <td className="px-3 py-2">{e.outcome}</td>
                    <td className="px-3 py-2 break-all">{e.actorEmail ?? '—'}</td>
                    <td className="px-3 py-2 break-all">{e.subject ?? '—'}</td>
                    <td className="px-3 py-2 font-mono text-xs break-all text-slate-600">
                      {auditDetailsText(e.reason, e.detail)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination noun="entries" page={page} pageSize={PAGE_SIZE} total={audit.data.total} onPageChange={setPage} />
        </div>
      )}
    </div>
  );
}
