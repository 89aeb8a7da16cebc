import type { DiningTableView } from '@shared/contract/tables.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput, sentNumber } from '@client/components/ui/number-input.tsx';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import {
  useAddCombination,
  useAddTable,
  useCombinations,
  useDeleteCombination,
  useDeleteTable,
  useDiningTables,
  useUpdateTable,
} from '../api/tables.ts';

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

/** Changes a table's name, covers and whether it is in use, without deleting and adding it again. */
function EditTableForm({ table, onDone }: { table: DiningTableView; onDone: () => void }) {
  const update = useUpdateTable();
  const [name, setName] = useState(table.name);
  const [min, setMin] = useState(table.minCovers);
  const [max, setMax] = useState(table.maxCovers);
  const [active, setActive] = useState(table.active);
  const [failure, setFailure] = useState<string | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => nameField.current?.focus(), []);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return setFailure(t('floor.giveName', 'Give the table a name.'));
    if (!(min >= 1 && max >= min))
      return setFailure(t('floor.coversRule', 'Most guests must be at least the fewest, and the fewest at least 1.'));
    try {
      const answer = await update.mutateAsync({
        id: table._id,
        body: { name: name.trim(), minCovers: sentNumber(min), maxCovers: sentNumber(max), active },
      });
      onDone();
      void showDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, t('floor.theChange', 'the change')));
    }
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('floor.editName', 'Edit {{name}}', { name: table.name })}
      className="flex flex-wrap items-end gap-2 border-t border-base-200 pt-2"
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('floor.tableName', 'Table name')}</span>
        <input
          ref={nameField}
          className="input input-sm w-28"
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={failure !== null && !name.trim()}
        />
      </label>
      <CoversFields width="w-20" min={min} max={max} setMin={setMin} setMax={setMax} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
        />
        {t('floor.activeTakesGuests', 'Active: on the Floor and bookable')}
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending} aria-busy={update.isPending}>
        {t('floor.saveTable', 'Save table')}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
        {t('floor.cancel', 'Cancel')}
      </button>
      <FormFailure failure={failure} wide />
    </form>
  );
}

function AddTableForm() {
  const add = useAddTable();
  const [name, setName] = useState('');
  const [min, setMin] = useState(2);
  const [max, setMax] = useState(4);
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await add.mutateAsync({
        name: name.trim(),
        minCovers: sentNumber(min),
        maxCovers: sentNumber(max),
      });
      setName('');
      setFailure(null);
      void showDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, t('floor.addingTable', 'adding the table')));
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('floor.tableName', 'Table name')}</span>
        <input className="input input-sm" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
      </label>
      <CoversFields width="w-24" min={min} max={max} setMin={setMin} setMax={setMax} />
      <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending}>
        {t('floor.addTable', 'Add table')}
      </button>
      <FormFailure failure={failure} wide />
    </form>
  );
}

function AddCombinationForm({ tables }: { tables: DiningTableView[] }) {
  const add = useAddCombination();
  const [chosen, setChosen] = useState<string[]>([]);
  const [min, setMin] = useState(7);
  const [max, setMax] = useState(8);
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await add.mutateAsync({
        tableIds: chosen,
        minCovers: sentNumber(min),
        maxCovers: sentNumber(max),
      });
      setChosen([]);
      setFailure(null);
      void showDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, t('floor.addingCombination', 'adding the combination')));
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">{t('floor.pushedTogether', 'Tables pushed together')}</legend>
        <div className="flex flex-wrap gap-3">
          {tables.map((one) => (
            <label key={one._id} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={chosen.includes(one._id)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, one._id] : chosen.filter((c) => c !== one._id))
                }
              />
              {one.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-2">
        <CoversFields width="w-24" min={min} max={max} setMin={setMin} setMax={setMax} />
        <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending || chosen.length < 2}>
          {t('floor.addCombination', 'Add combination')}
        </button>
      </div>
      <FormFailure failure={failure} />
    </form>
  );
}

/** A table's or a combination's covers: the fewest and the most guests it seats. */
function CoversFields({
  width,
  min,
  max,
  setMin,
  setMax,
}: {
  width: string;
  min: number;
  max: number;
  setMin: (value: number) => void;
  setMax: (value: number) => void;
}) {
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('floor.fewestGuests', 'Fewest guests')}</span>
        <NumberInput className={`input input-sm ${width}`} min={1} max={50} value={min} onChange={setMin} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('floor.mostGuests', 'Most guests')}</span>
        <NumberInput className={`input input-sm ${width}`} min={1} max={50} value={max} onChange={setMax} />
      </label>
    </>
  );
}

/** A form's refusal, read out when it appears; `wide` takes a line of its own in a wrapping row. */
function FormFailure({ failure, wide = false }: { failure: string | null; wide?: boolean }) {
  if (!failure) return null;
  return (
    <p role="alert" className={`${wide ? 'basis-full ' : ''}text-sm font-medium text-error`}>
      {failure}
    </p>
  );
}
