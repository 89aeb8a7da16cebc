import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ReservationStatus } from '../../../shared/contract/reservations.ts';
import { addDays } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase, ReservationsTable } from '../../db/schema.ts';
import { lockAllForWriting } from '../../db/write-lock.ts';
import { precompiled } from '../../db/precompiled.ts';
import { RESERVATION_COLUMNS, type ReservationRow } from './reservations.mappers.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * All SQL of `reservations`, and the reads other modules need of it (the kitchen's covers, a
 * guest's reservation for a dine-in order, the day's figures). Each function takes the executor
 * to run on where a caller's transaction needs it. Made per branch (decision 062): every query
 * names the branch, but for a guest's own bookings (`ofUser`, `countStartingAfter`): a guest is
 * the brand's, and their bookings at every branch are theirs (`guestReservations` below).
 */

/** What a change may set on a reservation after its booking. */
export type ReservationChanges = Partial<
  Pick<
    ReservationsTable,
    | 'date'
    | 'time'
    | 'starts_at'
    | 'ends_at'
    | 'party_size'
    | 'notes'
    | 'status'
    | 'seated_at'
    | 'completed_at'
    | 'cancelled_at'
    | 'no_show_at'
  >
> & {
  updated_at: string;
};

/** The key of a slot's bookings at a branch (writeForKeys): another branch's same slot is another room. */
export const slotKey = (branch: BranchId, date: string, time: string) => `reservations:${branch}:${date} ${time}`;

/** The key of a guest's own bookings (writeForKeys). */
export const guestKey = (userId: number) => `reservations:guest:${userId}`;

/** The covers of a date's reservations, and of those starting between two instants (every availability, quote and checkout: decision 075). */
const coversOn = precompiled(3, (db, branch: BranchId, date: string, statuses: ReservationStatus[]) =>
  db
    .selectFrom('reservations')
    .select(['id', 'starts_at', 'party_size'])
    .where('branch_id', '=', branch)
    .where('date', '=', date)
    .where('status', 'in', statuses),
);
const coversFromTo = precompiled(
  6,
  (db, branch: BranchId, first: string, last: string, statuses: ReservationStatus[], from: string, to: string) =>
    db
      .selectFrom('reservations')
      .select(['id', 'starts_at', 'party_size'])
      .where('branch_id', '=', branch)
      .where('date', '>=', first)
      .where('date', '<=', last)
      .where('status', 'in', statuses)
      .where('starts_at', '>=', from)
      .where('starts_at', '<=', to),
);

