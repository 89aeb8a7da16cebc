import type { Kysely } from 'kysely';
import { roleAtLeast } from '../../../shared/constants.ts';
import {
  type CreateReservationBody,
  RESERVATION_MESSAGES,
  type Reservation,
  type ReservationStatus,
  type UpdateReservationBody,
} from '../../../shared/contract/reservations.ts';
import { timeOf } from '../../../shared/domain/clock-time.ts';
import { type DiningRoom, type Slot, type SlotOptions, bestFit, isBookableDate, isOpenDate, slotsFor, turnMinutesFor } from '../../../shared/domain/availability.ts';
import { addDays, addMinutes, localToday, wallClockOf } from '../../../shared/domain/local-time.ts';
import { COUNTED_STATUSES, canMoveReservation } from '../../../shared/domain/workflows.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase, ReservationsTable } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/access.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TablesService } from '../tables/tables.service.ts';

/**
 * Reservations (OPERATIONS.md "Tables and reservations"). Availability is the pure
 * `slotsFor` of shared/domain; a booking runs it again inside its write transaction, on what
 * that transaction reads, and holds the chosen tables in `table_holds`, where the database
 * itself refuses two overlapping holds of one table (an exclusion constraint on PostgreSQL, a
 * trigger on SQLite). On PostgreSQL the transaction also takes an advisory lock per date, so
 * the covers-per-slot pacing cannot be overrun by two bookings racing for different tables;
 * SQLite runs one write transaction at a time. A refused booking changes nothing.
 */

/** How many upcoming reservations one guest may hold online (a script cannot book the room empty). */
const MAX_UPCOMING_PER_GUEST = 5;

type Row = Pick<
  ReservationsTable,
  'date' | 'time' | 'starts_at' | 'ends_at' | 'party_size' | 'name' | 'phone' | 'email' | 'notes' | 'status' | 'source' | 'created_at' | 'seated_at' | 'completed_at' | 'cancelled_at' | 'no_show_at' | 'user_id'
> & { id: number };

const COLUMNS = ['id', 'user_id', 'date', 'time', 'starts_at', 'ends_at', 'party_size', 'name', 'phone', 'email', 'notes', 'status', 'source', 'created_at', 'seated_at', 'completed_at', 'cancelled_at', 'no_show_at'] as const;

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function isOverlapRefusal(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23P01' || /table_holds_no_overlap/.test(e.message ?? '');
}

export interface ReservationsDeps {
  restaurant: RestaurantService;
  tables: TablesService;
  /**
   * Called inside the change's transaction with the reservation as it will be (an outbox row
   * for the guest's e-mail), so a rolled-back change tells nobody.
   */
  notify?: (trx: Kysely<AppDatabase>, reservation: Reservation, change: 'booked' | 'changed' | 'cancelled') => Promise<void>;
  /** Called after a change has committed (sending the e-mail, live events). */
  onChange?: (reservation: Reservation, change: 'booked' | 'changed' | 'cancelled' | 'status', ownerId: number | null) => void;
  now?: () => number;
}

