import type { Reservation } from '../../../shared/contract/reservations.ts';
import { timeOf } from '../../../shared/domain/clock-time.ts';
import { wallClockAt } from '../../../shared/domain/opening.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { calendarEvent } from './icalendar.ts';
import type { OutgoingMail } from './outbox.ts';

export type ReservationChange = 'booked' | 'changed' | 'cancelled';

/** The guest's confirmation of a booking, a change or a cancellation, with the event for their calendar. */
export function reservationMail(reservation: Reservation, change: ReservationChange, settings: RestaurantSettings, options: { from: string; host: string; now?: number }): OutgoingMail | null {
  if (!reservation.email) return null;
  const at = options.now ?? Date.now();
  const when = `${reservation.date} at ${reservation.time}`;
  const guests = `${reservation.partySize} ${reservation.partySize === 1 ? 'guest' : 'guests'}`;
  const subject =
    change === 'cancelled'
      ? `Cancelled: your table at ${settings.name} on ${when}`
      : change === 'changed'
        ? `Changed: your table at ${settings.name} is now ${when}, ${guests}`
        : `Table reserved at ${settings.name}: ${when}, ${guests}`;
  const lines = [
    `Hello ${reservation.name},`,
    '',
    change === 'cancelled' ? 'Your reservation has been cancelled:' : change === 'changed' ? 'Your reservation has been changed. It is now:' : 'Your table is reserved:',
    '',
    `  ${when} (${settings.timeZone})`,
    `  ${guests}, in the name of ${reservation.name}`,
    ...(reservation.notes ? [`  Notes: ${reservation.notes}`] : []),
    ...depositLines(reservation, change, settings.timeZone, at),
    '',
    `${settings.name}, ${settings.address}`,
    `Phone: ${settings.phone}`,
    '',
    change === 'cancelled'
      ? 'We hope to see you another time.'
      : `You can cancel online until ${settings.reservations.cancelCutoffMinutes / 60} hours before; later, please call us.`,
  ];
  const organizer = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from;
  const ics = calendarEvent({
    uid: `reservation-${reservation._id}@${options.host}`,
    // Each change of the booking outranks the one before it in the guest's calendar.
    sequence: Math.floor(at / 1000) - 1_700_000_000,
    startsAt: reservation.startsAt,
    endsAt: reservation.endsAt,
    summary: `Table at ${settings.name} (${guests})`,
    location: settings.address,
    description: lines.join('\n'),
    organizer,
    cancelled: change === 'cancelled',
  }, new Date(at).toISOString());
  return { to: reservation.email, subject, text: lines.join('\n'), ics };
}

/**
 * The deposit, when the booking has one (issue 48, point 3): its amount and what becomes of it,
 * true at the time of the mail ("not refundable" once inside the refund window).
 */
function depositLines(reservation: Reservation, change: ReservationChange, timeZone: string, now: number): string[] {
  const deposit = reservation.deposit;
  if (!deposit) return [];
  const amount = formatMoney(deposit.amount, deposit.currency);
  const at = (instant: string) => {
    const local = wallClockAt(Date.parse(instant), timeZone);
    return `${local.date} at ${timeOf(local.minutes)}`;
  };
  const refundable = deposit.refundableUntil !== null && now < Date.parse(deposit.refundableUntil);
  if (deposit.status === 'refunded') return [`  Deposit: ${amount}, refunded.`];
  if (deposit.status === 'partially_refunded') return [`  Deposit: ${amount}, ${formatMoney(deposit.refunded, deposit.currency)} refunded.`];
  if (deposit.status === 'pending') return [`  Deposit: ${amount}, due${deposit.dueBy ? ` by ${at(deposit.dueBy)}` : ''} to confirm this booking.`];
  if (deposit.status !== 'succeeded') return [`  Deposit: ${amount}, not paid.`];
  if (change === 'cancelled') return [`  Deposit: ${amount}, ${refundable ? 'refunded' : 'kept: the booking was cancelled inside the refund window'}.`];
  return [
    `  Deposit: ${amount}, paid; it counts on your bill.`,
    refundable && deposit.refundableUntil !== null
      ? `  It is refunded if you cancel before ${at(deposit.refundableUntil)}; after that it is kept.`
      : '  It is not refundable: a cancellation now, or not coming, keeps it.',
  ];
}
