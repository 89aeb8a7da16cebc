/**
 * The booking form's "Time" fieldset: the day's times as buttons (those gone already folded away),
 * or why there are none, with the next day the restaurant opens.
 */
import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import { localDigits } from '@shared/i18n/format.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import type { Slot } from '@shared/domain/availability.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { dayLabelInLanguage } from '@client/lib/clock.ts';
import { isGone, reasonText } from './booking-times.ts';
import type { Booking } from './use-booking.ts';

export function TimeFieldset({ settings, booking }: { settings: RestaurantSettings; booking: Booking }) {
  const { number, time, partySize, closed, slots, ids, choose, gone, freeCount, nextDay } = booking;
  const slotButton = (slot: Slot) => (
    <button
      key={slot.startsAt}
      type="button"
      className={`btn btn-sm min-w-20 ${slot.time === time && slot.available ? 'btn-primary' : 'btn-outline'}`}
      aria-pressed={slot.time === time && slot.available}
      disabled={!slot.available}
      title={slot.reason ? reasonText(slot.reason) : undefined}
      onClick={() => choose({ time: slot.time })}
    >
      {localDigits(slot.time, currentLanguage(), settings.latinDigits)}
      {slot.reason && <span className="text-xs font-normal">({reasonText(slot.reason)})</span>}
    </button>
  );
  const tryNextDay = nextDay && (
    <button
      type="button"
      className="btn btn-sm btn-outline mb-3 mt-1"
      onClick={() => choose({ date: nextDay, time: null })}
    >
      {t('booking.tryDay', 'Try {{day}}', {
        day: dayLabelInLanguage(nextDay, currentLanguage(), settings.latinDigits),
      })}
    </button>
  );

  return (
    <fieldset aria-describedby={ids.times}>
      <legend className="mb-2 font-semibold">{t('booking.time', 'Time')}</legend>
      {closed ? (
        <>
          <p id={ids.times} role="status" className="font-medium">
            {t('booking.closedOnThisDay', 'Closed on this day')}
          </p>
          {tryNextDay}
        </>
      ) : slots.isError ? (
        <QueryError
          what="the free times"
          error={slots.error}
          onRetry={() => void slots.refetch()}
          retrying={slots.isFetching}
        />
      ) : slots.isPending ? (
        <Spinner label={t('booking.findingFreeTables', 'Finding free tables')} className="py-6" />
      ) : slots.data.length === 0 ? (
        <>
          <p id={ids.times} role="status">
            {t('booking.noTimesCanBeBooked', 'No times can be booked on this day.')}
          </p>
          {tryNextDay}
        </>
      ) : (
        <>
          <p id={ids.times} className="mb-2 text-sm text-base-content/70">
            {freeCount === 0
              ? t('booking.noFreeTimesLeft', 'No free times left')
              : freeCount === 1
                ? t('booking.oneFreeTime', '1 free time')
                : t('booking.freeTimes', '{{number}} free times', { number: number(freeCount) })}
            {partySize === 1
              ? t('booking.forOneGuest', ' for 1 guest on this day.')
              : t('booking.forGuests', ' for {{party}} guests on this day.', { party: number(partySize) })}
          </p>
          {tryNextDay}
          {gone.length > 0 && (
            <details className="mb-2">
              <summary className="cursor-pointer text-sm text-base-content/70">
                {gone.length === 1
                  ? t('booking.oneEarlierTime', '1 earlier time (past or too soon)')
                  : t('booking.earlierTimes', '{{n}} earlier times (past or too soon)', { n: number(gone.length) })}
              </summary>
              <div className="mt-2 flex flex-wrap gap-2">{gone.map(slotButton)}</div>
            </details>
          )}
          <div className="flex flex-wrap gap-2">{slots.data.filter((slot) => !isGone(slot)).map(slotButton)}</div>
        </>
      )}
    </fieldset>
  );
}
