import '@client/lib/zod-without-eval.ts';
import { MAX_OPTION_GROUPS, MAX_OPTION_VALUES } from '@shared/contract/catalog.ts';
import { groupRule } from '@shared/domain/option-choice.ts';
import { typedNumber } from '@shared/i18n/format.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { OptionGroupFields } from './option-group-fields.tsx';
import { OptionValueItem } from './option-value-item.tsx';
import { type GroupDraft, type OptionProblems, type ValueDraft, move, newKey } from './option-drafts.ts';

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
                <OptionGroupFields group={group} g={g} setGroup={setGroup} field={field} problem={problem} />
                {groupProblems(g)}
                <ol className="mt-3 flex flex-col gap-2">
                  {group.values.map((value, v) => (
                    <OptionValueItem
                      key={value.key}
                      group={group}
                      g={g}
                      value={value}
                      v={v}
                      label={label}
                      setGroup={setGroup}
                      setValue={setValue}
                      field={field}
                      problem={problem}
                    />
                  ))}
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
