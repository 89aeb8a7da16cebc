import type { ReactNode } from 'react';

export interface FigureRow {
  key: string;
  /** The row's header cell: what the figures are of. */
  label: ReactNode;
  /** Its figures, one a numeric column, right-aligned in tabular digits. */
  figures: ReactNode[];
}

/**
 * A small table of figures: a header column naming each row and numeric columns after it (a
 * bill's round, the day's taxes or payments). Each row's first cell is its row header, so a
 * screen reader reads "Margherita, Amount, $12.00". `quietHeader` keeps the column names for
 * screen readers only, where the rows name themselves (a list of figures).
 */
export function FigureTable({
  caption,
  columns,
  rows,
  quietHeader = false,
}: {
  caption?: string;
  columns: [string, ...string[]];
  rows: FigureRow[];
  quietHeader?: boolean;
}) {
  const [first, ...numeric] = columns;
  return (
    <table className="table table-sm">
      {caption ? <caption className="text-left font-semibold">{caption}</caption> : null}
      <thead className={quietHeader ? 'sr-only' : 'text-base-content'}>
        <tr>
          <th scope="col">{first}</th>
          {numeric.map((column) => (
            <th key={column} scope="col" className="text-right">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="font-normal">
              {row.label}
            </th>
            {row.figures.map((figure, i) => (
              <td key={numeric[i] ?? i} className="text-right tabular-nums">
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
