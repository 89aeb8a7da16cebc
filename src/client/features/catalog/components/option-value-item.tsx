import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { BanglaField } from './bangla-field.tsx';
import { type GroupDraft, type ValueDraft, move } from './option-drafts.ts';
import type { FieldMarks, ProblemNote } from './option-group-fields.tsx';

/**
 * One value of an option group in the dish dialog (option-groups-editor.tsx): its name, in English
 * and in Bangla, price and extra prep, whether it is the default and available, and its Up, Down and Delete.
 */
export function OptionValueItem({
  group,
  g,
  value,
  v,
  label,
  setGroup,
  setValue,
  field,
  problem,
}: {
  group: GroupDraft;
  /** The group's place in the list, from 0. */
  g: number;
  value: ValueDraft;
  /** The value's place in its group, from 0. */
  v: number;
  /** The group's name, or "group 2" while it has none. */
  label: string;
  setGroup: (g: number, change: Partial<GroupDraft>) => void;
  setValue: (g: number, v: number, change: Partial<ValueDraft>) => void;
  field: FieldMarks;
  problem: ProblemNote;
}) {
  const { number } = useNumbers();
  const path = `${g}.values.${v}`;
  const valueLabel = value.name.trim() || t('menuAdmin.valueN', 'value {{n}}', { n: number(v + 1) });
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-100 p-2">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_6rem_5rem]">
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
          <label className="flex flex-col gap-1">
            <span className="text-sm">
              {t('menuAdmin.value', 'Value')}
              <span className="sr-only">
                {' '}
                {t('menuAdmin.valueNumberOf', '{{n}} of {{label}}', { n: number(v + 1), label })}
              </span>
            </span>
            <input
              className="input input-sm w-full"
              value={value.name}
              maxLength={61}
              onChange={(e) => setValue(g, v, { name: e.target.value })}
              {...field(`${path}.name`)}
            />
          </label>
          <BanglaField
            small
            label={t('menuAdmin.valueNameInBangla', 'Value {{number}} of {{group}} in Bangla (বাংলা)', {
              number: number(v + 1),
              group: label,
            })}
            value={value.nameBn}
            maxLength={61}
            onChange={(nameBn) => setValue(g, v, { nameBn })}
          />
          {problem(`${path}.name`)}
          {problem(`${path}.translations.bn.name`)}
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            <span className="text-sm">
              {t('menuAdmin.valuePrice', 'Value price')}
              <span className="sr-only"> {t('accounts.ofName', 'of {{name}}', { name: valueLabel })}</span>
            </span>
            <input
              className="input input-sm w-full"
              inputMode="decimal"
              value={value.price}
              onChange={(e) => setValue(g, v, { price: e.target.value })}
              {...field(`${path}.price`)}
            />
          </label>
          {problem(`${path}.price`)}
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            <span className="text-sm">
              {t('menuAdmin.extraPrep', 'Extra prep')}
              <span className="sr-only"> {t('accounts.ofName', 'of {{name}}', { name: valueLabel })}</span>
            </span>
            <input
              className="input input-sm w-full"
              inputMode="decimal"
              value={value.prepUnits}
              onChange={(e) => setValue(g, v, { prepUnits: e.target.value })}
              {...field(`${path}.prepUnits`)}
            />
          </label>
          {problem(`${path}.prepUnits`)}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={value.default}
            onChange={(e) => setValue(g, v, { default: e.target.checked })}
          />
          {t('menuAdmin.default', 'Default')}
          <span className="sr-only"> {valueLabel}</span>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-sm toggle-success"
            checked={value.available}
            onChange={(e) => setValue(g, v, { available: e.target.checked })}
          />
          {t('menuAdmin.available', 'Available')}
          <span className="sr-only"> {valueLabel}</span>
        </label>
        <div className="ml-auto flex gap-1">
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={v === 0}
            aria-label={t('menuAdmin.upLabel', 'Up: {{name}}', { name: valueLabel })}
            onClick={() => setGroup(g, { values: move(group.values, v, v - 1) })}
          >
            {t('menuAdmin.up', 'Up')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={v === group.values.length - 1}
            aria-label={t('menuAdmin.downLabel', 'Down: {{name}}', { name: valueLabel })}
            onClick={() => setGroup(g, { values: move(group.values, v, v + 1) })}
          >
            {t('menuAdmin.down', 'Down')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs text-error"
            onClick={() => setGroup(g, { values: group.values.filter((_, i) => i !== v) })}
          >
            {t('menuAdmin.delete', 'Delete')}
            <span className="sr-only"> {t('menuAdmin.valueName', 'value {{name}}', { name: valueLabel })}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
