import { stringify } from 'csv-stringify/sync';

/**
 * CSV for downloads that people open in a spreadsheet. Every export of the app goes through here so that none forgets
 * formula escaping: a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return (a name such as
 * `=HYPERLINK(…)` typed at sign-up) is written with a leading `'`, which spreadsheets show as text instead of running
 * it (CSV injection; csv-stringify's `escape_formulas`).
 * @param rows the data rows, each an array of cells in the order of `columns` (strings, numbers, booleans; null and
 *   undefined become empty cells)
 * @param columns the header row's names
 * @returns RFC 4180 CSV text (quoted where needed) with a header row, ending in a newline
 */
export function toCsv(rows: readonly (readonly unknown[])[], columns: readonly string[]): string {
  return stringify(
    // A text that already is `'` + formula gets one more `'`, so that an import can always drop exactly one
    // (member-import.ts) and every exported value comes back as it was.
    rows.map((row) =>
      row.map((cell) => (typeof cell === 'string' && /^'+[=+\-@\t\r]/u.test(cell) ? `'${cell}` : cell)),
    ),
    { header: true, columns: [...columns], escape_formulas: true },
  );
}
