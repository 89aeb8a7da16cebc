import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import type { GroupDraft } from './option-drafts.ts';
import { isRightPrice } from './use-branch-offers.ts';

/**
 * One branch's prices of the dish's option values, in the dish dialog's group of that branch
 * (branch-offers-fields.tsx, decision 068): a "price here" per value already on the menu (a value
 * added in the dialog has none until the dish is saved), each named with its value, its group and
 * the branch. Empty: the brand's price, shown as the field's placeholder as typed in the dialog.
 */
export function BranchValuePrices({
  groups,
  prices,
  onChange,
  branchName,
  sign,
  idPrefix,
  busy,
  problemId,
}: {
  /** The dish's option groups as the dialog holds them (their brand prices as typed). */
  groups: readonly GroupDraft[];
  /** The branch's own prices as typed, by value id ('' or none: the brand's). */
  prices: Record<string, string>;
  onChange: (prices: Record<string, string>) => void;
  branchName: string;
  sign: string;
  idPrefix: string;
  busy: boolean;
  /** The id of the branch's problem when one shows. */
  problemId: string | undefined;
}) {
  const { number } = useNumbers();
  const named = groups
    .map((group, g) => ({
      group,
      label: group.name.trim() || t('menuAdmin.groupN', 'group {{n}}', { n: number(g + 1) }),
      values: group.values.flatMap((value, v) => (value._id === undefined ? [] : [{ value, id: value._id, v }])),
    }))
    .filter((entry) => entry.values.length > 0);
  if (named.length === 0) return null;
  const hintId = `${idPrefix}-values-hint`;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm">{t('menuAdmin.optionPricesHere', 'Option prices here')}</legend>
      {named.map(({ group, label, values }) => (
        <div key={group.key} className="flex flex-col gap-1">
          <span className="text-xs font-medium text-base-content/70">{label}</span>
          {values.map(({ value, id, v }) => {
            const inputId = `${idPrefix}-value-${id}`;
            const typed = prices[id] ?? '';
            const name = value.name.trim() || t('menuAdmin.valueN', 'value {{n}}', { n: number(v + 1) });
            return (
              <div key={value.key} className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-center gap-2">
                <label htmlFor={inputId} className="text-sm break-words">
                  {name}
                </label>
                <div className="input input-sm w-full">
                  <span aria-hidden="true">{sign}</span>
                  <input
                    id={inputId}
                    inputMode="decimal"
                    value={typed}
                    placeholder={value.price}
                    disabled={busy}
                    aria-label={t('menuAdmin.valuePriceHere', '{{value}} ({{group}}): price here at {{branch}}', {
                      value: name,
                      group: label,
                      branch: branchName,
                    })}
                    aria-invalid={problemId && !isRightPrice(typed) ? true : undefined}
                    aria-describedby={`${hintId}${problemId ? ` ${problemId}` : ''}`}
                    onChange={(e) => onChange({ ...prices, [id]: e.target.value })}
                  />
                </div>
              </div>
            );
          })}
        </div>
      ))}
      <span id={hintId} className="text-xs text-base-content/70">
        {t('menuAdmin.emptyBrandValuePrice', 'Empty: the brand’s price, shown faintly in the field.')}
      </span>
    </fieldset>
  );
}
