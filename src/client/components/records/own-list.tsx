import { DeleteButton } from '@client/components/ui/delete-button.tsx';
import { TEXT } from '@shared/texts.ts';
import type { UserRecord } from '@shared/contract/users.ts';
import type { ReactNode } from 'react';
import { DataTable } from '@client/components/ui/data-table.tsx';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { useOwnRecord } from '@client/data/account-record.ts';
import { useRestaurant } from '@client/data/restaurant.ts';
import { deleteWithConfirmation } from './delete-record.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * One of the guest's own lists (docs/reference/storefront.md §2): 'loading....' while the record comes,
 * an error with Retry if it cannot, the own-list empty text when the list is empty.
 * A failed refetch keeps showing the list already read. Its amounts are in the restaurant's
 * currency, so it waits for the settings too (else a taka restaurant's list shows dollars first).
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
  // Only while the settings are first coming: if they cannot come, the list shows as it can.
  const settingsPending = useRestaurant().isPending;
  return (
    <section aria-labelledby="own-list-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <h1 id="own-list-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      <ListStates
        pending={record.isPending || settingsPending}
        error={record.error}
        failed={record.isError && !record.data}
        what={t('common.yourList', 'your {{list}}', { list: title.toLowerCase() })}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
        items={record.data ? select(record.data) : undefined}
        emptyText={TEXT.emptyOwnList}
      >
        {children}
      </ListStates>
    </section>
  );
}

/** An own list's table: zebra rows, compact on phones; `className` sets a minimum width. */
export function ListTable({
  caption,
  columns,
  className = '',
  children,
}: {
  caption: string;
  columns: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <DataTable
      caption={caption}
      className={`table-zebra max-sm:[&_td]:px-2 max-sm:[&_th]:px-2 ${className}`}
      head={columns.map((column) => (
        <th key={column} scope="col" className="text-sm text-base-content">
          {column}
        </th>
      ))}
    >
      {children}
    </DataTable>
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
export function OwnDeleteButton({
  what,
  srLabel,
  busy,
  onDelete,
}: {
  what: string;
  srLabel: string;
  busy: boolean;
  onDelete: () => Promise<{ message: string }>;
}) {
  return <DeleteButton busy={busy} srLabel={srLabel} onClick={() => void deleteWithConfirmation(what, onDelete)} />;
}
