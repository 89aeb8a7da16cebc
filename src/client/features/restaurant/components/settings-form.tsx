import '@client/lib/zod-without-eval.ts';
import { type RestaurantSettings, restaurantSettingsSchema } from '@shared/contract/restaurant.ts';
import { WEEKDAY_NAMES, weekdayName } from '@shared/domain/opening.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '@client/lib/api-client.ts';
import { useFocusFirstProblem } from '@client/lib/use-focus-first-problem.ts';
import { checkWith } from '@client/lib/form-check.ts';
import { confirmAction, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput } from '@client/components/ui/number-input.tsx';
import { useUpdateRestaurant } from '../api/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';
import { LANGUAGES, LANGUAGE_NAMES } from '@shared/i18n/languages.ts';
import { type Issues, Section, Field, DepositSection, BillingSection } from './settings-sections.tsx';

/**
 * The admins' "Settings" page (docs/reference/operations.md "Restaurant settings"): the restaurant's name and
 * contact, opening hours and closed dates, the reservation rules, the kitchen's capacity and
 * the fulfilment options and billing (taxes, service charge, tips, the staff discount limit). Checked here with the server's own schema, every problem shown next
 * to its field in the page's language (client/lib/form-check.ts); the server has the last word, and a refusal naming a field ("billing.rates.dineIn:
 * must be at most 100") is shown beside that field too. The busy controls are the kitchen's (they change
 * during service), so saving this page never overwrites them.
 */

type Draft = RestaurantSettings;
/** A number field: its key, its label, and its step where it takes decimals (whole numbers otherwise). */
type NumberField<K extends 'reservations' | 'kitchen' | 'fulfilment'> = [keyof Draft[K] & string, string, number?];
const reservationFields = (): NumberField<'reservations'>[] => [
  ['slotMinutes', t('settings.reservations.slotMinutes', 'Slot length (minutes)')],
  ['leadMinutes', t('settings.reservations.leadMinutes', 'Book at least this many minutes ahead')],
  ['horizonDays', t('settings.reservations.horizonDays', 'Book up to this many days ahead')],
  ['maxPartySize', t('settings.reservations.maxPartySize', 'Largest party online')],
  ['cancelCutoffMinutes', t('settings.reservations.cancelCutoffMinutes', 'Guests may cancel until (minutes before)')],
  ['coversPerSlot', t('settings.reservations.coversPerSlot', 'Most guests arriving per slot')],
  ['lastSeatingMinutes', t('settings.reservations.lastSeatingMinutes', 'Last seating (minutes before closing)')],
];
const kitchenFields = (): NumberField<'kitchen'>[] => [
  ['bucketMinutes', t('settings.kitchen.bucketMinutes', 'Kitchen slot (minutes)')],
  ['unitsPerBucket', t('settings.kitchen.unitsPerBucket', 'Portions the kitchen cooks per slot')],
  ['prepMinutes', t('settings.kitchen.prepMinutes', 'Minutes to cook an order')],
  ['unitsPerCover', t('settings.kitchen.unitsPerCover', 'Portions per seated guest'), 0.1],
  ['firstCourseMinutes', t('settings.kitchen.firstCourseMinutes', "Minutes from seating to a table's first course")],
  ['warnMinutes', t('settings.kitchen.warnMinutes', 'Warn the kitchen this many minutes before a promise')],
];
const fulfilmentFields = (): NumberField<'fulfilment'>[] => [
  ['deliveryMinutes', t('settings.fulfilment.deliveryMinutes', 'Delivery takes (minutes)')],
  // Amounts may carry cents (docs/reference/ordering.md "Money that agrees on every screen").
  ['deliveryFee', t('settings.fulfilment.deliveryFee', 'Delivery fee'), 0.01],
  ['deliveryMinimum', t('settings.fulfilment.deliveryMinimum', 'Smallest delivery order'), 0.01],
];

