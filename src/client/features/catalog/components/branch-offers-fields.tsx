import { useId } from 'react';
import { useCurrencySign } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type BranchOffers, isRightPrice } from './use-branch-offers.ts';
import type { GroupDraft } from './option-drafts.ts';
import { BranchValuePrices } from './branch-value-prices.tsx';

/**
 * The dish dialog's branches (docs/reference/branches.md "Staff and the owner"), from the second
 * branch on: a group per branch, titled with its name, with "Offered here" and, for a dish already
 * on the menu, "Price here" (empty: the brand's price, shown as its placeholder), and the same for
 * each of its option values (branch-value-prices.tsx). A new dish is offered at every branch
 * unless unticked.
 */
export function BranchOffersFields({
  offers,
  brandPrice,
  options,
  isNew,
}: {
  offers: BranchOffers;
  /** The brand's price as typed in the dialog (the price fields' placeholder). */
  brandPrice: string;
  /** The dish's option groups as typed in the dialog (their values' brand prices are the placeholders). */
  options: readonly GroupDraft[];
  isNew: boolean;
}) {
  const sign = useCurrencySign();
  const id = useId();
  if (offers.branches.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t('menuAdmin.atTheBranches', 'At the branches')}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {offers.branches.map((branch, index) => {
          const offer = offers.offerAt(index, branch);
          const problem = offers.problems[branch._id];
          // The dish's price is marked with the problem unless the problem is a value's price only.
          const valueWrong = options.some((g) =>
            g.values.some((v) => v._id !== undefined && !isRightPrice(offer.values[v._id])),
          );
          const priceMarked = Boolean(problem) && (!isRightPrice(offer.price) || !valueWrong);
          const failure = offers.loadFailure(index);
          const busy = offers.loading(index);
          const key = `${id}-${index}`;
          return (
            <fieldset
              key={branch._id}
              className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
              aria-busy={busy || undefined}
            >
              <legend className="px-1 font-medium">{branch.name}</legend>
              {failure ? (
                <p role="alert" className="text-sm text-error">
                  {failure}
                </p>
              ) : (
                <>
                  <label className="flex min-h-8 items-center gap-2">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={offer.offered}
                      disabled={busy}
                      aria-invalid={problem && isNew ? true : undefined}
                      aria-describedby={problem ? `${key}-problem` : undefined}
                      onChange={(e) => offers.set(branch, { ...offer, offered: e.target.checked })}
                    />
                    {t('menuAdmin.offeredHere', 'Offered here')}
                  </label>
                  {!isNew && (
                    <div className="flex flex-col gap-1">
                      <label htmlFor={`${key}-price`} className="text-sm">
                        {t('menuAdmin.priceHere', 'Price here')}
                      </label>
                      <div className="input w-full">
                        <span aria-hidden="true">{sign}</span>
                        <input
                          id={`${key}-price`}
                          inputMode="decimal"
                          value={offer.price}
                          placeholder={brandPrice}
                          disabled={busy}
                          aria-invalid={priceMarked ? true : undefined}
                          aria-describedby={`${key}-hint${problem ? ` ${key}-problem` : ''}`}
                          onChange={(e) => offers.set(branch, { ...offer, price: e.target.value })}
                        />
                      </div>
                      <span id={`${key}-hint`} className="text-xs text-base-content/70">
                        {t('menuAdmin.emptyBrandPrice', 'Empty: the brand’s price, {{price}}', {
                          price: `${sign}${brandPrice}`,
                        })}
                      </span>
                    </div>
                  )}
                  {!isNew && (
                    <BranchValuePrices
                      groups={options}
                      prices={offer.values}
                      onChange={(values) => offers.set(branch, { ...offer, values })}
                      branchName={branch.name}
                      sign={sign}
                      idPrefix={key}
                      busy={busy}
                      problemId={problem ? `${key}-problem` : undefined}
                    />
                  )}
                  {problem && (
                    <span id={`${key}-problem`} className="text-sm font-medium text-error">
                      {problem}
                    </span>
                  )}
                </>
              )}
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
