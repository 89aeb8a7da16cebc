import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import type { Reservation } from '@shared/contract/reservations.ts';
import { Link } from 'react-router';
import { showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { PATHS } from '@shared/paths.ts';
import { type FormEvent, useState } from 'react';
import { useAvailability, useChangeReservation } from '../api/reservations.ts';
import { useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { todayIn } from '@client/lib/clock.ts';
import { addDays } from '@shared/domain/wall-clock.ts';
import { bookingDay, bookingSummary, bookingWhen } from '../summary.ts';
import { formatMoney } from '@shared/format-money.ts';
import { localDigits } from '@shared/i18n/format.ts';
import { telHref } from '@client/lib/format.ts';

/**
 * A booking inside the cancel cut-off: no Change nor Cancel, and why, with the number to call
 * (issue 48, point 2).
 */
export function TooCloseToChange() {
  const phone = useRestaurant().data?.phone;
  return (
    <p className="basis-full text-sm">
      {t('mine.tooClose', 'Too close to change online:')}{' '}
      {phone ? (
        <>
          {t('mine.callUsOn', 'call us on')}{' '}
          <a className="link" href={telHref(phone)}>
            {phone}
          </a>
          .
        </>
      ) : (
        t('mine.pleaseCall', 'please call the restaurant.')
      )}
    </p>
  );
}

/** What the guest is told of a deposit when cancelling: nothing was paid, it comes back, or it is kept. */
export function depositOnCancel(r: Reservation, latinDigits: boolean): string {
  const deposit = r.deposit;
  if (!deposit || deposit.status !== 'succeeded') return '';
  const amount = formatMoney(deposit.amount - deposit.refunded, deposit.currency, currentLanguage(), latinDigits);
  return ` ${deposit.refundableUntil !== null && Date.now() < Date.parse(deposit.refundableUntil) ? t('mine.depositRefunded', 'Your deposit of {{amount}} will be refunded.', { amount }) : t('mine.depositKept', 'Your deposit of {{amount}} is kept: it is past the time a cancellation is refunded.', { amount })}`;
}

/** A reservation's deposit: due (by when), paid, refunded, kept. */
export function DepositLine({ reservation: r }: { reservation: Reservation }) {
  const settings = useRestaurant().data;
  const timeZone = settings?.timeZone;
  const latinDigits = settings?.latinDigits ?? false;
  const language = currentLanguage();
  const at = useRestaurantTime();
  const d = r.deposit;
  if (!d) return null;
  const amount = formatMoney(d.amount, d.currency, language, latinDigits);
  let text: string;
  if (d.status === 'pending')
    text =
      d.dueBy && timeZone
        ? t(
            'mine.depositDueBy',
            'Deposit of {{amount}} due by {{time}} to confirm this booking; unpaid, the table is let go.',
            { amount, time: at(d.dueBy) },
          )
        : t('mine.depositDue', 'Deposit of {{amount}} due to confirm this booking; unpaid, the table is let go.', {
            amount,
          });
  else if (d.status === 'refunded') text = t('mine.depositWasRefunded', 'Deposit of {{amount}} refunded.', { amount });
  else if (d.status === 'partially_refunded')
    text = t('mine.depositPartlyRefunded', 'Deposit of {{amount}} paid, {{refunded}} refunded.', {
      amount,
      refunded: formatMoney(d.refunded, d.currency, language, latinDigits),
    });
  else if (d.status === 'succeeded')
    text =
      r.status === 'cancelled' || r.status === 'no_show'
        ? t('mine.depositWasKept', 'Deposit of {{amount}} kept.', { amount })
        : r.status === 'booked' || r.status === 'seated'
          ? t('mine.depositPaidOnBill', 'Deposit of {{amount}} paid: it counts on your bill.', { amount })
          : t('mine.depositPaid', 'Deposit of {{amount}} paid.', { amount });
  else text = t('mine.depositNotPaid', 'Deposit of {{amount}} not paid.', { amount });
  return <p className="text-sm">{text}</p>;
}

export function BookAnotherLink() {
  return (
    <Link to={PATHS.reserve} className="btn btn-primary btn-sm">
      {t('mine.bookATable', 'Book a table')}
    </Link>
  );
}

/**
 * A change of date, time or party size: the free times of the new day for the new party show,
 * and the server moves the booking atomically (if the new time is taken, the old booking stays
 * as it was).
 */
export function ChangeReservation({ reservation }: { reservation: Reservation }) {
  const [open, setOpen] = useState(false);
  const [partySize, setPartySize] = useState(reservation.partySize);
  const [time, setTime] = useState(reservation.time);
  const [date, setDate] = useState(reservation.date);
  const [failure, setFailure] = useState<string | null>(null);
  const restaurant = useRestaurant();
  const slots = useAvailability(open ? date : '', partySize);
  const change = useChangeReservation();
  const max = restaurant.data?.reservations.maxPartySize ?? 12;
  // The booking's own time stays offered on its own day: it is the guest's already.
  const sameDay = date === reservation.date;
  const times = (slots.data ?? [])
    .filter((s) => s.available || (sameDay && s.time === reservation.time))
    .map((s) => s.time);
  // On another day the time must be one of that day's free times: the first one until chosen.
  const shownTimes = sameDay && !times.includes(reservation.time) ? [reservation.time, ...times] : times;
  const chosenTime = shownTimes.includes(time) ? time : (shownTimes[0] ?? '');
  const timeZone = restaurant.data?.timeZone;
  const horizon = restaurant.data?.reservations.horizonDays ?? 60;
  const today = timeZone ? todayIn(timeZone) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      if (!chosenTime)
        return setFailure(t('mine.noFreeTime', 'No free time on that day for that party: choose another day.'));
      const answer = await change.mutateAsync({
        id: reservation._id,
        body: { ...(sameDay ? {} : { date }), time: chosenTime, partySize },
      });
      setOpen(false);
      void showDone(answer.message, { detail: bookingSummary(answer.data, restaurant.data?.latinDigits) });
    } catch (error) {
      setFailure(errorMessage(error, t('mine.theChange', 'the change')));
    }
  }

  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        {t('mine.change', 'Change')}
        <span className="sr-only">
          {' '}
          {t('mine.theReservationOf', 'the reservation of {{when}}', {
            when: bookingWhen(reservation, restaurant.data?.latinDigits),
          })}
        </span>
      </button>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex basis-full flex-wrap items-end gap-2"
      aria-label={t('mine.changeTheReservationOf', 'Change the reservation of {{day}}', {
        day: bookingDay(reservation, restaurant.data?.latinDigits),
      })}
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('mine.newDate', 'New date')}</span>
        <input
          type="date"
          className="input input-sm w-40"
          value={date}
          min={today}
          max={today ? addDays(today, horizon) : undefined}
          onChange={(e) => e.target.value && setDate(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('mine.guests', 'Guests')}</span>
        <select
          className="select select-sm w-24"
          value={partySize}
          onChange={(e) => setPartySize(Number(e.target.value))}
        >
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {localDigits(String(n), currentLanguage(), restaurant.data?.latinDigits)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('mine.newTime', 'New time')}</span>
        <select className="select select-sm w-28" value={chosenTime} onChange={(e) => setTime(e.target.value)}>
          {shownTimes.length === 0 && (
            <option value="">
              {slots.isPending ? t('mine.loading', 'Loading…') : t('mine.noFreeTimeShort', 'No free time')}
            </option>
          )}
          {shownTimes.map((shown) => (
            <option key={shown} value={shown}>
              {localDigits(shown, currentLanguage(), restaurant.data?.latinDigits)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending} aria-busy={change.isPending}>
        {t('mine.saveChange', 'Save change')}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
        {t('mine.keepAsItIs', 'Keep as it is')}
      </button>
      {failure && (
        <p role="alert" className="basis-full text-sm font-medium text-error">
          {failure}
        </p>
      )}
    </form>
  );
}
