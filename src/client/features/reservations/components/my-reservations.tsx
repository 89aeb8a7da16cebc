import { t } from '@shared/i18n/i18n.ts';
import type { Reservation } from '@shared/contract/reservations.ts';
import { Link } from 'react-router';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { PATHS } from '@shared/paths.ts';
import { type FormEvent, useState } from 'react';
import { useAvailability, useCancelReservation, useChangeReservation, useMyReservations } from '../api/reservations.ts';
import { useRestaurant } from '@client/data/restaurant.ts';
import { todayIn } from '@client/lib/clock.ts';
import { addDays } from '@shared/domain/wall-clock.ts';
import { bookingDay, bookingSummary } from '../summary.ts';
import { formatMoney } from '@shared/format-money.ts';
import { restaurantTime } from '@client/lib/clock.ts';
import { telHref } from '@client/lib/format.ts';

const STATUS_TEXT: Record<Reservation['status'], string> = {
  pending_deposit: 'Deposit due',
  booked: 'Booked',
  seated: 'Seated',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** "My Reservations": upcoming first, each with date, time, guests, status and "Cancel reservation" while allowed. */
export function MyReservations() {
  const list = useMyReservations();
  const cancel = useCancelReservation();
  // The restaurant's today: a booking of that date can order ahead.
  const timeZone = useRestaurant().data?.timeZone;
  const today = timeZone ? todayIn(timeZone) : undefined;

  async function onCancel(reservation: Reservation) {
    if (!(await confirmAction('Cancel this reservation?', `${bookingSummary(reservation)}.${depositOnCancel(reservation)}`, 'Cancel booking', 'Keep it'))) return;
    try {
      const answer = await cancel.mutateAsync(reservation._id);
      void showDone(answer.message);
    } catch (error) {
      void showAlert(errorMessage(error, 'the cancellation'), 'error');
    }
  }

  return (
    <ListStates
      pending={list.isPending}
      failed={list.isError}
      error={list.error}
      what="your reservations"
      onRetry={() => void list.refetch()}
      retrying={list.isFetching}
      items={list.data}
      emptyText="You have no reservations yet."
    >
      {(reservations) => (
        <ul className="flex flex-col gap-3">
          {reservations.map((r) => (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4">
              <div className="flex flex-col gap-1">
                <p className="text-lg font-semibold">
                  <time dateTime={`${r.date}T${r.time}`}>
                    {bookingDay(r)} at {r.time}
                  </time>
                </p>
                <p className="text-sm">
                  {r.partySize} {r.partySize === 1 ? 'guest' : 'guests'} · {r.name}
                  {r.tables.length > 0 && ` · table ${r.tables.map((t) => t.name).join(' + ')}`}
                </p>
                <span className={`badge ${r.status === 'pending_deposit' ? 'badge-warning' : 'badge-outline'}`}>{STATUS_TEXT[r.status]}</span>
                {r.deposit && <DepositLine reservation={r} />}
              </div>
              {r.status === 'pending_deposit' && r.deposit?.status === 'pending' && (
                <Link to={PATHS.payment.replace(':id', r.deposit.paymentId)} className="btn btn-primary btn-sm">
                  Pay the deposit<span className="sr-only"> for {bookingDay(r)} at {r.time}</span>
                </Link>
              )}
              {r.status !== 'cancelled' && r.status !== 'no_show' && r.status !== 'completed' && r.status !== 'pending_deposit' && r.date === today && (
                <Link to={`${PATHS.checkout}?fulfilment=dine_in&reservation=${r._id}`} className="btn btn-primary btn-sm">
                  Order ahead<span className="sr-only"> for your table at {r.time}</span>
                </Link>
              )}
              {r.cancellable && (
                <div className="flex flex-wrap gap-2">
                  {r.status === 'booked' && <ChangeReservation reservation={r} />}
                  <button type="button" className="btn btn-outline btn-error btn-sm" disabled={cancel.isPending && cancel.variables === r._id} onClick={() => void onCancel(r)}>
                    Cancel reservation<span className="sr-only"> of {bookingDay(r)} at {r.time}</span>
                  </button>
                </div>
              )}
              {!r.cancellable && (r.status === 'booked' || r.status === 'pending_deposit') && <TooCloseToChange />}
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

/**
 * A booking inside the cancel cut-off: no Change nor Cancel, and why, with the number to call
 * (issue 48, point 2).
 */
function TooCloseToChange() {
  const phone = useRestaurant().data?.phone;
  return (
    <p className="basis-full text-sm">
      Too close to change online: {phone ? <>{t('mine.callUsOn', 'call us on')}{' '}<a className="link" href={telHref(phone)}>{phone}</a>.</> : 'please call the restaurant.'}
    </p>
  );
}

/** What the guest is told of a deposit when cancelling: nothing was paid, it comes back, or it is kept. */
function depositOnCancel(r: Reservation): string {
  const deposit = r.deposit;
  if (!deposit || deposit.status !== 'succeeded') return '';
  const amount = formatMoney(deposit.amount - deposit.refunded, deposit.currency);
  return deposit.refundableUntil !== null && Date.now() < Date.parse(deposit.refundableUntil) ? ` Your deposit of ${amount} will be refunded.` : ` Your deposit of ${amount} is kept: it is past the time a cancellation is refunded.`;
}

/** A reservation's deposit: due (by when), paid, refunded, kept. */
function DepositLine({ reservation: r }: { reservation: Reservation }) {
  const timeZone = useRestaurant().data?.timeZone;
  const d = r.deposit;
  if (!d) return null;
  const amount = formatMoney(d.amount, d.currency);
  let text: string;
  if (d.status === 'pending') text = `Deposit of ${amount} due${d.dueBy && timeZone ? ` by ${restaurantTime(d.dueBy, timeZone)}` : ''} to confirm this booking; unpaid, the table is let go.`;
  else if (d.status === 'refunded') text = `Deposit of ${amount} refunded.`;
  else if (d.status === 'partially_refunded') text = `Deposit of ${amount} paid, ${formatMoney(d.refunded, d.currency)} refunded.`;
  else if (d.status === 'succeeded') text = r.status === 'cancelled' || r.status === 'no_show' ? `Deposit of ${amount} kept.` : `Deposit of ${amount} paid${r.status === 'booked' || r.status === 'seated' ? ': it counts on your bill' : ''}.`;
  else text = `Deposit of ${amount} not paid.`;
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
function ChangeReservation({ reservation }: { reservation: Reservation }) {
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
  const times = (slots.data ?? []).filter((s) => s.available || (sameDay && s.time === reservation.time)).map((s) => s.time);
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
      if (!chosenTime) return setFailure('No free time on that day for that party: choose another day.');
      const answer = await change.mutateAsync({ id: reservation._id, body: { ...(sameDay ? {} : { date }), time: chosenTime, partySize } });
      setOpen(false);
      void showDone(answer.message, { detail: bookingSummary(answer.data) });
    } catch (error) {
      setFailure(errorMessage(error, 'the change'));
    }
  }

  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        Change<span className="sr-only"> the reservation of {bookingDay(reservation)} at {reservation.time}</span>
      </button>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex basis-full flex-wrap items-end gap-2" aria-label={`Change the reservation of ${bookingDay(reservation)}`}>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('mine.newDate', 'New date')}</span>
        <input type="date" className="input input-sm w-40" value={date} min={today} max={today ? addDays(today, horizon) : undefined} onChange={(e) => e.target.value && setDate(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('mine.guests', 'Guests')}</span>
        <select className="select select-sm w-24" value={partySize} onChange={(e) => setPartySize(Number(e.target.value))}>
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('mine.newTime', 'New time')}</span>
        <select className="select select-sm w-28" value={chosenTime} onChange={(e) => setTime(e.target.value)}>
          {shownTimes.length === 0 && <option value="">{slots.isPending ? 'Loading…' : 'No free time'}</option>}
          {shownTimes.map((t) => (
            <option key={t} value={t}>
              {t}
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