export function createReservationsRepository(db: Kysely<AppDatabase>, engine: Engine, branch: BranchId) {
  const reservations = (executor: Kysely<AppDatabase>) =>
    executor.selectFrom('reservations').where('branch_id', '=', branch);
  return {
    ...guestReservations(db),

    /**
     * A booking's write transaction (decision 046): on PostgreSQL one at a time per key, whatever
     * the app server: the slot it books (`slotKey`: the covers paced per slot are read and
     * written under it) and, for a guest's own booking, the guest (`guestKey`: their upcoming
     * bookings counted). Keys are taken in one sorted order and in one statement, so two
     * writers never wait for each other in a cycle. No table is held twice whatever the keys: the
     * holds' exclusion constraint (a trigger on SQLite) refuses an overlap. SQLite runs one write
     * transaction at a time.
     */
    writeForKeys<T>(keys: string[], work: (trx: Kysely<AppDatabase>) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await lockAllForWriting(trx, engine, [...new Set(keys)].sort());
        return work(trx);
      });
    },

    /** A transaction without a slot's lock (a status change: its row is its own lock). */
    write<T>(work: (trx: Kysely<AppDatabase>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async find(executor: Kysely<AppDatabase>, id: number): Promise<ReservationRow | undefined> {
      return reservations(executor).select(RESERVATION_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async byIds(ids: number[]): Promise<ReservationRow[]> {
      if (ids.length === 0) return [];
      return reservations(db).select(RESERVATION_COLUMNS).where('id', 'in', ids).execute();
    },

    /** A day's book, by time. */
    async ofDate(date: string): Promise<ReservationRow[]> {
      return reservations(db)
        .select(RESERVATION_COLUMNS)
        .where('date', '=', date)
        .orderBy('starts_at')
        .orderBy('id')
        .execute();
    },

    /** The ids of the reservations of the dates from `from` to `to`, as a query another module's SQL can take (`where reservation_id in (…)`). */
    idsBetweenDates(
      executor: Kysely<AppDatabase>,
      from: string,
      to: string,
    ): SelectQueryBuilder<AppDatabase, 'reservations', { id: number }> {
      return reservations(executor).select('id').where('date', '>=', from).where('date', '<=', to);
    },

    /** The covers of a date's reservations in `statuses`. */
    async coversOfDate(
      executor: Kysely<AppDatabase>,
      date: string,
      statuses: readonly ReservationStatus[],
    ): Promise<{ id: number; starts_at: string; party_size: number }[]> {
      return (await coversOn(executor, branch, date, [...statuses])).rows;
    },

    /**
     * Reservations in `statuses` starting between two instants. A reservation's local date lies
     * within a day of its start's UTC date in any zone (a day more for a time moved out of a
     * skipped hour), so bounding the dates by two days either side lets the query search the
     * (date, starts_at) index instead of reading every reservation ever kept (a quote and a
     * checkout ask this; the table grows by every day's bookings).
     */
    async coversBetween(
      executor: Kysely<AppDatabase>,
      from: string,
      to: string,
      statuses: readonly ReservationStatus[],
    ): Promise<{ id: number; starts_at: string; party_size: number }[]> {
      const [first, last] = [addDays(from.slice(0, 10), -2), addDays(to.slice(0, 10), 2)];
      return (await coversFromTo(executor, branch, first, last, [...statuses], from, to)).rows;
    },

    async ownDateAndStatus(
      executor: Kysely<AppDatabase>,
      userId: number,
      id: number,
    ): Promise<{ date: string; status: string; party_size: number } | undefined> {
      return reservations(executor)
        .select(['date', 'status', 'party_size'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A query answering the ids of the reservations in a status (for the tables module's holds). */
    idsWithStatus(
      executor: Kysely<AppDatabase>,
      status: string,
    ): SelectQueryBuilder<AppDatabase, 'reservations', { id: number }> {
      return reservations(executor).select('id').where('status', '=', status);
    },

    /** The latest seated of these reservations, with its party's size. */
    latestSeated(
      executor: Kysely<AppDatabase>,
      ids: number[],
    ): Promise<{ id: number; party_size: number } | undefined> {
      return reservations(executor)
        .select(['id', 'party_size'])
        .where('id', 'in', ids)
        .where('status', '=', 'seated')
        .orderBy('seated_at', 'desc')
        .executeTakeFirst();
    },

    /** A day's reservations and covers per status. */
    async countsByStatus(date: string): Promise<{ status: string; count: number; covers: number }[]> {
      const rows = await reservations(db)
        .select([
          'status',
          (eb) => eb.fn.countAll<number>().as('count'),
          (eb) => eb.fn.sum<number>('party_size').as('covers'),
        ])
        .where('date', '=', date)
        .groupBy('status')
        .execute();
      return rows.map((r) => ({ status: r.status, count: Number(r.count), covers: Number(r.covers) }));
    },

    async insert(
      trx: Kysely<AppDatabase>,
      values: Omit<ReservationsTable, 'id' | 'branch_id'>,
    ): Promise<ReservationRow> {
      return trx
        .insertInto('reservations')
        .values({ ...values, branch_id: branch })
        .returning(RESERVATION_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /**
     * A compare-and-set on the status alone, for a change of status: a move that commits first
     * does not refuse it (it changes no status), and since the row's update comes before the
     * change of its holds in one transaction, a racing move waits on the row or finds it
     * cancelled. Undefined when the status has changed meanwhile.
     */
    async compareAndSetStatus(
      trx: Kysely<AppDatabase>,
      read: ReservationRow,
      changes: ReservationChanges,
    ): Promise<ReservationRow | undefined> {
      return trx
        .updateTable('reservations')
        .set(changes)
        .where('branch_id', '=', branch)
        .where('id', '=', read.id)
        .where('status', '=', read.status)
        .returning(RESERVATION_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * A compare-and-set: changes the reservation only if it still has the status, day, time and
     * size `read` saw; undefined when it has changed meanwhile. On PostgreSQL a racing change
     * waits on the row and then finds it changed; SQLite runs one writer at a time.
     */
    async compareAndSet(
      trx: Kysely<AppDatabase>,
      read: ReservationRow,
      changes: ReservationChanges,
    ): Promise<ReservationRow | undefined> {
      return trx
        .updateTable('reservations')
        .set(changes)
        .where('branch_id', '=', branch)
        .where('id', '=', read.id)
        .where('status', '=', read.status)
        .where('date', '=', read.date)
        .where('time', '=', read.time)
        .where('starts_at', '=', read.starts_at)
        .where('ends_at', '=', read.ends_at)
        .where('party_size', '=', read.party_size)
        .returning(RESERVATION_COLUMNS)
        .executeTakeFirst();
    },
  };
}

export type ReservationsRepository = ReturnType<typeof createReservationsRepository>;

/** A guest's own bookings, at every branch of the brand (a guest is the brand's, decision 062). */
export function guestReservations(db: Kysely<AppDatabase>) {
  return {
    /** A guest's reservations at every branch, by start. */
    async ofUser(userId: number): Promise<ReservationRow[]> {
      return db
        .selectFrom('reservations')
        .select(RESERVATION_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('starts_at')
        .execute();
    },

    /** How many of a guest's reservations, at every branch, are in `statuses` and start after `at`. */
    async countStartingAfter(
      trx: Kysely<AppDatabase>,
      userId: number,
      statuses: readonly ReservationStatus[],
      at: string,
    ): Promise<number> {
      const row = await trx
        .selectFrom('reservations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', [...statuses])
        .where('starts_at', '>', at)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The branch a reservation is at (a deposit's settle finds its booking's branch by it). */
    async branchOf(executor: Kysely<AppDatabase>, id: number): Promise<number | undefined> {
      return (await executor.selectFrom('reservations').select('branch_id').where('id', '=', id).executeTakeFirst())
        ?.branch_id;
    },
  };
}
