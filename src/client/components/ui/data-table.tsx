import type { ReactNode } from 'react';

/**
 * A table named by its caption that fits a 360px phone: when it is wider than the screen it
 * scrolls sideways inside its own box, never the page, and the box takes keyboard focus so
 * keyboard users can scroll it too. `label` names that box (the caption's text by default).
 * `className` adds to the daisyUI table classes; `head` is the header row's cells.
 */
export function DataTable({
  caption,
  label,
  className = '',
  headClassName,
  head,
  children,
}: {
  caption: string;
  label?: string;
  className?: string;
  headClassName?: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label ?? caption}
      tabIndex={0}
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm"
    >
      <table className={`table table-sm sm:table-md ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={headClassName}>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
