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
import { addDays, addMinutes, localToday, wallClockOf } from '../../../shared/domain/wall-clock.ts';
import {
  COUNTED_STATUSES,
  HOLDING_STATUSES,
  RESERVATION_HOLDS_ON_ENTERING,
  RESERVATION_STATUS_TIME,
  type ReservationActor,
  reservationActionRefusal,
  reservationTransitionRefusal,
} from '../../../shared/domain/workflows.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { DomainEvents } from '../../events/event-bus.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TablesService } from '../tables/tables.service.ts';
import { type DepositWriter, createDepositBooking } from './deposit-booking.ts';
import { createDeposits, depositFor } from './deposits.ts';
import { type ReservationRow, STATUS_TIME_COLUMNS, toReservation } from './reservations.mappers.ts';
import { type ReservationChanges, createReservationsRepository } from './reservations.repository.ts';

/**
 * Reservations (OPERATIONS.md "Tables and reservations"): the rules. Availability is the pure
 * `slotsFor` of shared/domain; a booking runs it again inside its write transaction, on what
 * that transaction reads, and holds the chosen tables through the tables module, where the
 * database itself refuses two overlapping holds of one table. On PostgreSQL a booking or a move
 * also takes a lock per date, so the covers-per-slot pacing cannot be overrun by two bookings
 * racing for different tables. Who may change what in which status is the tables of
 * shared/domain/workflows.ts.
 *
 * Every change of a reservation after its booking is a compare-and-set on what it read (a
 * move on its status, day, time and size; a change of status on its status), in one transaction with the change of its table holds: of
 * racing changes exactly one wins, the others answer 409, and the holds always follow the
 * status (issue 40). A refused change changes nothing.
 */

/** How many upcoming reservations one guest may hold online (a script cannot book the room empty). */
const MAX_UPCOMING_PER_GUEST = 5;

