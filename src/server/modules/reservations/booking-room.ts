import type { Kysely } from 'kysely';
import type { Reservation } from '../../../shared/contract/reservations.ts';
import type { DiningRoom } from '../../../shared/domain/availability.ts';
import { addDays } from '../../../shared/domain/wall-clock.ts';
import { COUNTED_STATUSES } from '../../../shared/domain/workflows.ts';
import type { BranchId } from '../../db/branch.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import type { BranchTables } from '../tables/tables.service.ts';
import type { ReservationsDeps, Settings } from './reservations.core.ts';
import type { ReservationRow } from './reservations.mappers.ts';
import type { createReservationsRepository } from './reservations.repository.ts';

/**
 * A booking's dining room at one branch (reservations.core.ts): the room as a booking's
 * transaction reads it, the tables it holds, and the transaction itself, tried again when a
 * racer held a table first.
 */

/** A table chosen from the room as read was held by a racer meanwhile: the booking is worked out again (`book`). */
class TablesTakenMeanwhile extends Error {
  constructor() {
    super('a table was held meanwhile');
  }
}

const BOOKING_ATTEMPTS = 5;

/** A branch's tables and combinations, as a booking reads them before its slot's lock (book). */
type Layout = Pick<DiningRoom, 'tables' | 'combinations'>;

export function createBookingRoom(parts: {
  db: Kysely<AppDatabase>;
  engine: Engine;
  deps: Pick<ReservationsDeps, 'restaurant'>;
  branch: BranchId;
  repository: ReturnType<typeof createReservationsRepository>;
  branchTables: BranchTables;
  now: () => string;
  toView: (
    settings: Settings,
    at: string,
    row: ReservationRow,
    tables: { _id: string; name: string }[],
    deposit: null,
  ) => Reservation;
}) {
  const { db, engine, deps, branch, repository, branchTables, now, toView } = parts;

  /** The branch's tables and combinations: what a booking fits its party to. */
  async function readLayout(executor: Kysely<AppDatabase>): Promise<Layout> {
    const [tables, combinations] = await Promise.all([
      branchTables.tables(executor),
      branchTables.combinations(executor),
    ]);
    return { tables, combinations };
  }

  /**
   * The dining room around a date, as `trx` sees it: tables, combinations, holds and counted
   * covers. `layout`, when given, is the tables and combinations read already (book).
   */
  async function loadRoom(trx: Kysely<AppDatabase>, date: string, layout?: Promise<Layout>): Promise<DiningRoom> {
    // Holds of the day before and after too: a late turn may cross midnight.
    const [{ tables, combinations }, holds, covers] = await Promise.all([
      layout ?? readLayout(trx),
      branchTables.activeHolds(trx, repository.idsBetweenDates(trx, addDays(date, -1), addDays(date, 1))),
      repository.coversOfDate(trx, date, COUNTED_STATUSES),
    ]);
    return {
      tables,
      combinations,
      holds,
      covers: covers.map((c) => ({ reservationId: c.id, startsAt: c.starts_at, partySize: c.party_size })),
    };
  }

  async function holdTables(
    trx: Kysely<AppDatabase>,
    reservationId: number,
    tableIds: number[],
    startsAt: string,
    endsAt: string,
    replace = false,
  ): Promise<void> {
    if ((await branchTables.hold(trx, reservationId, tableIds, startsAt, endsAt, { replace })) === 'taken')
      throw new TablesTakenMeanwhile();
  }

  /**
   * A booking's transaction under its keys (repository.writeForKeys), worked out again from
   * fresh reads when a racer in another slot held a table it chose first (the holds' exclusion
   * constraint refused it), up to BOOKING_ATTEMPTS times; then 409 as a time taken.
   *
   * On PostgreSQL `work` is given the branch's tables and combinations read on another of the
   * pool's connections while its transaction waits for its keys (decision 081): no key covers
   * them (an edit of a table takes none), so reading them under the slot's lock promised nothing
   * more and held the lock two round trips longer while racers for the slot waited. SQLite's one
   * connection reads them in the transaction (no round trip to save).
   */
  async function book<T>(
    keys: string[],
    work: (trx: Kysely<AppDatabase>, layout: Promise<Layout> | undefined) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const layout = engine === 'postgres' ? readLayout(db) : undefined;
      // Awaited by `work`; a transaction that ends before reading it leaves no unhandled rejection.
      layout?.catch(() => undefined);
      try {
        return await repository.writeForKeys(keys, (trx) => work(trx, layout));
      } catch (error) {
        if (!(error instanceof TablesTakenMeanwhile)) throw error;
        if (attempt >= BOOKING_ATTEMPTS) throw conflict('timeTaken');
      }
    }
  }

  /**
   * The view of a reservation booked in this transaction, read from nothing: the tables it was
   * given (by id, as heldTables orders them) named as `room` has them, and no deposit (one that
   * pays a deposit is read back: committed without a view). What `one` would read of it.
   */
  async function viewOfBooked(row: ReservationRow, room: DiningRoom, tableIds: number[]): Promise<Reservation> {
    const settings = await deps.restaurant.at(branch).get();
    const held = new Set(tableIds);
    const tables = room.tables
      .filter((t) => held.has(t.id))
      .sort((a, b) => a.id - b.id)
      .map((t) => ({ _id: String(t.id), name: t.name }));
    return toView(settings, now(), row, tables, null);
  }

  return { loadRoom, holdTables, book, viewOfBooked };
}
