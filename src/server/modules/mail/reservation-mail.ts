import type { Reservation } from '../../../shared/contract/reservations.ts';
import { timeOf } from '../../../shared/domain/clock-time.ts';
import { wallClockAt } from '../../../shared/domain/opening.ts';
import { type Writer, writerFor } from '../../../shared/i18n/format.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { type BranchPlace, placeName } from '../branches/branches.service.ts';
import { calendarEvent } from './icalendar.ts';
import type { OutgoingMail } from './outbox.ts';

export type ReservationChange = 'booked' | 'changed' | 'cancelled';

/**
 * The guest's confirmation of a booking, a change or a cancellation, with the event for their
 * calendar, in the guest's language (`language`: the one the booking was made in, else the
 * restaurant's; decision 049): subject, body and the event's summary and description. It is the
 * booking's branch's (`place`, docs/reference/branches.md "Guests"): its name, address, phone and
 * time zone; from the second branch on the name is said in the mail's language and the calendar
 * event's location names the branch before its address.
 */
export async function reservationMail(
  reservation: Reservation,
  change: ReservationChange,
  place: BranchPlace,
  language: Language | undefined,
  options: { from: string; host: string; now?: number },
): Promise<OutgoingMail | null> {
  if (!reservation.email) return null;
  const settings = place.settings;
  const w = await writerFor(language ?? settings.language, settings.latinDigits);
  const at = options.now ?? Date.now();
  const restaurant = placeName(place, w.language);
  const when = w.t('mail.when', '{{date}} at {{time}}', {
    date: w.digits(reservation.date),
    time: w.digits(reservation.time),
  });
  const guests =
    reservation.partySize === 1
      ? w.t('mail.oneGuest', '1 guest')
      : w.t('mail.guests', '{{n}} guests', { n: w.digits(reservation.partySize) });
  const subject =
    change === 'cancelled'
      ? w.t('mail.cancelledSubject', 'Cancelled: your table at {{restaurant}} on {{when}}', { restaurant, when })
      : change === 'changed'
        ? w.t('mail.changedSubject', 'Changed: your table at {{restaurant}} is now {{when}}, {{guests}}', {
            restaurant,
            when,
            guests,
          })
        : w.t('mail.bookedSubject', 'Table reserved at {{restaurant}}: {{when}}, {{guests}}', {
            restaurant,
            when,
            guests,
          });
  const lines = [
    w.t('mail.hello', 'Hello {{name}},', { name: reservation.name }),
    '',
    change === 'cancelled'
      ? w.t('mail.cancelledLead', 'Your reservation has been cancelled:')
      : change === 'changed'
        ? w.t('mail.changedLead', 'Your reservation has been changed. It is now:')
        : w.t('mail.bookedLead', 'Your table is reserved:'),
    '',
    `  ${when} (${settings.timeZone})`,
    `  ${w.t('mail.party', '{{guests}}, in the name of {{name}}', { guests, name: reservation.name })}`,
    ...(reservation.notes ? [`  ${w.t('mail.notes', 'Notes: {{notes}}', { notes: reservation.notes })}`] : []),
    ...depositLines(reservation, change, settings.timeZone, at, w).map((line) => `  ${line}`),
    '',
    `${restaurant}, ${settings.address}`,
    w.t('mail.phone', 'Phone: {{phone}}', { phone: settings.phone }),
    '',
    change === 'cancelled'
      ? w.t('mail.anotherTime', 'We hope to see you another time.')
      : w.t('mail.cancelOnline', 'You can cancel online until {{hours}} hours before; later, please call us.', {
          hours: w.digits(settings.reservations.cancelCutoffMinutes / 60),
        }),
  ];
  const organizer = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from;
  const ics = calendarEvent(
    {
      uid: `reservation-${reservation._id}@${options.host}`,
      // Each change of the booking outranks the one before it in the guest's calendar.
      sequence: Math.floor(at / 1000) - 1_700_000_000,
      startsAt: reservation.startsAt,
      endsAt: reservation.endsAt,
      summary: w.t('calendar.summary', 'Table at {{restaurant}} ({{guests}})', { restaurant, guests }),
      location: place.names ? `${restaurant}, ${settings.address}` : settings.address,
      description: lines.join('\n'),
      organizer,
      cancelled: change === 'cancelled',
      language: w.language,
    },
    new Date(at).toISOString(),
  );
  return { to: reservation.email, subject, text: lines.join('\n'), html: htmlOf(subject, lines, w.language), ics };
}

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The mail as a page: its lines as paragraphs (the indented ones as a block), in its language. */
function htmlOf(subject: string, lines: string[], language: Language): string {
  const body = lines
    .join('\n')
    .split(/\n{2,}/)
    .map(
      (block) =>
        `<p>${block
          .split('\n')
          .map((line) => escape(line.trim()))
          .join('<br>')}</p>`,
    )
    .join('\n');
  return `<!doctype html>\n<html lang="${language}">\n<head><meta charset="utf-8"><title>${escape(subject)}</title></head>\n<body style="font-family: 'Noto Sans Bengali', 'Noto Sans', Arial, sans-serif; line-height: 1.5">\n${body}\n</body>\n</html>\n`;
}

