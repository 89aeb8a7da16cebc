import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { type ReactNode, useId, useState } from 'react';
import { depositExplanation } from '@shared/domain/deposits.ts';
import { t } from '@shared/i18n/i18n.ts';
import { typedNumber } from '@shared/i18n/format.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { NumberInput } from '@client/components/ui/number-input.tsx';

/**
 * The settings page's sections and fields (docs/reference/operations.md "Restaurant settings"): the frame and
 * field every section uses, and the deposit and billing sections with their own state.
 */
type Draft = RestaurantSettings;

/** The form's problems, by the field's path ("billing.tax.dineIn"). */

export type Issues = Map<string, string>;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  // A field with a problem is marked by more than its message: a red bar beside it and its label in red.
  return (
    <div className={`flex flex-col gap-1 ${error ? 'rounded-sm border-l-4 border-error pl-2' : ''}`}>
      <label htmlFor={id} className={`text-sm font-semibold ${error ? 'text-error' : ''}`}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error !== undefined, ...(error ? { 'aria-describedby': `${id}-error` } : {}) })}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

export type Billing = Draft['billing'];

export type FieldMaker = (
  path: string,
  label: string,
  input: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode,
) => ReactNode;

export type Deposit = NonNullable<Draft['reservations']['deposit']>;

export const DEPOSIT_SUGGESTED: Deposit = { fromPartySize: 6, perCover: 10, refundableUntilMinutes: 24 * 60 };

/**
 * Deposits for large parties (docs/reference/ordering.md "Payments"): off, or from which party size, how much
 * a guest (the restaurant's currency, cents allowed) and until how long before the booking a
 * cancellation is refunded. What guests will be told is shown under the fields.
 */