export interface ReservationsDeps {
  restaurant: RestaurantService;
  tables: TablesService;
  /** The deposits' money (decision 032): their payments, and the bills a seated party's deposit goes on. */
  payments: PaymentsService;
  bills: Pick<BillsService, 'depositOnBill' | 'closeCovered' | 'announcePaid'>;
  /** Where a change is told once committed (`reservation.changed`: the mail outbox, live events). */
  events?: DomainEvents;
  /**
   * Called inside the change's transaction with the reservation as it will be (an outbox row
   * for the guest's e-mail), so a rolled-back change tells nobody.
   */
  notify?: (trx: Kysely<AppDatabase>, reservation: Reservation, change: 'booked' | 'changed' | 'cancelled') => Promise<void>;
  now?: () => number;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

type Settings = Awaited<ReturnType<RestaurantService['get']>>;

const statusName = (status: string) => status.replace('_', '-');

export function createReservationsService(db: Kysely<AppDatabase>, engine: Engine, deps: ReservationsDeps) {
  const repository = createReservationsRepository(db, engine);
  const log = deps.log ?? { info: () => {}, warn: () => {} };
  const deposits = createDeposits({ payments: deps.payments, bills: deps.bills, log });
  const now = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const actorOf = (caller: Caller): ReservationActor => (roleAtLeast(caller.role, 'staff') ? 'staff' : 'guest');
  /** Whether a reservation starting at `startsAt` is still before the cancel cut-off at `at`. */
  const beforeCutoff = (settings: Settings, at: string, startsAt: string) => addMinutes(at, settings.reservations.cancelCutoffMinutes) < startsAt;

  /** The dining room around a date, as `trx` sees it: tables, combinations, holds and counted covers. */
  async function loadRoom(trx: Kysely<AppDatabase>, date: string): Promise<DiningRoom> {
    // Holds of the day before and after too: a late turn may cross midnight.
    const [tables, combinations, holds, covers] = await Promise.all([
      deps.tables.tables(trx),
      deps.tables.combinations(trx),
      deps.tables.activeHolds(trx, repository.idsBetweenDates(trx, addDays(date, -1), addDays(date, 1))),
      repository.coversOfDate(trx, date, COUNTED_STATUSES),
    ]);
    return {
      tables,
      combinations,
      holds,
      covers: covers.map((c) => ({ reservationId: c.id, startsAt: c.starts_at, partySize: c.party_size })),
    };
  }

  async function views(rows: ReservationRow[], executor: Kysely<AppDatabase> = db): Promise<Reservation[]> {
    const settings = await deps.restaurant.get();
    const ids = rows.map((r) => r.id);
    const [tables, paid] = await Promise.all([deps.tables.heldTables(executor, ids), deposits.of(executor, ids)]);
    const at = now();
    return rows.map((row) =>
      toReservation(
        row,
        tables.get(row.id) ?? [],
        reservationActionRefusal('cancel', 'guest', row.status as ReservationStatus, beforeCutoff(settings, at, row.starts_at)) === undefined,
        paid.get(row.id) ?? null,
      ),
    );
  }

  const one = async (row: ReservationRow, executor?: Kysely<AppDatabase>) => (await views([row], executor))[0] as Reservation;

  /** A reservation the caller may act on: their own, or any for staff; someone else's is 404. */
  async function ownOrStaff(executor: Kysely<AppDatabase>, caller: Caller, id: number): Promise<ReservationRow> {
    const row = await repository.find(executor, id);
    if (!row || (row.user_id !== caller.id && actorOf(caller) !== 'staff')) throw notFound('No such reservation');
    return row;
  }

  async function holdTables(trx: Kysely<AppDatabase>, reservationId: number, tableIds: number[], startsAt: string, endsAt: string, replace = false): Promise<void> {
    if ((await deps.tables.hold(trx, reservationId, tableIds, startsAt, endsAt, { replace })) === 'taken') throw conflict(RESERVATION_MESSAGES.taken);
  }

  /**
   * Holds a reservation's deposit payment before the reservation is read, in a change of its
   * status: the order the payment's settle takes (payment, then reservation), so that a settle
   * and a cancel racing never wait on each other in a cycle, and a cancel that waited for a
   * settle reads the reservation as the settle left it (booked) and goes on.
   */
  async function lockDeposit(trx: Kysely<AppDatabase>, id: number): Promise<void> {
    await deposits.lock(trx, id);
  }

  /** Changes the reservation if it is still as `read` saw it; 409 when a racing change came first. */
  async function compareAndSet(trx: Kysely<AppDatabase>, read: ReservationRow, changes: ReservationChanges): Promise<ReservationRow> {
    const changed = await repository.compareAndSet(trx, read, changes);
    if (!changed) throw conflict(RESERVATION_MESSAGES.changedMeanwhile);
    return changed;
  }

  /** Checks a guest's date and time against the rules (400 for what can never be booked) and returns the slot. */
  function slotOf(slots: Slot[], settings: Settings, date: string, time: string, at: string): Slot {
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
  async function committed(row: ReservationRow, change: 'booked' | 'changed' | 'cancelled' | 'status'): Promise<Reservation> {
    const reservation = await one(row);
    void deps.events?.emit({ type: 'reservation.changed', reservation, change, ownerId: row.user_id });
    return reservation;
  }

  /** The guest's e-mail about a change, written in its transaction. */
  async function tell(trx: Kysely<AppDatabase>, row: ReservationRow, change: 'booked' | 'changed' | 'cancelled'): Promise<void> {
    if (deps.notify) await deps.notify(trx, await one(row, trx), change);
  }

  async function insert(
    trx: Kysely<AppDatabase>,
    caller: Caller,
    body: CreateReservationBody,
    at: { date: string; time: string; startsAt: string; endsAt: string; status: ReservationStatus; source: string; at: string },
  ): Promise<ReservationRow> {
    const online = at.source === 'online';
    return repository.insert(trx, {
      user_id: online ? caller.id : null,
      date: at.date,
      time: at.time,
      starts_at: at.startsAt,
      ends_at: at.endsAt,
      party_size: body.partySize,
      name: body.name,
      // A walk-in may leave none: kept empty.
      phone: body.phone ?? '',
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
    });
  }

  /** Applies a status with its time (a compare-and-set), then its holds, by RESERVATION_HOLDS_ON_ENTERING. */
  async function setStatus(trx: Kysely<AppDatabase>, row: ReservationRow, status: ReservationStatus, at: string): Promise<ReservationRow> {
    const time = RESERVATION_STATUS_TIME[status];
    const changed = await repository.compareAndSetStatus(trx, row, { status, ...(time ? { [STATUS_TIME_COLUMNS[time]]: at } : {}), updated_at: at });
    if (!changed) throw conflict(RESERVATION_MESSAGES.changedMeanwhile);
    const holds = RESERVATION_HOLDS_ON_ENTERING[status];
    if (holds === 'release') await deps.tables.release(trx, row.id);
    else if (holds === 'end-now' && at > changed.starts_at && at < changed.ends_at) await deps.tables.endAt(trx, row.id, at);
    else if (holds === 'take-again' && (await deps.tables.retake(trx, row.id)) === 'taken') throw conflict('Its table has been given away meanwhile: book the guest again');
    return changed;
  }

  /**
   * A change of status with what it does to a deposit, in one transaction (which locked the
   * deposit's payment row before reading the reservation: `lockDeposit`): a cancel refunds or
   * keeps it, seating puts it on the bill, completing closes a bill it covers. What to run once
   * committed.
   */
  async function setStatusWithDeposit(trx: Kysely<AppDatabase>, row: ReservationRow, status: ReservationStatus, at: string, settings: Settings): Promise<{ row: ReservationRow; after: () => Promise<void> }> {
    const changed = await setStatus(trx, row, status, at);
    let after = async () => {};
    if (status === 'cancelled') after = await deposits.cancelled(trx, settings, row.id, at);
    if (status === 'no_show') await deposits.noShow(trx, settings, row.id, at);
    if (row.status === 'no_show' && status !== 'no_show') await deposits.noShowUndone(trx, row.id);
    if (status === 'seated') await deposits.seated(trx, settings, { id: row.id, partySize: changed.party_size });
    if (status === 'completed') after = await deposits.completed(trx, settings, row.id);
    return { row: changed, after };
  }

  const service = {
    /** GET /api/v1/reservations/availability */
    async availability(date: string, partySize: number): Promise<Slot[]> {
      const settings = await deps.restaurant.get();
      partyCheck(partySize, settings.reservations.maxPartySize);
      const at = now();
      if (!isBookableDate(settings, date, at)) return [];
      return slotsFor(settings, await loadRoom(db, date), date, partySize, at);
    },

    /** Whether a booking of this party pays a deposit now, and how much (minor units). */
    async depositDue(caller: Caller, body: CreateReservationBody): Promise<number | undefined> {
      const source = body.source ?? 'online';
      if (source !== 'online') return undefined;
      return depositFor(await deps.restaurant.get(), body.partySize, source);
    },

    /**
     * POST /api/v1/reservations: a guest online; staff by phone (may exceed pacing) or a walk-in
     * seated now. A guest's booking of a party that pays a deposit is `pending_deposit`, its
     * tables held, and `deposit` writes its payment in the same transaction (decision 032).
     */
    async create(caller: Caller, body: CreateReservationBody, deposit?: DepositWriter): Promise<Reservation> {
      const settings = await deps.restaurant.get();
      const source = body.source ?? 'online';
      const staff = actorOf(caller) === 'staff';
      if (source !== 'online' && !staff) throw new HttpError(403, 'Only the restaurant staff may book by phone or seat walk-ins');
      partyCheck(body.partySize, settings.reservations.maxPartySize);
      const at = now();

      if (source === 'walk_in') {
        const local = wallClockOf(at, settings.timeZone);
        const startsAt = at;
        const endsAt = addMinutes(startsAt, turnMinutesFor(settings, body.partySize));
        const row = await repository.writeForDates([local.date], async (trx) => {
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
      const row = await repository.writeForDates([date], async (trx) => {
        if (source === 'online' && (await repository.countStartingAfter(trx, caller.id, ['booked', 'pending_deposit'], at)) >= MAX_UPCOMING_PER_GUEST) {
          throw conflict(`You already have ${MAX_UPCOMING_PER_GUEST} upcoming reservations: please cancel one first or call us`);
        }
        const options: SlotOptions = staff && source === 'phone' ? { ignorePacing: true, ignoreLead: true } : {};
        const room = await loadRoom(trx, date);
        const slot = slotOf(slotsFor(settings, room, date, body.partySize, at, options), settings, date, time, at);
        if (!slot.available) throw conflict(RESERVATION_MESSAGES.taken);
        const endsAt = addMinutes(slot.startsAt, turnMinutesFor(settings, body.partySize));
        const place = bestFit(room, body.partySize, slot.startsAt, endsAt);
        if (!place) throw conflict(RESERVATION_MESSAGES.taken);
        const amount = depositFor(settings, body.partySize, source);
        if (amount !== undefined && !deposit) throw new Error('a booking that needs a deposit came without its payment');
        const inserted = await insert(trx, caller, body, { date, time, startsAt: slot.startsAt, endsAt, status: amount !== undefined ? 'pending_deposit' : 'booked', source, at });
        await holdTables(trx, inserted.id, place.tableIds, slot.startsAt, endsAt);
        if (amount !== undefined && deposit) await deposit(trx, { id: inserted.id, userId: inserted.user_id, amount, startsAt: inserted.starts_at });
        // The guest hears of the booking once its deposit is paid (depositSettled).
        else await tell(trx, inserted, 'booked');
        return inserted;
      });
      return committed(row, 'booked');
    },

    /**
     * The deposit's payment became final, in the payment's settling transaction: paid, a
     * `pending_deposit` booking is `booked` (its holds kept); failed or expired, it is cancelled
     * and its tables released. A compare-and-set from `pending_deposit`: whether it moved, and
     * what to run once committed (the events). A booking no longer pending (cancelled by its
     * guest meanwhile) is left as it is; the caller refunds a payment that came too late.
     */
    async depositSettled(trx: Kysely<AppDatabase>, reservationId: number, paid: boolean): Promise<{ moved: boolean; after: () => Promise<void> }> {
      const row = await repository.find(trx, reservationId);
      if (!row || row.status !== 'pending_deposit') return { moved: false, after: async () => {} };
      const at = now();
      const changed = await repository.compareAndSetStatus(trx, row, paid ? { status: 'booked', updated_at: at } : { status: 'cancelled', cancelled_at: at, updated_at: at });
      if (!changed) return { moved: false, after: async () => {} };
      // Paid, its holds stay as they are (RESERVATION_HOLDS_ON_ENTERING's pending_deposit: keep); unpaid, they go.
      if (!paid) await deps.tables.release(trx, row.id);
      await tell(trx, changed, paid ? 'booked' : 'cancelled');
      return {
        moved: true,
        after: async () => {
          await committed(changed, paid ? 'status' : 'cancelled');
        },
      };
    },

    /** Booked or seated reservations starting between two instants: the covers the kitchen will cook for. */
    async coversBetween(from: string, to: string, executor: Kysely<AppDatabase> = db): Promise<{ id: number; startsAt: string; partySize: number }[]> {
      const rows = await repository.coversBetween(executor, from, to, HOLDING_STATUSES);
      return rows.map((r) => ({ id: r.id, startsAt: r.starts_at, partySize: r.party_size }));
    },

    /** Reservations by id, as the kitchen board names them (who, when, how many, which tables). */
    async byIds(ids: number[]): Promise<Map<number, Reservation>> {
      if (ids.length === 0) return new Map();
      return new Map((await views(await repository.byIds(ids))).map((r) => [Number(r._id), r]));
    },

    /** A day's reservations and covers by status (today's figures). */
    async dayFigures(date: string): Promise<Record<'total' | 'pendingDeposit' | 'booked' | 'seated' | 'completed' | 'noShow' | 'cancelled', { reservations: number; covers: number }>> {
      const zero = () => ({ reservations: 0, covers: 0 });
      const figures = { total: zero(), pendingDeposit: zero(), booked: zero(), seated: zero(), completed: zero(), noShow: zero(), cancelled: zero() };
      const keys: Record<string, keyof typeof figures> = { no_show: 'noShow', pending_deposit: 'pendingDeposit' };
      for (const row of await repository.countsByStatus(date)) {
        const key = keys[row.status] ?? (row.status as keyof typeof figures);
        if (!(key in figures)) continue;
        figures[key] = { reservations: row.count, covers: row.covers };
        // Cancelled bookings are not part of the day's book.
        if (key !== 'cancelled') figures.total = { reservations: figures.total.reservations + row.count, covers: figures.total.covers + row.covers };
      }
      return figures;
    },

    /** A guest's own reservation, for a dine-in order. */
    async ownForDineIn(userId: number, id: number, executor: Kysely<AppDatabase> = db): Promise<{ date: string; status: ReservationStatus; partySize: number } | undefined> {
      const row = await repository.ownDateAndStatus(executor, userId, id);
      return row ? { date: row.date, status: row.status as ReservationStatus, partySize: row.party_size } : undefined;
    },

    /** The party seated at a table now, if one is (a round for the table joins its bill, where its deposit is). */
    async seatedAt(tableId: number, executor: Kysely<AppDatabase> = db): Promise<{ id: number; partySize: number } | undefined> {
      const holds = (await deps.tables.activeHolds(executor, repository.idsWithStatus(executor, 'seated'))).filter((h) => h.tableId === tableId);
      if (holds.length === 0) return undefined;
      const row = await repository.latestSeated(executor, holds.map((h) => h.reservationId));
      return row ? { id: row.id, partySize: row.party_size } : undefined;
    },

    /** GET /api/v1/reservations/mine: upcoming first (soonest first), then the past (latest first). */
    async mine(caller: Caller): Promise<Reservation[]> {
      const rows = await repository.ofUser(caller.id);
      const at = now();
      const upcoming = rows.filter((r) => r.ends_at > at && HOLDING_STATUSES.includes(r.status as ReservationStatus));
      const rest = rows.filter((r) => !upcoming.includes(r)).reverse();
      return views([...upcoming, ...rest]);
    },

    /** GET /api/v1/reservations?date= (staff): that day's book, by time. */
    async book(date: string): Promise<Reservation[]> {
      return views(await repository.ofDate(date));
    },

    /** PATCH /api/v1/reservations/{id}: moves or resizes atomically (the old booking stays when the new time is taken). */
    async update(caller: Caller, id: number, body: UpdateReservationBody): Promise<Reservation> {
      const settings = await deps.restaurant.get();
      const actor = actorOf(caller);
      const staff = actor === 'staff';
      if (body.tableIds && !staff) throw new HttpError(403, 'Only the restaurant staff may choose the tables');
      if (body.partySize !== undefined) partyCheck(body.partySize, settings.reservations.maxPartySize);
      const at = now();
      const current = await ownOrStaff(db, caller, id);
      const date = body.date ?? current.date;
      const row = await repository.writeForDates([current.date, date], async (trx) => {
        const row = await ownOrStaff(trx, caller, id);
        // Its day's lock was taken on the day read before: moved to another day meanwhile, it is not this change's to make.
        if (row.date !== current.date) throw conflict(RESERVATION_MESSAGES.changedMeanwhile);
        const refusal = reservationActionRefusal('change', actor, row.status as ReservationStatus, beforeCutoff(settings, at, row.starts_at));
        if (refusal === 'status') throw conflict(`This reservation is ${statusName(row.status)} and can no longer be changed`);
        if (refusal) throw conflict('Please call us to change this late');
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
        if (tableIds) await holdTables(trx, row.id, tableIds, startsAt, endsAt, true);
        if (moved) await tell(trx, updated, 'changed');
        return updated;
      });
      return committed(row, 'changed');
    },

    /** POST /api/v1/reservations/{id}/cancel: the guest until cancelCutoffMinutes before; staff any time. */
    async cancel(caller: Caller, id: number): Promise<Reservation> {
      const settings = await deps.restaurant.get();
      const at = now();
      const { row, after } = await repository.write(async (trx) => {
        await lockDeposit(trx, id);
        const row = await ownOrStaff(trx, caller, id);
        const refusal = reservationActionRefusal('cancel', actorOf(caller), row.status as ReservationStatus, beforeCutoff(settings, at, row.starts_at));
        if (refusal === 'status') throw conflict(`This reservation is ${statusName(row.status)} and cannot be cancelled`);
        if (refusal) throw conflict(RESERVATION_MESSAGES.lateCancel);
        const cancelled = await setStatusWithDeposit(trx, row, 'cancelled', at, settings);
        await tell(trx, cancelled.row, 'cancelled');
        return cancelled;
      });
      await after();
      return committed(row, 'cancelled');
    },

    /** POST /api/v1/reservations/{id}/status (staff), by RESERVATION_TRANSITIONS and RESERVATION_TRANSITION_DAYS. */
    async changeStatus(id: number, status: ReservationStatus): Promise<Reservation> {
      const at = now();
      // Read before the transaction: on SQLite a read outside it would wait for it.
      const settings = await deps.restaurant.get();
      const { row, after } = await repository.write(async (trx) => {
        await lockDeposit(trx, id);
        const row = await repository.find(trx, id);
        if (!row) throw notFound('No such reservation');
        const from = row.status as ReservationStatus;
        const refusal = reservationTransitionRefusal(from, status, localToday(at, settings.timeZone) === row.date);
        if (refusal === 'status') throw conflict(`A reservation that is ${statusName(from)} cannot become ${statusName(status)}`);
        if (refusal) throw conflict('A no-show can be booked again only on its own day');
        const changed = await setStatusWithDeposit(trx, row, status, at, settings);
        if (status === 'cancelled') await tell(trx, changed.row, 'cancelled');
        return changed;
      });
      await after();
      return committed(row, status === 'cancelled' ? 'cancelled' : 'status');
    },
  };

  const booking = createDepositBooking(deps.payments, { ...service, restaurant: deps.restaurant, log });
  return { ...service, reserve: booking.reserve };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
