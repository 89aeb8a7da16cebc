import type { Reservation } from '@shared/contract/reservations.ts';
import type { DiningTableView } from '@shared/contract/tables.ts';
import { FLOOR_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useEffect, useState } from 'react';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useLiveEvents } from '@client/lib/live-events.ts';
import { useNumbers, useMoneyIn } from '@client/data/restaurant.ts';
import { BOOK_KEPT, useBookEvents, useDayBook } from '@client/features/reservations/api/host.ts';
import type { ReactNode } from 'react';
import { BILLS_KEPT, type BillView, useBillEvents, useOpenBills } from '@client/features/bills/api/bills.ts';
import { useDiningTables } from '../api/tables.ts';

/**
 * The Floor (docs/reference/ordering.md "The bill", `/staff/tables`): every active table as free, booked soon
 * (a booking starting within the hour), seated, or with an open bill and its due, live on the
 * events stream (a new round or a paid bill is a ticket event; a booking's change a reservation
 * event). A table opens its bill beside the tables (below them on a phone). Every amount is the
 * server's; the page only shows it. The bill panel is the bills feature's, handed in by the route
 * (app/ composes features).
 */

const SOON_MS = 60 * 60_000;

type TableState =
  | { kind: 'bill'; bill: BillView }
  | { kind: 'seated'; reservation: Reservation }
  | { kind: 'soon'; reservation: Reservation }
  | { kind: 'free' };

function stateOf(table: DiningTableView, bills: BillView[], book: Reservation[], now: number): TableState {
  const at = book.filter((r) => r.tables.some((t) => t._id === table._id));
  // The table's own bill, or the bill of a booking at it (an "Order ahead" of a reservation).
  const bill =
    bills.find((b) => b.tableId === table._id) ??
    bills.find(
      (b) =>
        b.tableId === undefined &&
        b.reservationId !== undefined &&
        at.some((r) => r._id === b.reservationId && r.status === 'seated'),
    );
  if (bill) return { kind: 'bill', bill };
  const seated = at.find((r) => r.status === 'seated');
  if (seated) return { kind: 'seated', reservation: seated };
  const soon = at
    // A booking awaiting its deposit holds its table as a booked one does.
    .filter(
      (r) =>
        (r.status === 'booked' || r.status === 'pending_deposit') &&
        Date.parse(r.startsAt) - now <= SOON_MS &&
        Date.parse(r.endsAt) > now,
    )
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  if (soon) return { kind: 'soon', reservation: soon };
  return { kind: 'free' };
}

function describe(
  state: TableState,
  moneyIn: (amount: number, currency: string | undefined) => string,
  digits: (value: number | string) => string,
): { label: string; detail: string | null; tone: string } {
  switch (state.kind) {
    case 'bill': {
      // Each bill's amounts in the currency it was opened in (decision 057), not a newer setting's.
      const money = (amount: number) => moneyIn(amount, state.bill.currency);
      // A bill that owes money back says so: the table is settled before its next round (decision 055).
      return {
        label: FLOOR_TEXT.billOpen,
        detail:
          state.bill.owedBack > 0
            ? FLOOR_TEXT.owedBack(money(state.bill.owedBack))
            : t('floor.dueAmount', 'Due {{amount}}', { amount: money(state.bill.due) }),
        tone: 'border-warning bg-warning/10',
      };
    }
    case 'seated':
      return {
        label: FLOOR_TEXT.seated,
        detail: `${state.reservation.name} (${digits(state.reservation.partySize)})`,
        tone: 'border-info bg-info/10',
      };
    case 'soon':
      return {
        label: FLOOR_TEXT.bookedSoon,
        detail: `${digits(state.reservation.time)} ${state.reservation.name} (${digits(state.reservation.partySize)})`,
        tone: 'border-secondary bg-secondary/10',
      };
    default:
      return { label: FLOOR_TEXT.free, detail: null, tone: 'border-base-300 bg-base-100' };
  }
}

/** The time now, again every half minute (a booking becomes "soon" as the clock moves). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface FloorProps {
  date: string;
  selected: { table: string | null; bill: string | null };
  onSelect: (table: string, bill: string | null) => void;
  /** The chosen table's bill: the one asked for in the address, else its open one. */
  billPanel: (table: DiningTableView, billId: string | null) => ReactNode;
}

export function Floor({ date, selected, onSelect, billPanel }: FloorProps) {
  const moneyIn = useMoneyIn();
  const { digits } = useNumbers();
  const tables = useDiningTables();
  const bills = useOpenBills();
  const book = useDayBook(date);
  const now = useNow();
  // A new round or a bill's change reads that bill alone; a booking's change, its day's book alone when the device does not show it yet (decision 063).
  const billEvents = useBillEvents();
  const bookEvents = useBookEvents();
  const stream = useLiveEvents(
    (event) => {
      billEvents(event);
      bookEvents(event);
    },
    { bill: BILLS_KEPT, reservation: BOOK_KEPT },
  );

  const active = (tables.data ?? []).filter((t) => t.active);
  const table = active.find((t) => t._id === selected.table) ?? null;
  const tableState = table && bills.data ? stateOf(table, bills.data, book.data ?? [], now) : null;
  const openBill = tableState?.kind === 'bill' ? tableState.bill : undefined;
  // The bill asked for in the address, else the table's open one.
  const billId = selected.bill ?? openBill?._id ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
      <section aria-labelledby="floor-tables" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="floor-tables" className="text-xl font-semibold">
            {t('floor.tables', 'Tables')}
          </h2>
          <span className={`badge badge-sm ${stream === 'live' ? 'badge-success' : 'badge-ghost'}`}>
            {stream === 'live'
              ? t('kitchen.live', 'Live')
              : stream === 'connecting'
                ? t('kitchen.connecting', 'Connecting…')
                : t('kitchen.reconnecting', 'Reconnecting…')}
          </span>
        </div>
        {tables.isError ? (
          <QueryError
            what={t('floor.theTables', 'the tables')}
            error={tables.error}
            onRetry={() => void tables.refetch()}
            retrying={tables.isFetching}
          />
        ) : bills.isError ? (
          <QueryError
            what={t('floor.theBills', 'the bills')}
            error={bills.error}
            onRetry={() => void bills.refetch()}
            retrying={bills.isFetching}
          />
        ) : !tables.data || !bills.data ? (
          <p role="status">{t('floor.loadingTables', 'Loading the tables…')}</p>
        ) : active.length === 0 ? (
          <p>{t('floor.noTables', 'No tables yet: an administrator sets up the dining room on "Tables".')}</p>
        ) : (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"
            aria-label={t('floor.tablesAndState', 'Tables and their state')}
          >
            {active.map((t) => {
              const state = stateOf(t, bills.data, book.data ?? [], now);
              const { label, detail, tone } = describe(state, moneyIn, digits);
              const pressed = t._id === selected.table;
              return (
                <li key={t._id}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    className={`flex h-full min-h-24 w-full flex-col items-start gap-1 rounded-box border-2 p-3 text-left focus-visible:outline-offset-2 ${tone} ${pressed ? 'ring-2 ring-primary' : ''}`}
                    onClick={() => onSelect(t._id, state.kind === 'bill' ? state.bill._id : null)}
                  >
                    <span className="text-lg font-bold">{t.name}</span> <span className="font-semibold">{label}</span>{' '}
                    {detail ? <span className="text-sm tabular-nums">{detail}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {table ? (
        billPanel(table, billId)
      ) : (
        <p className="self-start rounded-box bg-base-100 p-4">
          {t('floor.chooseTable', 'Choose a table to see its bill.')}
        </p>
      )}
    </div>
  );
}
