import type { Reservation, ReservationStatus } from '@shared/contract/reservations.ts';
import type { DiningTableView } from '@shared/contract/tables.ts';
import { RESERVATION_TRANSITIONS } from '@shared/domain/workflows.ts';
import { type FormEvent, useId, useState } from 'react';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { useLiveEvents } from '@client/lib/live-events.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput, sentNumber } from '@client/components/ui/number-input.tsx';
import { telHref } from '@client/lib/format.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers, useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import {
  BOOK_KEPT,
  useBookEvents,
  useDayBook,
  useMoveToTables,
  useSetReservationStatus,
  useStaffBooking,
} from '../api/host.ts';
import { useDiningTables } from '@client/features/tables/api/tables.ts';
import { useAvailability } from '../api/reservations.ts';
import { tablesFreeForTurn } from '../free-tables.ts';
import { actionWord, depositText, statusWord } from '../host-words.ts';

/**
 * The host's book for a day (docs/reference/operations.md "Staff"): every booking by time with its party,
 * table, notes and the status buttons its status allows (RESERVATION_TRANSITIONS, the same
 * table the server refuses by); moving a booking to another table; phone bookings and walk-ins.
 * It is live on the events stream (a reservation event the book does not show yet reads that
 * day's book again, useBookEvents; a status change answers the booking, put in place), as the
 * kitchen board is, so an online booking shows within a second or two.
 */

export function DayBook({ date, timeZone }: { date: string; timeZone: string }) {
  const book = useDayBook(date);
  const tables = useDiningTables();
  const stream = useLiveEvents(useBookEvents(), { reservation: BOOK_KEPT });
  const { digits } = useNumbers();
  const live = (book.data ?? []).filter((r) => r.status !== 'cancelled' && r.status !== 'no_show');
  const covers = live.reduce((sum, r) => sum + r.partySize, 0);
  const bySlot = new Map<string, number>();
  for (const r of live) bySlot.set(r.time, (bySlot.get(r.time) ?? 0) + r.partySize);

  return (
    <div className="flex flex-col gap-6">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`badge badge-sm ${stream === 'live' ? 'badge-success' : 'badge-ghost'}`}>
          {stream === 'live'
            ? t('kitchen.live', 'Live')
            : stream === 'connecting'
              ? t('kitchen.connecting', 'Connecting…')
              : t('kitchen.reconnecting', 'Reconnecting…')}
        </span>
        <span role="status">
          {book.data
            ? live.length === 1
              ? t('dayBook.oneBooking', '{{n}} booking, {{covers}} covers on {{date}} ({{zone}})', {
                  n: digits(live.length),
                  covers: digits(covers),
                  date: digits(date),
                  zone: timeZone,
                })
              : t('dayBook.bookings', '{{n}} bookings, {{covers}} covers on {{date}} ({{zone}})', {
                  n: digits(live.length),
                  covers: digits(covers),
                  date: digits(date),
                  zone: timeZone,
                })
            : t('dayBook.loading', 'Loading the book…')}
        </span>
      </p>
      {bySlot.size > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('dayBook.coversPerSlot', 'Covers per slot')}>
          {[...bySlot.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([time, n]) => (
              <li key={time} className="badge badge-outline">
                {digits(time)}: {digits(n)}
              </li>
            ))}
        </ul>
      )}
      <ListStates
        pending={book.isPending}
        failed={book.isError}
        error={book.error}
        what={t('dayBook.theBook', 'the book')}
        onRetry={() => void book.refetch()}
        retrying={book.isFetching}
        items={book.data}
        emptyText={t('dayBook.noBookings', 'No bookings on this day yet.')}
      >
        {(list) => (
          <ol
            className="flex flex-col gap-3"
            aria-label={t('dayBook.bookingsOn', 'Bookings on {{date}}', { date: digits(date) })}
          >
            {list.map((r) => (
              <BookingRow
                key={r._id}
                reservation={r}
                tables={tables.data ? tablesFreeForTurn(r, list, tables.data) : undefined}
              />
            ))}
          </ol>
        )}
      </ListStates>
      <StaffBookingForm date={date} />
    </div>
  );
}

/** Whether a booking's start is still ahead (read when a button is pressed, never while rendering). */
function notStartedYet(startsAt: string): boolean {
  return Date.now() < Date.parse(startsAt);
}

