/**
 * What the booking form reads from a day and a time: why a time cannot be booked, whether it is gone
 * already, the next day the restaurant opens, whether a deposit is refunded, whether it is inside the cut-off.
 */
import { t } from '@shared/i18n/i18n.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import type { Slot } from '@shared/domain/availability.ts';
import { addDays, instantAtWallClock, opensOn } from '@shared/domain/opening.ts';
import { depositRefundable } from '@shared/domain/deposits.ts';
import { minutesOf } from '@shared/domain/clock-time.ts';

/** Why a time cannot be booked, read at render (the words follow the language). */
export const reasonText = (reason: NonNullable<Slot['reason']>): string =>
  ({
    past: t('booking.reasonPast', 'past'),
    'too soon': t('booking.reasonTooSoon', 'too soon'),
    full: t('booking.reasonFull', 'full'),
    'no table': t('booking.reasonNoTable', 'no table free'),
  })[reason];

/** A time that can no longer be booked today whatever the party: past, or inside the lead time. */
export const isGone = (slot: Slot) => slot.reason === 'past' || slot.reason === 'too soon';

/** The first day from `from` to `last` on which the restaurant opens. */
export function firstOpenDay(settings: RestaurantSettings, from: string, last: string): string | undefined {
  for (let day = from; day <= last; day = addDays(day, 1)) if (opensOn(settings, day)) return day;
  return undefined;
}

/** Whether a deposit paid now for `date` at `time` (the restaurant's clock) would still be refunded on a cancel. */
export function refundableNow(
  deposit: NonNullable<RestaurantSettings['reservations']['deposit']>,
  date: string,
  time: string,
  timeZone: string,
): boolean {
  return (
    !/^\d{2}:\d{2}$/.test(time) ||
    depositRefundable(deposit, instantAtWallClock(date, minutesOf(time), timeZone), Date.now())
  );
}

/** Whether a booking for `date` at `time` would start inside the cancel cut-off: then it cannot be changed online once made. */
export function insideCutoff(settings: RestaurantSettings, date: string, time: string): boolean {
  return (
    /^\d{2}:\d{2}$/.test(time) &&
    instantAtWallClock(date, minutesOf(time), settings.timeZone) - settings.reservations.cancelCutoffMinutes * 60_000 <=
      Date.now()
  );
}
