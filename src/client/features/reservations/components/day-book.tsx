import type { Reservation, ReservationStatus } from '@shared/contract/reservations.ts';
import type { DiningTableView } from '@shared/contract/tables.ts';
import { RESERVATION_TRANSITIONS } from '@shared/domain/workflows.ts';
import { type FormEvent, useState } from 'react';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { useLiveEvents } from '@client/lib/live-events.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { telHref } from '@client/lib/format.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers, useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { BOOK_KEPT, useBookEvents, useDayBook, useMoveToTables, useSetReservationStatus } from '../api/host.ts';
import { useDiningTables } from '@client/features/tables/api/tables.ts';
import { tablesFreeForTurn } from '../free-tables.ts';
import { actionWord, depositText, statusWord } from '../host-words.ts';
import { StaffBookingForm } from './staff-booking-form.tsx';

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
