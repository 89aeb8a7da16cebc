import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { WEEKDAY_NAMES, weekdayName } from '@shared/domain/opening.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { useState } from 'react';
import { t } from '@shared/i18n/i18n.ts';
import type { Issues } from './settings-sections.tsx';

/**
 * The settings page's opening hours and closed dates (docs/reference/operations.md "Restaurant settings"):
 * each a list the admin adds to and removes from, handed back whole on every change.
 */
type Draft = RestaurantSettings;

export function OpeningHoursSection({
  openingHours,
  issues,
  onChange,
}: {
  openingHours: Draft['openingHours'];
  issues: Issues;
  onChange: (openingHours: Draft['openingHours']) => void;
}) {
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 text-lg font-semibold">{t('settings.openingHours', 'Opening hours')}</legend>
      <ul className="flex flex-col gap-2">
        {openingHours.map((span, index) => (
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
                  onChange(openingHours.map((s, i) => (i === index ? { ...s, day: Number(e.target.value) } : s)))
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
                    onChange(openingHours.map((s, i) => (i === index ? { ...s, [edge]: e.target.value.trim() } : s)))
                  }
                />
              </label>
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm justify-self-start"
              onClick={() => onChange(openingHours.filter((_, i) => i !== index))}
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
        onClick={() => onChange([...openingHours, { day: 1, open: '11:00', close: '23:00' }])}
      >
        {t('settings.addOpeningHours', 'Add opening hours')}
      </button>
    </fieldset>
  );
}

export function ClosedDatesSection({
  closedDates,
  onChange,
}: {
  closedDates: Draft['closedDates'];
  onChange: (closedDates: Draft['closedDates']) => void;
}) {
  const { digits } = useNumbers();
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 text-lg font-semibold">{t('settings.closedDates', 'Closed dates')}</legend>
      <ul className="flex flex-wrap gap-2">
        {closedDates.map((date) => (
          <li key={date} className="badge badge-outline gap-2 py-3">
            {digits(date)}
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => onChange(closedDates.filter((d) => d !== date))}
            >
              ✕
              <span className="sr-only">
                {t('settings.openAgainOn', 'Open again on {{date}}', { date: digits(date) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ClosedDateAdder onAdd={(date) => !closedDates.includes(date) && onChange([...closedDates, date].sort())} />
    </fieldset>
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