/** The draft's problems by path, in the page's language and digits ("সর্বোচ্চ ১০০ হতে পারে"). */
const issuesOf = (draft: Draft, digits: (text: string) => string): Issues =>
  checkWith(restaurantSettingsSchema, draft, digits).problems;

/** What saving another currency does, said before it is saved: amounts are relabelled, none converted. */
const currencyChangeText = (from: string, to: string) =>
  t(
    'settings.currencyChange',
    'Saving changes the currency from {{from}} to {{to}}: every price keeps its number and is written in {{to}} (nothing is converted), so set the menu prices in {{to}} too. Bills already opened keep {{from}}, on their receipts too.',
    { from, to },
  );

export function SettingsForm({ settings }: { settings: RestaurantSettings }) {
  const [draft, setDraft] = useState<Draft>(settings);
  const [issues, setIssues] = useState<Issues>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateRestaurant();
  const { number, digits } = useNumbers();
  // Asked on a refused save: the first problem in the page's order is focused and brought into view.
  const { ref: form, focusFirst } = useFocusFirstProblem();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setIn = <K extends 'reservations' | 'kitchen' | 'fulfilment'>(group: K, key: keyof Draft[K], value: unknown) =>
    setDraft((d) => ({ ...d, [group]: { ...d[group], [key]: value } }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = issuesOf(draft, digits);
    setIssues(found);
    if (found.size > 0) {
      focusFirst();
      return;
    }
    // A new currency relabels amounts and converts none: said beside the field, and asked before saving (issue 58).
    if (
      draft.currency !== settings.currency &&
      !(await confirmAction(
        t('settings.changeCurrencyQuestion', 'Change the currency to {{currency}}?', { currency: draft.currency }),
        currencyChangeText(settings.currency, draft.currency),
        t('settings.yesChangeCurrency', 'Yes, change the currency'),
      ))
    )
      return;
    const { extraDelayMinutes: _delay, acceptingOrders: _accepting, pausedUntil: _until, ...kitchen } = draft.kitchen;
    // A category taken off the list is removed by sending it as null (PATCH merges categoryRates).
    const removed = Object.fromEntries(
      Object.keys(settings.billing.categoryRates)
        .filter((name) => !(name in draft.billing.categoryRates))
        .map((name) => [name, null]),
    );
    try {
      // Deposits switched off are sent as null (PATCH merges reservations; absent would keep them).
      await update.mutateAsync({
        ...draft,
        reservations: { ...draft.reservations, deposit: draft.reservations.deposit ?? null },
        kitchen,
        billing: { ...draft.billing, categoryRates: { ...removed, ...draft.billing.categoryRates } },
      });
      void showDone(t('settings.saved', 'The settings have been saved'));
    } catch (error) {
      // The server's 400 names its field ("billing.rates.dineIn: must be at most 100"): shown beside it.
      const named =
        error instanceof ApiError && error.status === 400 ? /^([\w.]+): (.+)$/.exec(error.serverMessage ?? '') : null;
      if (named?.[1] && named[2]) {
        setIssues(new Map([[named[1], digits(named[2])]]));
        focusFirst();
      } else setFailure(errorMessage(error, t('settings.theSettings', 'the settings')));
    }
  }

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
        {field('name', t('settings.name', 'Name'), (props) => (
          <input
            {...props}
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
            checked={draft.latinDigits}
            onChange={(e) => set('latinDigits', e.target.checked)}
          />
          {t('settings.latinDigits', 'Bangla with Latin digits (0-9)')}
        </label>
      </Section>

      <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
        <legend className="px-1 text-lg font-semibold">{t('settings.openingHours', 'Opening hours')}</legend>
        <ul className="flex flex-col gap-2">
          {draft.openingHours.map((span, index) => (
            // A phone: the day, then its times and Remove on one line; wider: one line each.
            <li
              key={index}
              className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 border-b border-base-200 pb-3 sm:grid-cols-[10rem_7rem_7rem_auto_1fr] sm:border-0 sm:pb-0"
            >
              <label className="col-span-3 flex flex-col gap-1 sm:col-span-1">
                <span className="text-sm">{t('reports.day', 'Day')}</span>
                <select
                  className="select select-sm w-full"
                  value={span.day}
                  onChange={(e) =>
                    set(
                      'openingHours',
                      draft.openingHours.map((s, i) => (i === index ? { ...s, day: Number(e.target.value) } : s)),
                    )
                  }
                >
                  {WEEKDAY_NAMES.map((name, day) => (
                    <option key={name} value={day}>
                      {weekdayName(day)}
                    </option>
                  ))}
                </select>
              </label>
              {(['open', 'close'] as const).map((edge) => (
                <label key={edge} className="flex flex-col gap-1">
                  <span className="text-sm">
                    {edge === 'open' ? t('settings.opens', 'Opens') : t('settings.closes', 'Closes')}
                  </span>
                  <input
                    className="input input-sm w-full"
                    pattern="[0-9]{2}:[0-9]{2}"
                    placeholder={t('settings.timePlaceholder', 'HH:MM')}
                    aria-invalid={issues.has(`openingHours.${index}.${edge}`) || issues.has(`openingHours.${index}`)}
                    value={span[edge]}
                    onChange={(e) =>
                      set(
                        'openingHours',
                        draft.openingHours.map((s, i) => (i === index ? { ...s, [edge]: e.target.value.trim() } : s)),
                      )
                    }
                  />
                </label>
              ))}
              <button
                type="button"
                className="btn btn-ghost btn-sm justify-self-start"
                onClick={() =>
                  set(
                    'openingHours',
                    draft.openingHours.filter((_, i) => i !== index),
                  )
                }
              >
                {t('settings.remove', 'Remove')}
                <span className="sr-only">
                  {' '}
                  {weekdayName(span.day)} {span.open}–{span.close}
                </span>
              </button>
              {(issues.get(`openingHours.${index}.close`) ??
                issues.get(`openingHours.${index}.open`) ??
                issues.get(`openingHours.${index}`)) && (
                <p className="col-span-3 text-sm text-error sm:col-span-5">
                  {issues.get(`openingHours.${index}.close`) ??
                    issues.get(`openingHours.${index}.open`) ??
                    issues.get(`openingHours.${index}`)}
                </p>
              )}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-outline btn-sm mt-3"
          onClick={() => set('openingHours', [...draft.openingHours, { day: 1, open: '11:00', close: '23:00' }])}
        >
          {t('settings.addOpeningHours', 'Add opening hours')}
        </button>
      </fieldset>

      <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
        <legend className="px-1 text-lg font-semibold">{t('settings.closedDates', 'Closed dates')}</legend>
        <ul className="flex flex-wrap gap-2">
          {draft.closedDates.map((date) => (
            <li key={date} className="badge badge-outline gap-2 py-3">
              {digits(date)}
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() =>
                  set(
                    'closedDates',
                    draft.closedDates.filter((d) => d !== date),
                  )
                }
              >
                ✕
                <span className="sr-only">
                  {t('settings.openAgainOn', 'Open again on {{date}}', { date: digits(date) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <ClosedDateAdder
          onAdd={(date) => !draft.closedDates.includes(date) && set('closedDates', [...draft.closedDates, date].sort())}
        />
      </fieldset>

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
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={update.isPending}
        aria-busy={update.isPending}
      >
        {t('settings.save', 'Save settings')}
      </button>
    </form>
  );
}

function ClosedDateAdder({ onAdd }: { onAdd: (date: string) => void }) {
  const [date, setDate] = useState('');
  return (
    <div className="mt-3 flex items-end gap-2">
      <label className="flex flex-col gap-1">
        <span className="text-sm">{t('settings.closeOn', 'Close on')}</span>
        <input type="date" className="input input-sm" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={!date}
        onClick={() => date && (onAdd(date), setDate(''))}
      >
        {t('settings.addClosedDate', 'Add closed date')}
      </button>
    </div>
  );
}
