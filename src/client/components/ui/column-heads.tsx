import type { ReactNode } from 'react';

interface ColumnHeadsProps {
  /** The columns' names, in order; a node for a name that only screen readers hear (`<span className="sr-only">`). */
  columns: readonly ReactNode[];
  /** The classes of the `<thead>`. */
  className?: string;
  /** The classes of its row. */
  rowClassName?: string;
  /** The classes of every header cell. */
  cellClassName?: string;
}

/** A table's header: one row with a column header (`<th scope="col">`) per column, so each cell is read with its name. */
export function ColumnHeads({ columns, className, rowClassName, cellClassName }: ColumnHeadsProps) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={cellClassName}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