export function DepositSection({
  deposit,
  currency,
  onChange,
  field,
}: {
  deposit: Deposit | undefined;
  currency: string;
  onChange: (deposit: Deposit | undefined) => void;
  field: FieldMaker;
}) {
  const number = (path: keyof Deposit, label: string, decimal: boolean) =>
    field(`reservations.deposit.${path}`, label, (props) => (
      <NumberInput
        {...props}
        decimal={decimal}
        min={0}
        className="input input-sm w-full"
        value={deposit ? deposit[path] : Number.NaN}
        onChange={(n) => deposit && onChange({ ...deposit, [path]: n })}
      />
    ));
  const valid =
    deposit &&
    [deposit.fromPartySize, deposit.perCover, deposit.refundableUntilMinutes].every((n) => Number.isFinite(n) && n > 0);
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 text-lg font-semibold">{t('settings.deposits', 'Deposits for large parties')}</legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="toggle toggle-sm"
          checked={deposit !== undefined}
          onChange={(e) => onChange(e.target.checked ? { ...DEPOSIT_SUGGESTED } : undefined)}
        />
        {t('settings.depositsOn', 'Large parties booking online pay a deposit')}
      </label>
      {deposit && (
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          {number('fromPartySize', t('settings.fromPartySize', 'From this many guests'), false)}
          {number('perCover', t('settings.perCover', 'Deposit per guest ({{currency}})', { currency }), true)}
          {number(
            'refundableUntilMinutes',
            t('settings.refundableUntil', 'Refunded if cancelled at least (minutes before)'),
            false,
          )}
        </div>
      )}
      {deposit && valid && (
        <p className="mt-3 text-sm text-base-content/70">
          {t(
            'settings.guestsAreTold',
            'Guests are told: {{explanation}} Phone bookings and walk-ins pay none; an unpaid deposit lets the table go after 15 minutes.',
            { explanation: depositExplanation(deposit, deposit.fromPartySize, currency) },
          )}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Billing (docs/reference/ordering.md "The bill"): the tax's name, number and whether prices include it, the
 * dine-in and takeaway rates, a rate per category (added and removed), the service charge, the
 * tips suggested and how much staff may take off a bill.
 */
export function BillingSection({
  billing,
  issues,
  onChange,
  field,
}: {
  billing: Billing;
  issues: Issues;
  onChange: (billing: Billing) => void;
  field: FieldMaker;
}) {
  const setB = <K extends keyof Billing>(key: K, value: Billing[K]) => onChange({ ...billing, [key]: value });
  const percentInput = (path: string, label: string, value: number, change: (n: number) => void) =>
    field(path, label, (props) => (
      <NumberInput {...props} decimal className="input input-sm w-full" value={value} onChange={change} />
    ));
  const { digits } = useNumbers();
  const [tips, setTips] = useState(digits(billing.tipSuggestions.join(', ')));
  const categoryIssue = [...issues.entries()].find(([path]) => path === 'billing.categoryRates')?.[1];
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 text-lg font-semibold">{t('settings.billing', 'Billing')}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {field('billing.taxName', t('settings.taxName', 'Tax name'), (props) => (
          <input
            {...props}
            className="input input-sm w-full"
            maxLength={20}
            value={billing.taxName}
            onChange={(e) => setB('taxName', e.target.value)}
          />
        ))}
        {field('billing.taxNumber', t('settings.taxNumber', 'Tax number'), (props) => (
          <input
            {...props}
            className="input input-sm w-full"
            value={billing.taxNumber}
            onChange={(e) => setB('taxNumber', e.target.value)}
          />
        ))}
        <label className="flex items-center gap-2 sm:col-span-2">
          <input
            type="checkbox"
            className="toggle toggle-sm"
            checked={billing.taxInclusive}
            onChange={(e) => setB('taxInclusive', e.target.checked)}
          />
          {t('settings.taxInclusive', 'Prices include the tax')}
        </label>
        {percentInput(
          'billing.rates.dineIn',
          t('settings.rateDineIn', 'Tax rate, dine-in (%)'),
          billing.rates.dineIn,
          (n) => setB('rates', { ...billing.rates, dineIn: n }),
        )}
        {percentInput(
          'billing.rates.takeaway',
          t('settings.rateTakeaway', 'Tax rate, takeaway (%)'),
          billing.rates.takeaway,
          (n) => setB('rates', { ...billing.rates, takeaway: n }),
        )}
        {percentInput(
          'billing.serviceChargePercent',
          t('settings.serviceCharge', 'Service charge, dine-in (%)'),
          billing.serviceChargePercent,
          (n) => setB('serviceChargePercent', n),
        )}
        {percentInput(
          'billing.staffDiscountMaxPercent',
          t('settings.staffDiscountMax', 'Most staff may take off a bill (%)'),
          billing.staffDiscountMaxPercent,
          (n) => setB('staffDiscountMaxPercent', n),
        )}
        {field(
          'billing.tipSuggestions',
          t('settings.tipSuggestions', 'Tips suggested (%, separated by commas)'),
          (props) => (
            <input
              {...props}
              className="input input-sm w-full"
              inputMode="decimal"
              value={tips}
              onChange={(e) => {
                setTips(e.target.value);
                setB(
                  'tipSuggestions',
                  e.target.value
                    .split(',')
                    .map((tip) => tip.trim())
                    .filter((tip) => tip !== '')
                    .map(typedNumber),
                );
              }}
            />
          ),
        )}
      </div>
      <fieldset className="mt-4">
        <legend className="font-semibold">{t('settings.rateByCategory', 'Tax rate by category')}</legend>
        <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {Object.entries(billing.categoryRates).map(([name, rate]) => (
            <li key={name} className="flex items-end gap-2">
              <div className="flex-1">
                {percentInput(`billing.categoryRates.${name}`, `${name} (%)`, rate, (n) =>
                  setB('categoryRates', { ...billing.categoryRates, [name]: n }),
                )}
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  const { [name]: _gone, ...rest } = billing.categoryRates;
                  setB('categoryRates', rest);
                }}
              >
                {t('settings.remove', 'Remove')}
                <span className="sr-only"> {t('settings.theRateOf', 'the rate of {{name}}', { name })}</span>
              </button>
            </li>
          ))}
        </ul>
        {categoryIssue ? <p className="text-sm text-error">{categoryIssue}</p> : null}
        <CategoryRateAdder onAdd={(name, rate) => setB('categoryRates', { ...billing.categoryRates, [name]: rate })} />
      </fieldset>
    </fieldset>
  );
}

export function CategoryRateAdder({ onAdd }: { onAdd: (name: string, rate: number) => void }) {
  const [name, setName] = useState('');
  const [rate, setRate] = useState('');
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1">
        <span className="text-sm">{t('accounts.category', 'Category')}</span>
        <input className="input input-sm" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm">{t('settings.rate', 'Rate (%)')}</span>
        <input
          className="input input-sm w-24"
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </label>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={name.trim() === '' || rate.trim() === ''}
        onClick={() => {
          onAdd(name.trim(), typedNumber(rate));
          setName('');
          setRate('');
        }}
      >
        {t('settings.addCategoryRate', 'Add category rate')}
      </button>
    </div>
  );
}
