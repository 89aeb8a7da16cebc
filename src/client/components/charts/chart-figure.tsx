import { type ReactNode, useId } from 'react';

export interface ChartTable {
  caption: string;
  /** Column headings; the first names the row headers' column. */
  columns: readonly string[];
  rows: readonly { label: string; values: readonly (string | number)[] }[];
}

/**
 * A chart with its text alternative: a visible caption, and the same figures as a
 * visually hidden table for screen readers (a chart's SVG says little to them).
 */
export function ChartFigure({
  title,
  description,
  table,
  children,
}: {
  title: string;
  description: string;
  table: ChartTable;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      className="card relative h-full min-w-0 border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
    >
      <figcaption className="mb-4">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-base-content/80">{description}</p>
      </figcaption>
      <div className="min-w-0">{children}</div>
      {/* The wrapper hides the table: a table itself ignores sr-only's 1px width and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, index) => (
                  <td key={table.columns[index + 1] ?? index}>
                    {typeof value === 'number' ? value.toLocaleString('en-US') : value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Legend entries in the text colour: the series colours are too light for text on cream. */
export function legendText(value: unknown) {
  return <span className="text-sm text-base-content">{String(value)}</span>;
}
