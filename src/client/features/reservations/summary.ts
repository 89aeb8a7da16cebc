import type { Reservation } from '@shared/contract/reservations.ts';
import { dayLabel } from '@client/lib/clock.ts';

/** A booking's day as the restaurant writes it: "Sat 28 Nov" (issue 41: never "2026-11-28"). */
export const bookingDay = (r: Pick<Reservation, 'date'>): string => dayLabel(r.date);

/** What a booking is, said back after it is made or changed: "Sat 28 Nov at 19:30 · 4 guests · table T7". */
export function bookingSummary(r: Pick<Reservation, 'date' | 'time' | 'partySize' | 'tables'>): string {
  const tables = r.tables.map((t) => t.name).join(' + ');
  return `${bookingDay(r)} at ${r.time} · ${r.partySize} ${r.partySize === 1 ? 'guest' : 'guests'}${tables ? ` · table ${tables}` : ''}`;
}