/**
 * The deposit, when the booking has one (issue 48, point 3): its amount and what becomes of it,
 * true at the time of the mail ("not refundable" once inside the refund window).
 */
function depositLines(
  reservation: Reservation,
  change: ReservationChange,
  timeZone: string,
  now: number,
  w: Writer,
): string[] {
  const deposit = reservation.deposit;
  if (!deposit) return [];
  const amount = w.money(deposit.amount, deposit.currency);
  const at = (instant: string) => {
    const local = wallClockAt(Date.parse(instant), timeZone);
    return w.t('mail.when', '{{date}} at {{time}}', {
      date: w.digits(local.date),
      time: w.digits(timeOf(local.minutes)),
    });
  };
  const refundable = deposit.refundableUntil !== null && now < Date.parse(deposit.refundableUntil);
  if (deposit.status === 'refunded') return [w.t('mail.depositRefunded', 'Deposit: {{amount}}, refunded.', { amount })];
  if (deposit.status === 'partially_refunded')
    return [
      w.t('mail.depositPartlyRefunded', 'Deposit: {{amount}}, {{refunded}} refunded.', {
        amount,
        refunded: w.money(deposit.refunded, deposit.currency),
      }),
    ];
  if (deposit.status === 'pending') {
    return [
      deposit.dueBy
        ? w.t('mail.depositDueBy', 'Deposit: {{amount}}, due by {{when}} to confirm this booking.', {
            amount,
            when: at(deposit.dueBy),
          })
        : w.t('mail.depositDue', 'Deposit: {{amount}}, due to confirm this booking.', { amount }),
    ];
  }
  if (deposit.status !== 'succeeded') return [w.t('mail.depositNotPaid', 'Deposit: {{amount}}, not paid.', { amount })];
  if (change === 'cancelled') {
    return [
      refundable
        ? w.t('mail.depositRefunded', 'Deposit: {{amount}}, refunded.', { amount })
        : w.t('mail.depositKept', 'Deposit: {{amount}}, kept: the booking was cancelled inside the refund window.', {
            amount,
          }),
    ];
  }
  return [
    w.t('mail.depositPaid', 'Deposit: {{amount}}, paid; it counts on your bill.', { amount }),
    refundable && deposit.refundableUntil !== null
      ? w.t('mail.depositRefundable', 'It is refunded if you cancel before {{when}}; after that it is kept.', {
          when: at(deposit.refundableUntil),
        })
      : w.t('mail.depositNotRefundable', 'It is not refundable: a cancellation now, or not coming, keeps it.'),
  ];
}
