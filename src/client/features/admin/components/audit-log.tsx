import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { QueryView } from '@/components/ui/query-view';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { useAudit } from '../api/get-audit';
import { auditDetailsText } from '../utils/audit-details';
import { formatDateTime } from '../utils/format';
import { filterOptions, LabelledInput, LabelledSelect } from './fields';
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
        <LabelledInput
          id={`${id}-actor`}
          label="Person (e-mail address)"
          type="search"
          value={actorInput}
          onChange={(e) => setActorInput(e.target.value)}
          className="min-w-[min(100%,15rem)] flex-1"
        />
        <LabelledSelect
          id={`${id}-kind`}
          label="Kind"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={filterOptions('All kinds', audit.data?.kinds ?? [])}
        />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      <QueryView
        query={audit}
        loading="Loading the audit log…"
        placeholders={['h-10 rounded-lg', 'h-10 rounded-lg']}
        isEmpty={(data) => data.items.length === 0}
        empty="No entries match."
        className="space-y-3"
      >
        {(data) => (
          <>
            <ScrollRegion label="Audit log entries">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">Audit log, newest first</caption>
                <ColumnHeads
                  columns={['When', 'Kind', 'Outcome', 'Who', 'Subject', 'Details']}
                  className="bg-slate-50"
                  cellClassName="px-3 py-2"
                />
                <tbody>
                  {data.items.map((e) => (
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
            <Pagination noun="entries" page={page} pageSize={PAGE_SIZE} total={data.total} onPageChange={setPage} />
          </>
        )}
      </QueryView>
    </div>
  );
}
