import { TEXT } from '@shared/texts.ts';
import type { UserRecord } from '@shared/users-contract.ts';
import type { ReactNode } from 'react';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useOwnRecord } from '@client/lib/user-record.ts';
import { deleteWithConfirmation } from './delete-record.ts';

/**
 * One of the guest's own lists (SPEC.md §2): 'loading....' while the record comes,
 * an error with Retry if it cannot, the own-list empty text when the list is empty.
 */
export function OwnList<T>({
  title,
  select,
  children,
}: {
  title: string;
  select: (record: UserRecord) => T[];
  children: (items: T[]) => ReactNode;
}) {
  const record = useOwnRecord();
  const items = record.data ? select(record.data) : [];
  return (
    <section aria-labelledby="own-list-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <h1 id="own-list-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      {record.isError && !record.data ? (
        <QueryError what={`your ${title.toLowerCase()}`} onRetry={() => void record.refetch()} retrying={record.isFetching} />
      ) : record.isPending ? (
        <p role="status" className="py-10 text-center text-lg">
          {TEXT.loading}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-box bg-base-100 px-4 py-10 text-center text-lg font-semibold">{TEXT.emptyOwnList}</p>
      ) : (
        children(items)
      )}
    </section>
  );
}

/**
 * A table named by its caption. Compact on phones; a table too wide for the screen
 * scrolls sideways inside its own box, never the page (`className` sets a minimum width).
 */
export function ListTable({ caption, columns, className = '', children }: { caption: string; columns: string[]; className?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm">
      <table className={`table table-zebra table-sm sm:table-md max-sm:[&_td]:px-2 max-sm:[&_th]:px-2 ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="text-sm text-base-content">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The Product Photo cell: the picture and the dish's name, heading its row. */
export function DishCell({ img, name, category }: { img: string; name: string; category?: string }) {
  return (
    <th scope="row" className="font-normal">
      <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
        <img
          src={img}
          alt={name}
          width={64}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-9 w-12 shrink-0 rounded-lg object-cover sm:h-12 sm:w-16"
        />
        <div className="min-w-0">
          <div className="font-semibold">{name}</div>
          {category ? <div className="hidden text-xs text-base-content/70 sm:block">{category}</div> : null}
        </div>
      </div>
    </th>
  );
}

/** The Action cell: Delete, then the row's next step, side by side from the sm breakpoint up. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td>
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap sm:items-center">{children}</div>
    </td>
  );
}

/**
 * Delete in an own list: asks about `what` first, then shows the server's message (or what
 * went wrong). `srLabel` follows "Delete" for screen readers, naming the row.
 */
export function DeleteButton({ what, srLabel, busy, onDelete }: { what: string; srLabel: string; busy: boolean; onDelete: () => Promise<{ message: string }> }) {
  return (
    <button type="button" className="btn btn-sm btn-outline btn-error" disabled={busy} aria-busy={busy} onClick={() => void deleteWithConfirmation(what, onDelete)}>
      {TEXT.deleteButton}
      <span className="sr-only"> {srLabel}</span>
    </button>
  );
}
