import type { Reservation } from '../../../shared/contract/reservations.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { calendarEvent } from './icalendar.ts';
import type { OutgoingMail } from './outbox.ts';

export type ReservationChange = 'booked' | 'changed' | 'cancelled';

/** The guest's confirmation of a booking, a change or a cancellation, with the event for their calendar. */
export function reservationMail(reservation: Reservation, change: ReservationChange, settings: RestaurantSettings, options: { from: string; host: string }): OutgoingMail | null {
  if (!reservation.email) return null;
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
    sequence: Math.floor(Date.now() / 1000) - 1_700_000_000,
    startsAt: reservation.startsAt,
    endsAt: reservation.endsAt,
    summary: `Table at ${settings.name} (${guests})`,
    location: settings.address,
    description: lines.join('\n'),
    organizer,
    cancelled: change === 'cancelled',
  });
  return { to: reservation.email, subject, text: lines.join('\n'), ics };
}