function BookingRow({ reservation: r, tables }: { reservation: Reservation; tables: DiningTableView[] | undefined }) {
  const { digits } = useNumbers();
  const time = useRestaurantTime();
  const latinDigits = useRestaurant().data?.latinDigits ?? false;
  const setStatus = useSetReservationStatus();
  const move = useMoveToTables();
  const [table, setTable] = useState('');
  const busy =
    (setStatus.isPending && setStatus.variables.id === r._id) || (move.isPending && move.variables.id === r._id);

  async function act(status: ReservationStatus) {
    // Marking a no-show before the booking has even started is almost always a slip.
    if (status === 'no_show' && notStartedYet(r.startsAt)) {
      const sure = await confirmAction(
        t('dayBook.noShowQuestion', 'Mark {{name}} as a no-show?', { name: r.name }),
        t(
          'dayBook.notLateYet',
          'This booking starts at {{time}}: the guests are not late yet. Its table is given free.',
          { time: digits(r.time) },
        ),
        t('dayBook.yesNoShow', 'Yes, mark no-show'),
      );
      if (!sure) return;
    }
    try {
      const answer = await setStatus.mutateAsync({ id: r._id, status });
      void showDone(answer.message);
    } catch (error) {
      void showAlert(errorMessage(error, t('dayBook.theChange', 'the change')), 'error');
    }
  }

  async function moveTo(event: FormEvent) {
    event.preventDefault();
    if (!table) return;
    try {
      await move.mutateAsync({ id: r._id, tableIds: [table] });
      setTable('');
      void showDone(
        t('dayBook.movedTo', '{{name}} moved to {{table}}', {
          name: r.name,
          table: tables?.find((one) => one._id === table)?.name ?? t('dayBook.theTable', 'the table'),
        }),
      );
    } catch (error) {
      void showAlert(errorMessage(error, t('dayBook.theMove', 'the move')), 'error');
    }
  }

  const movable = r.status === 'booked' || r.status === 'seated';
  return (
    <li
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      aria-label={`${digits(r.time)} ${r.name}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold">
          <span className="tabular-nums">{digits(r.time)}</span> · {r.name} ·{' '}
          {r.partySize === 1
            ? t('dayBook.oneGuest', '{{n}} guest', { n: digits(1) })
            : t('dayBook.guests', '{{n}} guests', { n: digits(r.partySize) })}
        </p>
        <span className={`badge ${r.status === 'pending_deposit' ? 'badge-warning' : 'badge-outline'}`}>
          {statusWord(r.status)}
        </span>
      </div>
      {r.deposit && <p className="text-sm">{depositText(r, time, latinDigits)}</p>}
      <p className="text-sm">
        {t('dayBook.table', 'Table {{tables}}', { tables: r.tables.map((one) => one.name).join(' + ') || '—' })}
        {r.phone && (
          <>
            {' · '}
            <a className="link" href={telHref(r.phone)}>
              {r.phone}
            </a>
          </>
        )}
        {r.source !== 'online' &&
          ` · ${r.source === 'phone' ? t('dayBook.phoneBooking', 'phone booking') : t('dayBook.walkIn', 'walk-in')}`}
        {r.notes && ` · “${r.notes}”`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {RESERVATION_TRANSITIONS[r.status].map((next) => (
          <button
            key={next}
            type="button"
            className={`btn btn-sm ${next === 'cancelled' || next === 'no_show' ? 'btn-outline' : 'btn-primary'}`}
            disabled={busy}
            onClick={() => void act(next)}
          >
            {actionWord(next)}
            <span className="sr-only">
              {' '}
              {t('dayBook.nameAtTime', '{{name}} at {{time}}', { name: r.name, time: digits(r.time) })}
            </span>
          </button>
        ))}
        {movable && tables?.length === 0 && (
          <span className="text-sm">{t('dayBook.noOtherTable', 'No other table is free for this whole booking.')}</span>
        )}
        {movable && tables && tables.length > 0 && (
          <form onSubmit={(event) => void moveTo(event)} className="flex items-center gap-2">
            <label className="flex items-center gap-2 text-sm">
              <span>{t('dayBook.moveTo', 'Move to')}</span>
              <select className="select select-sm w-auto" value={table} onChange={(e) => setTable(e.target.value)}>
                <option value="">{t('dayBook.aTable', 'a table…')}</option>
                {tables.map((one) => (
                  <option key={one._id} value={one._id}>
                    {one.name} ({digits(one.minCovers)}–{digits(one.maxCovers)})
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn-outline btn-sm" disabled={!table || busy}>
              {t('dayBook.move', 'Move')}
              <span className="sr-only"> {r.name}</span>
            </button>
          </form>
        )}
      </div>
    </li>
  );
}

/** A phone booking (for a time) or a walk-in (seated now). */
function StaffBookingForm({ date }: { date: string }) {
  const add = useStaffBooking();
  const [kind, setKind] = useState<'phone' | 'walk_in'>('phone');
  const [time, setTime] = useState('19:00');
  const [partySize, setPartySize] = useState(2);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const { digits } = useNumbers();
  // The day's booking times, 24-hour as everything the product writes (a time input follows the
  // device's 12-hour clock): the server takes a phone booking only at one of them.
  const slots = useAvailability(date, partySize || 1);
  const times = [...new Set((slots.data ?? []).map((s) => s.time))];
  const chosenTime = times.includes(time) ? time : (times.find((t) => t >= '19:00') ?? times[0] ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await add.mutateAsync({
        source: kind,
        partySize: sentNumber(partySize),
        name: name.trim(),
        // A walk-in is in the room: the phone is theirs to give or not (issue 48, point 4).
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(kind === 'phone' ? { date, time: chosenTime } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      setName('');
      setPhone('');
      setEmail('');
      void showDone(
        kind === 'walk_in'
          ? t('dayBook.walkInSeated', '{{name}} seated at {{tables}}', {
              name: answer.data.name,
              tables: answer.data.tables.map((one) => one.name).join(' + '),
            })
          : answer.message,
      );
    } catch (error) {
      setFailure(
        errorMessage(
          error,
          kind === 'walk_in'
            ? t('dayBook.seatingWalkIn', 'seating the walk-in')
            : t('dayBook.theBooking', 'the booking'),
        ),
      );
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-bold">
        {t('dayBook.addBooking', 'Add a booking')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{t('dayBook.kindOfBooking', 'Kind of booking')}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-kind`}
              checked={kind === 'phone'}
              onChange={() => setKind('phone')}
            />
            {t('dayBook.phoneBookingOn', 'Phone booking on {{date}}', { date: digits(date) })}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-kind`}
              checked={kind === 'walk_in'}
              onChange={() => setKind('walk_in')}
            />
            {t('dayBook.walkInNow', 'Walk-in, seated now')}
          </label>
        </fieldset>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {kind === 'phone' && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-time`} className="text-sm font-semibold">
                {t('dayBook.time', 'Time')}
              </label>
              <select
                id={`${id}-time`}
                className="select select-sm w-full tabular-nums"
                value={chosenTime}
                onChange={(e) => setTime(e.target.value)}
                disabled={times.length === 0}
              >
                {times.length === 0 && (
                  <option value="">
                    {slots.isPending ? t('dayBook.loadingTimes', 'Loading…') : t('dayBook.noTimes', 'No booking times')}
                  </option>
                )}
                {times.map((slot) => (
                  <option key={slot} value={slot}>
                    {digits(slot)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('dayBook.guestsLabel', 'Guests')}</span>
            <NumberInput className="input input-sm w-full" min={1} max={50} value={partySize} onChange={setPartySize} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('dayBook.guestName', "Guest's name")}</span>
            <input
              className="input input-sm w-full"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">
              {kind === 'walk_in'
                ? t('dayBook.guestPhoneOptional', "Guest's phone (optional)")
                : t('dayBook.guestPhone', "Guest's phone")}
            </span>
            <input
              type="tel"
              className="input input-sm w-full"
              value={phone}
              maxLength={30}
              onChange={(e) => setPhone(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('dayBook.emailOptional', 'E-mail (optional)')}</span>
            <input
              type="email"
              className="input input-sm w-full"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
        </div>
        {failure && (
          <p role="alert" className="alert alert-error alert-soft">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-sm self-start"
          disabled={add.isPending}
          aria-busy={add.isPending}
        >
          {kind === 'walk_in'
            ? t('dayBook.seatWalkIn', 'Seat walk-in')
            : t('dayBook.addPhoneBooking', 'Add phone booking')}
        </button>
      </form>
    </section>
  );
}
