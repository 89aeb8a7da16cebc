import type { DiningTableView } from '@shared/contract/tables.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput, sentNumber } from '@client/components/ui/number-input.tsx';
import { t } from '@shared/i18n/i18n.ts';
import { useAddCombination, useAddTable, useUpdateTable } from '../api/tables.ts';

/** Changes a table's name, covers and whether it is in use, without deleting and adding it again. */
export function EditTableForm({ table, onDone }: { table: DiningTableView; onDone: () => void }) {
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

export function AddTableForm() {
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

export function AddCombinationForm({ tables }: { tables: DiningTableView[] }) {
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
export function CoversFields({
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
export function FormFailure({ failure, wide = false }: { failure: string | null; wide?: boolean }) {
  if (!failure) return null;
  return (
    <p role="alert" className={`${wide ? 'basis-full ' : ''}text-sm font-medium text-error`}>
      {failure}
    </p>
  );
}
