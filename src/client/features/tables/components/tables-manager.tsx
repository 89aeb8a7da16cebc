import type { DiningTableView } from '@shared/contract/tables.ts';
import { useState } from 'react';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import {
  useCombinations,
  useDeleteCombination,
  useDeleteTable,
  useDiningTables,
  useUpdateTable,
} from '../api/tables.ts';
import { EditTableForm, AddTableForm, AddCombinationForm } from './table-forms.tsx';

/** The admins' "Tables" page: the dining room's tables (with their covers and on/off) and the combinations for bigger parties. */
export function TablesManager() {
  const tables = useDiningTables();
  const combinations = useCombinations();
  const update = useUpdateTable();
  const remove = useDeleteTable();
  const removeCombination = useDeleteCombination();
  const { digits } = useNumbers();
  const names = new Map((tables.data ?? []).map((one) => [one._id, one.name]));

  async function run(action: () => Promise<{ message: string }>, what: string) {
    try {
      void showDone((await action()).message);
    } catch (error) {
      void showAlert(errorMessage(error, what), 'error');
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="tables-title" className="flex flex-col gap-3">
        <h2 id="tables-title" className="text-xl font-bold">
          {t('floor.tables', 'Tables')}
        </h2>
        <ListStates
          pending={tables.isPending}
          failed={tables.isError}
          error={tables.error}
          what={t('floor.theTables', 'the tables')}
          onRetry={() => void tables.refetch()}
          retrying={tables.isFetching}
          items={tables.data}
          emptyText={t('floor.noTablesShort', 'No tables yet.')}
        >
          {(list) => (
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((table: DiningTableView) => (
                <TableRow
                  key={table._id}
                  table={table}
                  onToggle={(active) =>
                    void run(
                      () => update.mutateAsync({ id: table._id, body: { active } }),
                      t('floor.theChange', 'the change'),
                    )
                  }
                  onDelete={() =>
                    void confirmAction(
                      t('floor.deleteQuestion', 'Delete {{name}}?', { name: table.name }),
                      t(
                        'floor.cannotDeleteBooked',
                        'A table with upcoming bookings cannot be deleted: switch it off instead.',
                      ),
                    ).then((yes) =>
                      yes
                        ? run(() => remove.mutateAsync(table._id), t('common.theDeletion', 'the deletion'))
                        : undefined,
                    )
                  }
                />
              ))}
            </ul>
          )}
        </ListStates>
        <AddTableForm />
      </section>
      <section aria-labelledby="combinations-title" className="flex flex-col gap-3">
        <h2 id="combinations-title" className="text-xl font-bold">
          {t('floor.combinations', 'Combinations')}
        </h2>
        <ul className="flex flex-col gap-2">
          {(combinations.data ?? []).map((c) => (
            <li
              key={c._id}
              className="flex items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-3"
            >
              <span>
                {c.tableIds.map((tid) => names.get(tid) ?? `#${tid}`).join(' + ')} ·{' '}
                {t('floor.coversGuests', '{{min}}–{{max}} guests', {
                  min: digits(c.minCovers),
                  max: digits(c.maxCovers),
                })}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-xs text-error"
                onClick={() =>
                  void run(() => removeCombination.mutateAsync(c._id), t('floor.theRemoval', 'the removal'))
                }
              >
                {t('floor.remove', 'Remove')}
                <span className="sr-only"> {c.tableIds.map((tid) => names.get(tid)).join(' + ')}</span>
              </button>
            </li>
          ))}
        </ul>
        <AddCombinationForm tables={tables.data ?? []} />
      </section>
    </div>
  );
}

/** A table: its name and covers (editable in place: "Edit"), on or off, and Delete. */
function TableRow({
  table,
  onToggle,
  onDelete,
}: {
  table: DiningTableView;
  onToggle: (active: boolean) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const { digits } = useNumbers();
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3">
      <div className="flex items-center justify-between gap-2">
        <div>
          <p className="font-semibold">{table.name}</p>
          <p className="text-sm">
            {t('floor.coversGuests', '{{min}}–{{max}} guests', {
              min: digits(table.minCovers),
              max: digits(table.maxCovers),
            })}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <label className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              role="switch"
              className="toggle toggle-sm toggle-success"
              checked={table.active}
              onChange={(e) => onToggle(e.target.checked)}
            />
            <span>
              <span className="sr-only">{table.name} </span>
              {/* "In use" read as occupied on every table (issue 58, point 10): the switch says whether the table takes guests at all. */}
              {table.active ? t('floor.active', 'Active') : t('floor.off', 'Off')}
            </span>
          </label>
          {!editing && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(true)}>
              {t('floor.edit', 'Edit')}
              <span className="sr-only"> {table.name}</span>
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-xs text-error" onClick={onDelete}>
            {t('floor.delete', 'Delete')}
            <span className="sr-only"> {table.name}</span>
          </button>
        </div>
      </div>
      {editing && <EditTableForm table={table} onDone={() => setEditing(false)} />}
    </li>
  );
}
