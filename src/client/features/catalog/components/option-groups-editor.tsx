import '@client/lib/zod-without-eval.ts';
import { MAX_OPTION_GROUPS, MAX_OPTION_VALUES } from '@shared/contract/catalog.ts';
import { groupRule } from '@shared/domain/option-choice.ts';
import { typedNumber } from '@shared/i18n/format.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { BanglaField } from './bangla-field.tsx';
import { type GroupDraft, type OptionProblems, type ValueDraft, newKey } from './option-drafts.ts';

/**
 * The dish dialog's "Options" (docs/reference/ordering.md "Dish options"): an admin adds, reorders (up/down)
 * and deletes groups and values, and sets each group's min and max and each value's price, prep
 * units, default and availability. The list is sent with the dish (`options`), replacing the
 * old one; groups and values keep their `_id`, so placed orders and staff's switches stay tied
 * to them. Checked here with the server's own schema (option-drafts.ts); a problem, found here or
 * answered by the server ("options.0.values.1.price: …"), shows next to its field. Its numbers
 * are in the page's digits (Bengali on a Bangla page unless the restaurant keeps Latin ones),
 * and either digits may be typed: the fields are text, for a number field shows Latin digits only.
 */

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

export function OptionGroupsEditor({
  drafts,
  onChange,
  problems,
  idPrefix,
}: {
  drafts: GroupDraft[];
  onChange: (next: GroupDraft[]) => void;
  problems: OptionProblems;
  idPrefix: string;
}) {
  const { number, digits } = useNumbers();
  const setGroup = (g: number, change: Partial<GroupDraft>) =>
    onChange(drafts.map((group, i) => (i === g ? { ...group, ...change } : group)));
  const setValue = (g: number, v: number, change: Partial<ValueDraft>) =>
    setGroup(g, { values: (drafts[g]?.values ?? []).map((value, i) => (i === v ? { ...value, ...change } : value)) });
  const newValue = (): ValueDraft => ({
    key: newKey(),
    name: '',
    nameBn: '',
    price: digits(0),
    prepUnits: digits(0),
    default: false,
    available: true,
    allergens: [],
  });
  const problemId = (path: string) => `${idPrefix}-opt-${path.replaceAll('.', '-') || 'all'}`;
  const field = (path: string) => ({
    'aria-invalid': problems[path] ? true : undefined,
    'aria-describedby': problems[path] ? problemId(path) : undefined,
  });
  const problem = (path: string) =>
    problems[path] ? (
      <span id={problemId(path)} className="text-sm font-medium text-error">
        {problems[path]}
      </span>
    ) : null;
  // Problems of no field shown below (a repeated _id, allergens): at the top of the options.
  const shownBelow =
    /^\d+(\.(name|min|max|values|_id|translations\.bn\.name))?$|^\d+\.values\.\d+\.(name|price|prepUnits|translations\.bn\.name)$/;
  const otherProblems = Object.keys(problems).filter((key) => key !== '' && !shownBelow.test(key));
  const groupProblems = (g: number) =>
    Object.keys(problems)
      .filter((key) => key === String(g) || key === `${g}.values` || key === `${g}._id`)
      .map((key) => problem(key));

  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 font-semibold">{t('menuAdmin.optionsTitle', 'Options')}</legend>
      <p className="mb-2 text-xs text-base-content/70">
        {t(
          'menuAdmin.optionsHint',
          'Sizes, extras and choices a guest picks. A group with min 1 is required; prices may carry cents.',
        )}
      </p>
      {problem('')}
      {otherProblems.map((key) => (
        <span key={key} id={problemId(key)} className="block text-sm font-medium text-error">
          {problems[key]}
        </span>
      ))}
      <ol className="flex flex-col gap-4">
        {drafts.map((group, g) => {
          const label = group.name.trim() || t('menuAdmin.groupN', 'group {{n}}', { n: number(g + 1) });
          const min = typedNumber(group.min);
          const max = typedNumber(group.max);
          return (
            <li key={group.key}>
              <fieldset className="rounded-box border border-base-300 bg-base-200/40 p-3">
                <legend className="px-1 text-sm font-semibold">
                  {t('menuAdmin.groupTitle', 'Group {{n}}: {{label}}', { n: number(g + 1), label })}
                  {Number.isInteger(min) && Number.isInteger(max) ? (
                    <span className="font-normal"> · {groupRule({ min, max }, number)}</span>
                  ) : null}
                </legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_5rem_5rem]">
                  <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
                    <label className="flex flex-col gap-1">
                      <span className="text-sm">
                        {t('menuAdmin.group', 'Group')}
                        <span className="sr-only">
                          {' '}
                          {t('menuAdmin.groupNameN', '{{n}} name', { n: number(g + 1) })}
                        </span>
                      </span>
                      <input
                        className="input input-sm w-full"
                        value={group.name}
                        maxLength={61}
                        onChange={(e) => setGroup(g, { name: e.target.value })}
                        {...field(`${g}.name`)}
                      />
                    </label>
                    <BanglaField
                      small
                      label={t('menuAdmin.groupNameInBangla', 'Group {{number}} name in Bangla (বাংলা)', {
                        number: number(g + 1),
                      })}
                      value={group.nameBn}
                      maxLength={61}
                      onChange={(nameBn) => setGroup(g, { nameBn })}
                    />
                    {problem(`${g}.name`)}
                    {problem(`${g}.translations.bn.name`)}
                  </div>
                  <div className="flex flex-col gap-1">
                    <label className="flex flex-col gap-1">
                      <span className="text-sm">{t('menuAdmin.min', 'Min')}</span>
                      <input
                        className="input input-sm w-full"
                        inputMode="numeric"
                        value={group.min}
                        onChange={(e) => setGroup(g, { min: e.target.value })}
                        {...field(`${g}.min`)}
                      />
                    </label>
                    {problem(`${g}.min`)}
                  </div>
                  <div className="flex flex-col gap-1">
                    <label className="flex flex-col gap-1">
                      <span className="text-sm">{t('menuAdmin.max', 'Max')}</span>
                      <input
                        className="input input-sm w-full"
                        inputMode="numeric"
                        value={group.max}
                        onChange={(e) => setGroup(g, { max: e.target.value })}
                        {...field(`${g}.max`)}
                      />
                    </label>
                    {problem(`${g}.max`)}
                  </div>
                </div>
                {groupProblems(g)}
                <ol className="mt-3 flex flex-col gap-2">
                  {group.values.map((value, v) => {
                    const path = `${g}.values.${v}`;
                    const valueLabel = value.name.trim() || t('menuAdmin.valueN', 'value {{n}}', { n: number(v + 1) });
                    return (
                      <li key={value.key} className="flex flex-col gap-2 rounded-box bg-base-100 p-2">
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
                              label={t(
                                'menuAdmin.valueNameInBangla',
                                'Value {{number}} of {{group}} in Bangla (বাংলা)',
                                { number: number(v + 1), group: label },
                              )}
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
                                <span className="sr-only">
                                  {' '}
                                  {t('accounts.ofName', 'of {{name}}', { name: valueLabel })}
                                </span>
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
                                <span className="sr-only">
                                  {' '}
                                  {t('accounts.ofName', 'of {{name}}', { name: valueLabel })}
                                </span>
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
                              <span className="sr-only">
                                {' '}
                                {t('menuAdmin.valueName', 'value {{name}}', { name: valueLabel })}
                              </span>
                            </button>
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ol>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-outline btn-xs"
                    disabled={group.values.length >= MAX_OPTION_VALUES}
                    onClick={() => setGroup(g, { values: [...group.values, newValue()] })}
                  >
                    {t('menuAdmin.addValue', 'Add value')}
                    <span className="sr-only"> {t('menuAdmin.toGroup', 'to {{label}}', { label })}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={g === 0}
                    aria-label={t('menuAdmin.moveUpLabel', 'Move group up: {{label}}', { label })}
                    onClick={() => onChange(move(drafts, g, g - 1))}
                  >
                    {t('menuAdmin.moveUp', 'Move group up')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={g === drafts.length - 1}
                    aria-label={t('menuAdmin.moveDownLabel', 'Move group down: {{label}}', { label })}
                    onClick={() => onChange(move(drafts, g, g + 1))}
                  >
                    {t('menuAdmin.moveDown', 'Move group down')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs text-error"
                    onClick={() => onChange(drafts.filter((_, i) => i !== g))}
                  >
                    {t('menuAdmin.deleteGroup', 'Delete group')}
                    <span className="sr-only"> {label}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline btn-sm mt-3"
        disabled={drafts.length >= MAX_OPTION_GROUPS}
        onClick={() =>
          onChange([
            ...drafts,
            { key: newKey(), name: '', nameBn: '', min: digits(0), max: digits(1), values: [newValue()] },
          ])
        }
      >
        {t('menuAdmin.addGroup', 'Add option group')}
      </button>
    </fieldset>
  );
}
