import type { ImportResult, ImportRow } from '@shared/admin-api';
import { decodeCsvFile } from '@shared/csv-text';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from '@/lib/toasts';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { useImportMembers, usePreviewMembersImport } from '../api/import-members';
import { fieldClass, formatDay, labelClass } from '../utils/format';

/**
 * Bulk import of member records from CSV (docs/product.md#admin-area): choose or paste a file with the columns email,
 * role, department (and optionally isAdmin, isEditor, leadOf, startDate, leftOn), preview it — every row with its
 * errors, how its dates were read and what it changes (old → new) — then 'Apply', which writes every row in one
 * transaction or none. 'Apply' is offered only for a preview without errors.
 */
export function ImportPanel() {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const preview = usePreviewMembersImport();
  const apply = useImportMembers();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // Strict UTF-8 (file.text() would put U+FFFD in place of a Latin-1 letter): the server's rule, said at once.
    const decoded = decodeCsvFile(new Uint8Array(await file.arrayBuffer()));
    setResult(null);
    if (!decoded.ok) {
      setCsv('');
      toast.error(decoded.message);
      return;
    }
    setCsv(decoded.text);
  };
  const onPreview = () => preview.mutate(csv, { onSuccess: setResult });
  const onApply = () =>
    apply.mutate(csv, {
      onSuccess: (applied) => {
        toast.success(`Imported ${applied.applied} member records`);
        setResult(null);
        setCsv('');
      },
    });
  const error = preview.error ?? apply.error;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        A spreadsheet saved as CSV, its first row naming the columns. Needed: <strong>E-mail</strong>,{' '}
        <strong>Role</strong> and <strong>Department</strong>. May be added: <strong>Start date</strong>,{' '}
        <strong>Buddy</strong> (the buddy&rsquo;s e-mail address), <strong>Lead of</strong> (the departments the person
        leads, separated by <code>;</code>), <strong>Admin</strong> and <strong>Editor</strong> (yes or no), and{' '}
        <strong>Left on</strong>. A column left out changes nothing. Dates may be written as in your spreadsheet
        (16/11/2026), or year first as the export writes them. A file exported from the members table imports as it is,
        so you can export, edit and import it back.
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div>
          <label htmlFor={`${id}-file`} className={labelClass}>
            CSV file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void onFile(e)}
            className="w-full min-w-0 text-sm"
          />
        </div>
        <div>
          <label htmlFor={`${id}-text`} className={labelClass}>
            Or paste the CSV
          </label>
          <textarea
            id={`${id}-text`}
            rows={6}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value);
              setResult(null);
            }}
            className={`${fieldClass} h-auto py-2 font-mono`}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={onPreview} disabled={csv.trim() === '' || preview.isPending}>
            {preview.isPending ? 'Checking…' : 'Preview'}
          </Button>
          <Button onClick={onApply} disabled={result?.valid !== true || apply.isPending}>
            {apply.isPending ? 'Applying…' : 'Apply'}
          </Button>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error.message}
          </p>
        ) : null}
      </div>
      {result ? <ImportPreview result={result} /> : null}
    </div>
  );
}

function ImportPreview({ result }: { result: ImportResult }) {
  const bad = result.rows.filter((r) => r.errors.length > 0).length;
  return (
    <section aria-label="Import preview" className="space-y-3">
      <p role="status" className={result.valid ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
        {result.valid
          ? `${result.rows.length} rows are ready. Apply writes all of them at once.`
          : `${bad} of ${result.rows.length} rows have errors. Nothing can be applied until they are fixed.`}
      </p>
      {result.ignoredColumns.length > 0 ? (
        <p className="text-sm text-amber-900" data-testid="import-ignored-columns">
          {`Columns not understood, so ignored: ${result.ignoredColumns.map((c) => `"${c}"`).join(', ')}. The import reads E-mail, Role, Department, Start date, Buddy, Lead of, Admin, Editor and Left on (other names such as "E-mail Address" or "Dept" work too).`}
        </p>
      ) : null}
      {result.errors.map((e) => (
        <p key={e} role="alert" className="text-sm text-red-700">
          {e}
        </p>
      ))}
      {result.rows.length > 0 ? (
        <ScrollRegion label="Rows of the file">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Rows of the file and their errors</caption>
            <ColumnHeads
              columns={['Row', 'E-mail', 'Role', 'Department', 'Changes', 'Problems']}
              className="bg-slate-50"
              cellClassName="px-3 py-2"
            />
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.row} className={`border-t border-slate-200 ${r.errors.length > 0 ? 'bg-red-50' : ''}`}>
                  <td className="px-3 py-2 tabular-nums">{r.row}</td>
                  <td className="px-3 py-2 break-all">{r.email}</td>
                  <td className="px-3 py-2">{r.role}</td>
                  <td className="px-3 py-2">{r.department}</td>
                  <td className="px-3 py-2">
                    <RowChanges row={r} />
                  </td>
                  <td className="px-3 py-2 text-red-800">
                    {r.errors.length === 0 ? <span className="text-emerald-800">OK</span> : r.errors.join(' ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}

/** What a new member's row sets, line by line. */
function newMemberLines(row: ImportRow): string[] {
  return [
    `New member: invited as ${row.role} in ${row.department}`,
    ...(row.startOn === null ? [] : [`Start date: ${formatDay(row.startOn)}`]),
    ...(row.buddy === undefined || row.buddy === null ? [] : [`Buddy: ${row.buddy}`]),
    ...(row.leadOf === undefined || row.leadOf.length === 0 ? [] : [`Leads: ${row.leadOf.join(', ')}`]),
    ...(row.isAdmin ? ['Admin'] : []),
    ...(row.isEditor === true ? ['Content editor'] : []),
    ...(row.leftOn === null ? [] : [`Left on ${formatDay(row.leftOn)}`]),
  ];
}

/** The date columns of the import as its help names them. */
const DATE_COLUMN_WORDS: Readonly<Record<string, string>> = { startDate: 'Start date', leftOn: 'Left on' };

/** What a row does: what a new member gets, or each change old → new, and how each of its dates was read. */
function RowChanges({ row }: { row: ImportRow }) {
  const lines = [
    ...(!row.existing
      ? newMemberLines(row)
      : row.changes.length === 0
        ? ['No change']
        : row.changes.map((c) => `${c.field}: ${c.from} → ${c.to}`)),
    ...row.dates.map((d) => `${DATE_COLUMN_WORDS[d.column] ?? d.column} "${d.written}" read as ${d.said}`),
  ];
  return (
    <ul className="space-y-0.5">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
