import '@client/lib/zod-without-eval.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { useHeldBranches } from '@client/data/account-role.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import type { ReactNode } from 'react';
import { NumberInput } from '@client/components/ui/number-input.tsx';
import { t } from '@shared/i18n/i18n.ts';
import { LANGUAGES, LANGUAGE_NAMES } from '@shared/i18n/languages.ts';
import { Section, Field, DepositSection, BillingSection } from './settings-sections.tsx';
import {
  type Draft,
  type NumberField,
  currencyChangeText,
  fulfilmentFields,
  kitchenFields,
  reservationFields,
} from './settings-draft.ts';
import { OpeningHoursSection, ClosedDatesSection } from './settings-hours.tsx';
import { useSettingsForm } from './use-settings-form.ts';

/**
 * The admins' "Settings" page (docs/reference/operations.md "Restaurant settings"): the restaurant's name and
 * contact, opening hours and closed dates, the reservation rules, the kitchen's capacity and
 * the fulfilment options and billing (taxes, service charge, tips, the staff discount limit). Checked here with the server's own schema, every problem shown next
 * to its field in the page's language (client/lib/form-check.ts); the server has the last word, and a refusal naming a field ("billing.rates.dineIn:
 * must be at most 100") is shown beside that field too. The busy controls are the kitchen's (they change
 * during service), so saving this page never overwrites them.
 */

export function SettingsForm({ settings }: { settings: RestaurantSettings }) {
  const { draft, issues, failure, pending, form, set, setIn, submit } = useSettingsForm(settings);
  const { number } = useNumbers();
  // The brand's fields are its admins' (the server refuses a change by a branch's): shown, not editable.
  const branchAdmin = useHeldBranches(true) !== null;

  const field = (
    path: string,
    label: string,
    input: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode,
  ) => (
    <Field key={path} label={label} error={issues.get(path)}>
      {input}
    </Field>
  );
  const numberInput = <K extends 'reservations' | 'kitchen' | 'fulfilment'>(
    group: K,
    [key, label, step]: NumberField<K>,
  ) =>
    field(`${group}.${key}`, label, (props) => (
      <NumberInput
        {...props}
        decimal={step !== undefined}
        min={0}
        className="input input-sm w-full"
        value={draft[group][key] as number}
        onChange={(n) => setIn(group, key, n)}
      />
    ));

  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <Section title={t('settings.theRestaurant', 'The restaurant')}>
        {branchAdmin ? (
          <p className="text-sm text-base-content/80">
            {t(
              'settings.brandFields',
              "The name, currency, language and digits are the brand's, the same at every branch: only the brand's administrators change them.",
            )}
          </p>
        ) : null}
        {field('name', t('settings.name', 'Name'), (props) => (
          <input
            {...props}
            readOnly={branchAdmin}
            className="input input-sm w-full"
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
          />
        ))}
        {field('address', t('settings.address', 'Address'), (props) => (
          <input
            {...props}
            className="input input-sm w-full"
            value={draft.address}
            onChange={(e) => set('address', e.target.value)}
          />
        ))}
        {field('phone', t('settings.phone', 'Phone'), (props) => (
          <input
            {...props}
            type="tel"
            className="input input-sm w-full"
            value={draft.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        ))}
        {field('timeZone', t('settings.timeZone', 'Time zone (e.g. Asia/Dhaka, UTC)'), (props) => (
          <input
            {...props}
            className="input input-sm w-full"
            value={draft.timeZone}
            onChange={(e) => set('timeZone', e.target.value.trim())}
          />
        ))}
        {field('currency', t('settings.currency', 'Currency (three letters)'), (props) => (
          <>
            <input
              {...props}
              aria-describedby={
                [props['aria-describedby'], draft.currency !== settings.currency ? 'currency-change' : undefined]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              className="input input-sm w-full"
              readOnly={branchAdmin}
              maxLength={3}
              value={draft.currency}
              onChange={(e) => set('currency', e.target.value.toUpperCase())}
            />
            {draft.currency !== settings.currency && /^[A-Z]{3}$/.test(draft.currency) ? (
              <p id="currency-change" className="rounded-sm border-l-4 border-warning pl-2 text-sm">
                {currencyChangeText(settings.currency, draft.currency)}
              </p>
            ) : null}
          </>
        ))}
        {field('language', t('settings.language', 'Language of the restaurant'), (props) => (
          <select
            {...props}
            disabled={branchAdmin}
            className="select select-sm w-full"
            value={draft.language}
            onChange={(e) => set('language', e.target.value as Draft['language'])}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        ))}
        <label className="label gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            disabled={branchAdmin}
            checked={draft.latinDigits}
            onChange={(e) => set('latinDigits', e.target.checked)}
          />
          {t('settings.latinDigits', 'Bangla with Latin digits (0-9)')}
        </label>
      </Section>

      <OpeningHoursSection
        openingHours={draft.openingHours}
        issues={issues}
        onChange={(openingHours) => set('openingHours', openingHours)}
      />

      <ClosedDatesSection closedDates={draft.closedDates} onChange={(closedDates) => set('closedDates', closedDates)} />

      <Section title={t('dashboard.nav.reservations', 'Reservations')}>
        {reservationFields().map((f) => numberInput('reservations', f))}
      </Section>
      <DepositSection
        deposit={draft.reservations.deposit}
        currency={draft.currency}
        onChange={(deposit) => setIn('reservations', 'deposit', deposit)}
        field={field}
      />
      <Section title={t('dashboard.nav.kitchen', 'Kitchen')}>
        {kitchenFields().map((f) => numberInput('kitchen', f))}
      </Section>
      <Section title={t('settings.fulfilmentTitle', 'Fulfilment')}>
        {(['dineIn', 'pickup', 'delivery'] as const).map((key) => (
          <label key={key} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="toggle toggle-sm"
              checked={draft.fulfilment[key]}
              onChange={(e) => setIn('fulfilment', key, e.target.checked)}
            />
            {
              {
                dineIn: t('settings.dineInOrders', 'Dine-in orders'),
                pickup: t('settings.pickupOrders', 'Pick-up orders'),
                delivery: t('settings.deliveryOrders', 'Delivery orders'),
              }[key]
            }
          </label>
        ))}
        {fulfilmentFields().map((f) => numberInput('fulfilment', f))}
      </Section>

      <BillingSection
        billing={draft.billing}
        issues={issues}
        onChange={(billing) => set('billing', billing)}
        field={field}
      />

      {(failure || issues.size > 0) && (
        <p role="alert" className="alert alert-error alert-soft">
          {failure ??
            (issues.size === 1
              ? t('settings.correctOne', 'Please correct the field marked in red: the first has the focus.')
              : t('settings.correctMany', 'Please correct the {{n}} fields marked in red: the first has the focus.', {
                  n: number(issues.size),
                }))}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={pending} aria-busy={pending}>
        {t('settings.save', 'Save settings')}
      </button>
    </form>
  );
}