export function createReservationsService(db: Kysely<AppDatabase>, engine: Engine, deps: ReservationsDeps) {
  const now = () => new Date(deps.now?.() ?? Date.now()).toISOString();

  /** The dining room around a date, as `trx` sees it: tables, combinations, holds and counted covers. */
  async function loadRoom(trx: Kysely<AppDatabase>, date: string): Promise<DiningRoom> {
    // Holds of the day before and after too: a late turn may cross midnight.
    const from = addDays(date, -1);
    const to = addDays(date, 1);
    const [tables, combinations, holds, covers] = await Promise.all([
      deps.tables.tables(trx),
      deps.tables.combinations(trx),
      trx
        .selectFrom('table_holds')
        .innerJoin('reservations', 'reservations.id', 'table_holds.reservation_id')
        .select(['table_holds.reservation_id', 'table_holds.table_id', 'table_holds.starts_at', 'table_holds.ends_at'])
        .where('table_holds.active', '=', 1)
        .where('reservations.date', '>=', from)
        .where('reservations.date', '<=', to)
        .execute(),
      trx
        .selectFrom('reservations')
        .select(['id', 'starts_at', 'party_size'])
        .where('date', '=', date)
        .where('status', 'in', [...COUNTED_STATUSES])
        .execute(),
    ]);
    return {
      tables,
      combinations,
      holds: holds.map((h) => ({ reservationId: h.reservation_id, tableId: h.table_id, startsAt: iso(h.starts_at), endsAt: iso(h.ends_at) })),
      covers: covers.map((c) => ({ reservationId: c.id, startsAt: c.starts_at, partySize: c.party_size })),
    };
  }

  /** A write transaction for a date: on PostgreSQL, one per date at a time (pacing), whatever the app server. */
  function writeForDate<T>(dates: string[], work: (trx: Kysely<AppDatabase>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      // In a fixed order, so that a move between two dates never waits on a move the other way.
      for (const date of [...new Set(dates)].sort()) await lockForWriting(trx, engine, `reservations:${date}`);
      return work(trx);
    });
  }

  async function tablesOf(ids: number[], executor: Kysely<AppDatabase> = db): Promise<Map<number, { _id: string; name: string }[]>> {
    const map = new Map<number, { _id: string; name: string }[]>();
    if (ids.length === 0) return map;
    const rows = await executor
      .selectFrom('table_holds')
      .innerJoin('dining_tables', 'dining_tables.id', 'table_holds.table_id')
      .select(['table_holds.reservation_id', 'dining_tables.id', 'dining_tables.name'])
      .where('table_holds.reservation_id', 'in', ids)
      .orderBy('dining_tables.id')
      .execute();
    for (const row of rows) map.set(row.reservation_id, [...(map.get(row.reservation_id) ?? []), { _id: String(row.id), name: row.name }]);
    return map;
  }

  async function views(rows: Row[], executor: Kysely<AppDatabase> = db): Promise<Reservation[]> {
    const settings = await deps.restaurant.get();
    const tables = await tablesOf(rows.map((r) => r.id), executor);
    const at = now();
    return rows.map((row) => ({
      _id: String(row.id),
      date: row.date,
      time: row.time,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      partySize: row.party_size,
      name: row.name,
      phone: row.phone,
      email: row.email,
      notes: row.notes,
      status: row.status as ReservationStatus,
      tables: tables.get(row.id) ?? [],
      source: row.source as Reservation['source'],
      createdAt: row.created_at,
      seatedAt: row.seated_at,
      completedAt: row.completed_at,
      cancelledAt: row.cancelled_at,
      noShowAt: row.no_show_at,
      cancellable: row.status === 'booked' && addMinutes(at, settings.reservations.cancelCutoffMinutes) < row.starts_at,
    }));
  }

  const one = async (row: Row, executor?: Kysely<AppDatabase>) => (await views([row], executor))[0] as Reservation;

  async function findRow(executor: Kysely<AppDatabase>, id: number): Promise<Row | undefined> {
    return executor.selectFrom('reservations').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** A reservation the caller may act on: their own, or any for staff; someone else's is 404. */
  async function ownOrStaff(executor: Kysely<AppDatabase>, caller: Caller, id: number): Promise<Row> {
    const row = await findRow(executor, id);
    if (!row || (row.user_id !== caller.id && !roleAtLeast(caller.role, 'staff'))) throw notFound('No such reservation');
    return row;
  }

  async function holdTables(trx: Kysely<AppDatabase>, reservationId: number, tableIds: number[], startsAt: string, endsAt: string): Promise<void> {
    try {
      await trx
        .insertInto('table_holds')
        .values(tableIds.map((tableId) => ({ reservation_id: reservationId, table_id: tableId, starts_at: startsAt, ends_at: endsAt, active: 1 })))
        .execute();
    } catch (error) {
      if (isOverlapRefusal(error)) throw conflict(RESERVATION_MESSAGES.taken);
      throw error;
    }
  }

  /** Checks a guest's date and time against the rules (400 for what can never be booked) and returns the slot. */
  function slotOf(slots: Slot[], settings: Awaited<ReturnType<RestaurantService['get']>>, date: string, time: string, at: string): Slot {
    const today = localToday(at, settings.timeZone);
    if (date < today) throw badRequest('date is in the past');
    if (date > addDays(today, settings.reservations.horizonDays)) throw badRequest(`date is more than ${settings.reservations.horizonDays} days ahead`);
    if (!isOpenDate(settings, date)) throw badRequest('Closed on this day');
    const slot = slots.find((s) => s.time === time);
    if (!slot) throw badRequest(`time ${time} is not one of the day's booking times`);
    return slot;
  }

  function partyCheck(partySize: number, max: number): void {
    if (partySize > max) throw badRequest(`partySize must be at most ${max}: for a bigger party, please call us`);
  }

  /** After the commit: the view, and the change told to whoever listens (mail, live events). */
  async function committed(row: Row, change: 'booked' | 'changed' | 'cancelled' | 'status'): Promise<Reservation> {
    const reservation = await one(row);
    deps.onChange?.(reservation, change, row.user_id);
    return reservation;
  }

  return {
    /** GET /api/v1/reservations/availability */
    async availability(date: string, partySize: number): Promise<Slot[]> {
      const settings = await deps.restaurant.get();
      partyCheck(partySize, settings.reservations.maxPartySize);
      const at = now();
      if (!isBookableDate(settings, date, at)) return [];
      return slotsFor(settings, await loadRoom(db, date), date, partySize, at);
    },

    /** POST /api/v1/reservations: a guest online; staff by phone (may exceed pacing) or a walk-in seated now. */
    async create(caller: Caller, body: CreateReservationBody): Promise<Reservation> {
      const settings = await deps.restaurant.get();
      const source = body.source ?? 'online';
      const staff = roleAtLeast(caller.role, 'staff');
      if (source !== 'online' && !staff) throw new HttpError(403, 'Only the restaurant staff may book by phone or seat walk-ins');
      partyCheck(body.partySize, settings.reservations.maxPartySize);
      const at = now();

      if (source === 'walk_in') {
        const local = wallClockOf(at, settings.timeZone);
        const startsAt = at;
        const endsAt = addMinutes(startsAt, turnMinutesFor(settings, body.partySize));
        const row = await writeForDate([local.date], async (trx) => {
          const place = bestFit(await loadRoom(trx, local.date), body.partySize, startsAt, endsAt);
          if (!place) throw conflict(`No free table fits ${body.partySize} ${body.partySize === 1 ? 'guest' : 'guests'} now`);
          const inserted = await insert(trx, caller, body, { date: local.date, time: timeOf(local.minutes), startsAt, endsAt, status: 'seated', source, at });
          await holdTables(trx, inserted.id, place.tableIds, startsAt, endsAt);
          await tell(trx, inserted, 'booked');
          return inserted;
        });
        return committed(row, 'booked');
      }

      if (!body.date) throw badRequest('date is required');
      if (!body.time) throw badRequest('time is required');
      const { date, time } = body;
      const row = await writeForDate([date], async (trx) => {
        if (source === 'online') {
          const upcoming = await trx
            .selectFrom('reservations')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', caller.id)
            .where('status', '=', 'booked')
            .where('starts_at', '>', at)
            .executeTakeFirst();
          if (Number(upcoming?.n ?? 0) >= MAX_UPCOMING_PER_GUEST) {
            throw conflict(`You already have ${MAX_UPCOMING_PER_GUEST} upcoming reservations: please cancel one first or call us`);
          }
        }
        const options: SlotOptions = staff && source === 'phone' ? { ignorePacing: true, ignoreLead: true } : {};
        const room = await loadRoom(trx, date);
        const slots = slotsFor(settings, room, date, body.partySize, at, options);
        const slot = slotOf(slots, settings, date, time, at);
        if (!slot.available) throw conflict(RESERVATION_MESSAGES.taken);
        const endsAt = addMinutes(slot.startsAt, turnMinutesFor(settings, body.partySize));
        const place = bestFit(room, body.partySize, slot.startsAt, endsAt);
        if (!place) throw conflict(RESERVATION_MESSAGES.taken);
        const inserted = await insert(trx, caller, body, { date, time, startsAt: slot.startsAt, endsAt, status: 'booked', source, at });
        await holdTables(trx, inserted.id, place.tableIds, slot.startsAt, endsAt);
        await tell(trx, inserted, 'booked');
        return inserted;
      });
      return committed(row, 'booked');
    },

    /** Booked or seated reservations starting between two instants: the covers the kitchen will cook for. */
    async coversBetween(from: string, to: string, executor: Kysely<AppDatabase> = db): Promise<{ id: number; startsAt: string; partySize: number }[]> {
      const rows = await executor
        .selectFrom('reservations')
        .select(['id', 'starts_at', 'party_size'])
        .where('status', 'in', ['booked', 'seated'])
        .where('starts_at', '>=', from)
        .where('starts_at', '<=', to)
        .execute();
      return rows.map((r) => ({ id: r.id, startsAt: r.starts_at, partySize: r.party_size }));
    },

    /** Reservations by id, as the kitchen board names them (who, when, how many, which tables). */
    async byIds(ids: number[]): Promise<Map<number, Reservation>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('reservations').select(COLUMNS).where('id', 'in', ids).execute();
      return new Map((await views(rows)).map((r) => [Number(r._id), r]));
    },

    /** A day's reservations and covers by status (today's figures). */
    async dayFigures(date: string): Promise<Record<'total' | 'booked' | 'seated' | 'completed' | 'noShow' | 'cancelled', { reservations: number; covers: number }>> {
      const rows = await db
        .selectFrom('reservations')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('party_size').as('covers')])
        .where('date', '=', date)
        .groupBy('status')
        .execute();
      const zero = () => ({ reservations: 0, covers: 0 });
      const figures = { total: zero(), booked: zero(), seated: zero(), completed: zero(), noShow: zero(), cancelled: zero() };
      for (const row of rows) {
        const key = row.status === 'no_show' ? 'noShow' : (row.status as keyof typeof figures);
        if (!(key in figures)) continue;
        figures[key] = { reservations: Number(row.count), covers: Number(row.covers) };
        // Cancelled bookings are not part of the day's book.
        if (key !== 'cancelled') figures.total = { reservations: figures.total.reservations + Number(row.count), covers: figures.total.covers + Number(row.covers) };
      }
      return figures;
    },

    /** A guest's own reservation, for a dine-in order. */
    async ownForDineIn(userId: number, id: number, executor: Kysely<AppDatabase> = db): Promise<{ date: string; status: ReservationStatus } | undefined> {
      const row = await executor.selectFrom('reservations').select(['date', 'status']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return row ? { date: row.date, status: row.status as ReservationStatus } : undefined;
    },

    /** GET /api/v1/reservations/mine: upcoming first (soonest first), then the past (latest first). */
    async mine(caller: Caller): Promise<Reservation[]> {
      const rows = await db.selectFrom('reservations').select(COLUMNS).where('user_id', '=', caller.id).orderBy('starts_at').execute();
      const at = now();
      const upcoming = rows.filter((r) => r.ends_at > at && (r.status === 'booked' || r.status === 'seated'));
      const rest = rows.filter((r) => !upcoming.includes(r)).reverse();
      return views([...upcoming, ...rest]);
    },

    /** GET /api/v1/reservations?date= (staff): that day's book, by time. */
    async book(date: string): Promise<Reservation[]> {
      return views(await db.selectFrom('reservations').select(COLUMNS).where('date', '=', date).orderBy('starts_at').orderBy('id').execute());
    },

    /** PATCH /api/v1/reservations/{id}: moves or resizes atomically (the old booking stays when the new time is taken). */
    async update(caller: Caller, id: number, body: UpdateReservationBody): Promise<Reservation> {
      const settings = await deps.restaurant.get();
      const staff = roleAtLeast(caller.role, 'staff');
      if (body.tableIds && !staff) throw new HttpError(403, 'Only the restaurant staff may choose the tables');
      if (body.partySize !== undefined) partyCheck(body.partySize, settings.reservations.maxPartySize);
      const at = now();
      const current = await ownOrStaff(db, caller, id);
      const date = body.date ?? current.date;
      const row = await writeForDate([current.date, date], async (trx) => {
        const row = await ownOrStaff(trx, caller, id);
        // Its day's lock was taken on the day read before: moved to another day meanwhile, it is not this change's to make.
        if (row.date !== current.date) throw conflict(RESERVATION_MESSAGES.changedMeanwhile);
        if (row.status !== 'booked' && !(staff && row.status === 'seated')) throw conflict(`This reservation is ${row.status.replace('_', '-')} and can no longer be changed`);
        if (!staff && addMinutes(at, settings.reservations.cancelCutoffMinutes) >= row.starts_at) throw conflict('Please call us to change this late');
        const partySize = body.partySize ?? row.party_size;
        const time = body.time ?? row.time;
        const moved = body.date !== undefined || body.time !== undefined || body.partySize !== undefined;
        let startsAt = row.starts_at;
        let endsAt = row.ends_at;
        let tableIds: number[] | undefined;
        if (moved) {
          const options: SlotOptions = { ignoreReservationId: row.id, ...(staff ? { ignorePacing: true, ignoreLead: true } : {}) };
          const room = await loadRoom(trx, date);
          const slot = slotOf(slotsFor(settings, room, date, partySize, at, options), settings, date, time, at);
          if (!slot.available) throw conflict(RESERVATION_MESSAGES.taken);
          startsAt = slot.startsAt;
          endsAt = addMinutes(startsAt, turnMinutesFor(settings, partySize));
          tableIds = bestFit(room, partySize, startsAt, endsAt, row.id)?.tableIds;
          if (!tableIds) throw conflict(RESERVATION_MESSAGES.taken);
        }
        if (body.tableIds) {
          const tables = new Map((await deps.tables.tables(trx)).map((t) => [t.id, t]));
          const chosen = body.tableIds.map((tid) => tables.get(tid));
          if (chosen.some((t) => !t || !t.active)) throw badRequest('tableIds: each must be an active table');
          const seats = chosen.reduce((sum, t) => sum + (t?.maxCovers ?? 0), 0);
          if (seats < partySize) throw badRequest(`tableIds: those tables seat ${seats}, fewer than the party of ${partySize}`);
          tableIds = [...new Set(body.tableIds)];
        }
        const updated = await compareAndSet(trx, row, { date, time, starts_at: startsAt, ends_at: endsAt, party_size: partySize, ...(body.notes !== undefined ? { notes: body.notes } : {}), updated_at: at });
        if (tableIds) {
          await trx.deleteFrom('table_holds').where('reservation_id', '=', row.id).execute();
          await holdTables(trx, row.id, tableIds, startsAt, endsAt);
        }
        if (moved) await tell(trx, updated, 'changed');
        return updated;
      });
      return committed(row, 'changed');
    },

    /** POST /api/v1/reservations/{id}/cancel: the guest until cancelCutoffMinutes before; staff any time. */
    async cancel(caller: Caller, id: number): Promise<Reservation> {
      const settings = await deps.restaurant.get();
      const at = now();
      const row = await db.transaction().execute(async (trx) => {
        const row = await ownOrStaff(trx, caller, id);
        if (row.status !== 'booked') throw conflict(`This reservation is ${row.status.replace('_', '-')} and cannot be cancelled`);
        if (!roleAtLeast(caller.role, 'staff') && addMinutes(at, settings.reservations.cancelCutoffMinutes) >= row.starts_at) throw conflict(RESERVATION_MESSAGES.lateCancel);
        const cancelled = await setStatus(trx, row, 'cancelled', at);
        await tell(trx, cancelled, 'cancelled');
        return cancelled;
      });
      return committed(row, 'cancelled');
    },

    /** POST /api/v1/reservations/{id}/status (staff), by RESERVATION_TRANSITIONS. */
    async changeStatus(id: number, status: ReservationStatus): Promise<Reservation> {
      const at = now();
      // Read before the transaction: on SQLite a read outside it would wait for it.
      const settings = await deps.restaurant.get();
      const row = await db.transaction().execute(async (trx) => {
        const row = await findRow(trx, id);
        if (!row) throw notFound('No such reservation');
        const from = row.status as ReservationStatus;
        if (!canMoveReservation(from, status)) throw conflict(`A reservation that is ${from.replace('_', '-')} cannot become ${status.replace('_', '-')}`);
        if (from === 'no_show' && status === 'booked' && localToday(at, settings.timeZone) !== row.date) {
          throw conflict('A no-show can be booked again only on its own day');
        }
        const changed = await setStatus(trx, row, status, at);
        if (status === 'cancelled') await tell(trx, changed, 'cancelled');
        return changed;
      });
      return committed(row, status === 'cancelled' ? 'cancelled' : 'status');
    },
  };

  /** The guest's e-mail about a change, written in its transaction. */
  async function tell(trx: Kysely<AppDatabase>, row: Row, change: 'booked' | 'changed' | 'cancelled'): Promise<void> {
    if (deps.notify) await deps.notify(trx, await one(row, trx), change);
  }

  async function insert(
    trx: Kysely<AppDatabase>,
    caller: Caller,
    body: CreateReservationBody,
    at: { date: string; time: string; startsAt: string; endsAt: string; status: ReservationStatus; source: string; at: string },
  ): Promise<Row> {
    const online = at.source === 'online';
    return trx
      .insertInto('reservations')
      .values({
        user_id: online ? caller.id : null,
        date: at.date,
        time: at.time,
        starts_at: at.startsAt,
        ends_at: at.endsAt,
        party_size: body.partySize,
        name: body.name,
        phone: body.phone,
        email: online ? caller.email : (body.email ?? null),
        notes: body.notes ?? '',
        status: at.status,
        source: at.source,
        created_at: at.at,
        updated_at: at.at,
        seated_at: at.status === 'seated' ? at.at : null,
        completed_at: null,
        cancelled_at: null,
        no_show_at: null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /**
   * The one way a reservation row changes after its booking: a compare-and-set on what `read`
   * saw (its status, day, time and size), so that of racing changes exactly one wins; the
   * others get 409 and their transaction, holds included, rolls back. The row is changed
   * first, then its holds: a racing change waits on the row and never sees half of it.
   */
  async function compareAndSet(trx: Kysely<AppDatabase>, read: Row, changes: Partial<Omit<Row, 'id' | 'user_id' | 'created_at'>> & { updated_at: string }): Promise<Row> {
    const changed = await trx
      .updateTable('reservations')
      .set(changes)
      .where('id', '=', read.id)
      .where('status', '=', read.status)
      .where('date', '=', read.date)
      .where('time', '=', read.time)
      .where('starts_at', '=', read.starts_at)
      .where('ends_at', '=', read.ends_at)
      .where('party_size', '=', read.party_size)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!changed) throw conflict(RESERVATION_MESSAGES.changedMeanwhile);
    return changed;
  }

  /** Applies a status with its time; holds follow: released on cancel or no-show, shortened on an early completion, taken again for a late guest. */
  async function setStatus(trx: Kysely<AppDatabase>, row: Row, status: ReservationStatus, at: string): Promise<Row> {
    const times: Partial<Record<'seated_at' | 'completed_at' | 'cancelled_at' | 'no_show_at', string | null>> = {};
    if (status === 'seated') times.seated_at = at;
    if (status === 'completed') times.completed_at = at;
    if (status === 'cancelled') times.cancelled_at = at;
    if (status === 'no_show') times.no_show_at = at;
    const changed = await compareAndSet(trx, row, { status, ...times, updated_at: at });
    if (status === 'cancelled' || status === 'no_show') {
      await trx.updateTable('table_holds').set({ active: 0 }).where('reservation_id', '=', row.id).execute();
    } else if (status === 'completed' && at > row.starts_at && at < row.ends_at) {
      await trx.updateTable('table_holds').set({ ends_at: at }).where('reservation_id', '=', row.id).execute();
    } else if (status === 'booked' && row.status === 'no_show') {
      try {
        await trx.updateTable('table_holds').set({ active: 1 }).where('reservation_id', '=', row.id).execute();
      } catch (error) {
        if (isOverlapRefusal(error)) throw conflict('Its table has been given away meanwhile: book the guest again');
        throw error;
      }
    }
    return changed;
  }
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
