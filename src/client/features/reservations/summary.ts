import type { Reservation } from '@shared/contract/reservations.ts';
import { localDigits } from '@shared/i18n/format.ts';
import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import { dayLabelInLanguage } from '@client/lib/clock.ts';

/** A booking's day as the restaurant writes it: "Sat 28 Nov" (issue 41: never "2026-11-28"), in the page's language. */
export const bookingDay = (r: Pick<Reservation, 'date'>, latinDigits = false): string =>
  dayLabelInLanguage(r.date, currentLanguage(), latinDigits);

/** A booking's day and time: "Sat 28 Nov at 19:30". */
export const bookingWhen = (r: Pick<Reservation, 'date' | 'time'>, latinDigits = false): string =>
  t('mine.dayAt', '{{day}} at {{time}}', {
    day: bookingDay(r, latinDigits),
    time: localDigits(r.time, currentLanguage(), latinDigits),
  });

/** "4 guests", "1 guest", in the page's language. */
export const guestCount = (n: number, latinDigits = false): string =>
  n === 1
    ? t('mine.oneGuest', '{{n}} guest', { n: localDigits('1', currentLanguage(), latinDigits) })
    : t('mine.manyGuests', '{{n}} guests', { n: localDigits(String(n), currentLanguage(), latinDigits) });

/** What a booking is, said back after it is made or changed: "Sat 28 Nov at 19:30 · 4 guests · table T7". */
export function bookingSummary(
  r: Pick<Reservation, 'date' | 'time' | 'partySize' | 'tables'>,
  latinDigits = false,
): string {
  const tables = r.tables.map((table) => table.name).join(' + ');
  return `${bookingWhen(r, latinDigits)} · ${guestCount(r.partySize, latinDigits)}${tables ? ` · ${t('mine.tableNames', 'table {{tables}}', { tables })}` : ''}`;
}
