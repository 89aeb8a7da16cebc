import type { Kysely } from 'kysely';
import {
  type CreateReservationBody,
  type Reservation,
  type ReservationStatus,
  type UpdateReservationBody,
} from '../../../shared/contract/reservations.ts';
import { timeOf } from '../../../shared/domain/clock-time.ts';
import {
  type Slot,
  type SlotOptions,
  bestFit,
  isBookableDate,
  slotsFor,
  turnMinutesFor,
} from '../../../shared/domain/availability.ts';
import { addMinutes, wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { reservationActionRefusal } from '../../../shared/domain/workflows.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { HttpError, badRequest, conflict } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import { type DepositWriter, createDepositBooking } from './deposit-booking.ts';
import { guestKey, guestReservations, slotKey } from './reservations.repository.ts';
import { type ReservationsDeps, createReservationsCore, statusName } from './reservations.core.ts';
import type { ReservationRow } from './reservations.mappers.ts';
import { createStatusChanges } from './status-changes.ts';
import { createReservationReads } from './reservation-reads.ts';
import { depositFor } from './deposits.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';
import { HOLDING_STATUSES } from '../../../shared/domain/workflows.ts';

/**
 * Reservations (docs/reference/operations.md "Tables and reservations"): the rules. Availability is the pure
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
 *
 * A booking is a branch's (decision 062): the service is asked at a branch (`at(branch)`), whose
 * room, book and slots are its own; a guest's own bookings (`mine`) are theirs at every branch.
 */

/** How many upcoming reservations one guest may hold online (a script cannot book the room empty). */
const MAX_UPCOMING_PER_GUEST = 5;

export type { ReservationsDeps } from './reservations.core.ts';

export function createReservationsService(db: Kysely<AppDatabase>, engine: Engine, deps: ReservationsDeps) {
  const guests = guestReservations(db);
  const booking = createDepositBooking(deps.payments, {
    restaurant: deps.restaurant,
    log: deps.log ?? { warn: () => {} },
    // A deposit's settle moves its booking at the booking's own branch.
    async depositSettled(trx, reservationId, paid) {
      const branch = await guests.branchOf(trx, reservationId);
      if (branch === undefined) return { moved: false, after: async () => {} };
      return at(asBranchId(branch)).depositSettled(trx, reservationId, paid);
    },
  });
  const branches = new Map<BranchId, BranchReservations>();
  function at(branch: BranchId): BranchReservations {
    let service = branches.get(branch);
    if (!service) {
      const made = reservationsAt(db, engine, deps, branch);
      service = { ...made, reserve: (caller, body) => booking.reserve(made, branch, caller, body) };
      branches.set(branch, service);
    }
    return service;
  }
  return {
    /** The reservations of one branch. */
    at,

    /** GET /api/v1/reservations/mine: at every branch, upcoming first (soonest first), then the past (latest first). */
    async mine(caller: Caller): Promise<Reservation[]> {
      const rows = await guests.ofUser(caller.id);
      const now = new Date(deps.now?.() ?? Date.now()).toISOString();
      const upcoming = rows.filter((r) => r.ends_at > now && HOLDING_STATUSES.includes(r.status as ReservationStatus));
      const ordered = [...upcoming, ...rows.filter((r) => !upcoming.includes(r)).reverse()];
      const viewed = new Map<string, Reservation>();
      for (const branch of new Set(ordered.map((row) => row.branch_id)))
        for (const view of await at(asBranchId(branch)).viewsOf(ordered.filter((row) => row.branch_id === branch)))
          viewed.set(view._id, view);
      return ordered.map((row) => viewed.get(String(row.id)) as Reservation);
    },
  };
}

/** The reservations of one branch. */
export type BranchReservations = ReturnType<typeof reservationsAt> & {
  reserve: (
    caller: Caller,
    body: CreateReservationBody,
  ) => Promise<{ reservation: Reservation; payment?: { _id: string; redirectUrl: string } }>;
};

function reservationsAt(db: Kysely<AppDatabase>, engine: Engine, deps: ReservationsDeps, branch: BranchId) {
  const core = createReservationsCore(db, engine, deps, branch);
  const {
    repository,
    now,
    actorOf,
    beforeCutoff,
    loadRoom,
    holdAndTell,
    ownOrStaff,
    holdTables,
    book,
    compareAndSet,
    slotOf,
    partyCheck,
    committed,
    tell,
    insert,
  } = core;
  return {
    /** The contract's views of rows of this branch (a guest's own, `mine`). */
    viewsOf: (rows: ReservationRow[]) => core.views(db, rows),

    /** GET /api/v1/reservations/availability */
    async availability(date: string, partySize: number): Promise<Slot[]> {
      const settings = await deps.restaurant.at(branch).get();
      partyCheck(partySize, settings.reservations.maxPartySize);
      const at = now();
      if (!isBookableDate(settings, date, at)) return [];
      return slotsFor(settings, await loadRoom(db, date), date, partySize, at);
    },

    /** Whether a booking of this party pays a deposit now, and how much (minor units). */
    async depositDue(caller: Caller, body: CreateReservationBody): Promise<number | undefined> {
      const source = body.source ?? 'online';
      if (source !== 'online') return undefined;
      return depositFor(await deps.restaurant.at(branch).get(), body.partySize, source);
    },

    /**
     * POST /api/v1/reservations: a guest online; staff by phone (may exceed pacing) or a walk-in
     * seated now. A guest's booking of a party that pays a deposit is `pending_deposit`, its
     * tables held, and `deposit` writes its payment in the same transaction (decision 032).
     */
    async create(caller: Caller, body: CreateReservationBody, deposit?: DepositWriter): Promise<Reservation> {
      const settings = await deps.restaurant.at(branch).get();
      const source = body.source ?? 'online';
      const staff = actorOf(caller) === 'staff';
      if (source !== 'online' && !staff) throw new HttpError(403, 'onlyRestaurantStaffMayBook');
      partyCheck(body.partySize, settings.reservations.maxPartySize);
      const at = now();

      if (source === 'walk_in') {
        const local = wallClockOf(at, settings.timeZone);
        const startsAt = at;
        const endsAt = addMinutes(startsAt, turnMinutesFor(settings, body.partySize));
        // No slot's pacing counts a walk-in (seated now, off the grid): only its tables, which the holds' constraint keeps.
        const { row, view } = await book([], async (trx, layout) => {
          const room = await loadRoom(trx, local.date, layout);
          const place = bestFit(room, body.partySize, startsAt, endsAt);
          if (!place)
            throw conflict('noFreeTableFitsNow', { v0: body.partySize, v1: body.partySize === 1 ? 'guest' : 'guests' });
          const inserted = await insert(trx, caller, body, {
            date: local.date,
            time: timeOf(local.minutes),
            startsAt,
            endsAt,
            status: 'seated',
            source,
            at,
          });
          return holdAndTell(trx, inserted, room, place.tableIds);
        });
        return committed(row, 'booked', view);
      }

      if (!body.date) throw badRequest('dateRequired');
      if (!body.time) throw badRequest('timeRequired');
      const { date, time } = body;
      const { row, view } = await book(
        source === 'online' ? [slotKey(branch, date, time), guestKey(caller.id)] : [slotKey(branch, date, time)],
        async (trx, layout) => {
          if (
            source === 'online' &&
            (await repository.countStartingAfter(trx, caller.id, ['booked', 'pending_deposit'], at)) >=
              MAX_UPCOMING_PER_GUEST
          ) {
            throw conflict('tooManyUpcoming', { count: MAX_UPCOMING_PER_GUEST });
          }
          const options: SlotOptions = staff && source === 'phone' ? { ignorePacing: true, ignoreLead: true } : {};
          const room = await loadRoom(trx, date, layout);
          const slot = slotOf(
            slotsFor(settings, room, date, body.partySize, at, { ...options, only: time }),
            settings,
            date,
            time,
            at,
          );
          if (!slot.available) throw conflict('timeTaken');
          const endsAt = addMinutes(slot.startsAt, turnMinutesFor(settings, body.partySize));
          const place = bestFit(room, body.partySize, slot.startsAt, endsAt);
          if (!place) throw conflict('timeTaken');
          const amount = depositFor(settings, body.partySize, source);
          if (amount !== undefined && !deposit)
            throw new Error('a booking that needs a deposit came without its payment');
          const inserted = await insert(trx, caller, body, {
            date,
            time,
            startsAt: slot.startsAt,
            endsAt,
            status: amount !== undefined ? 'pending_deposit' : 'booked',
            source,
            at,
          });
          if (amount === undefined || !deposit) return holdAndTell(trx, inserted, room, place.tableIds);
          await holdTables(trx, inserted.id, place.tableIds, slot.startsAt, endsAt);
          await deposit(trx, { id: inserted.id, userId: inserted.user_id, amount, startsAt: inserted.starts_at });
          // The guest hears of the booking once its deposit is paid (depositSettled); its view, with the deposit, is read back.
          return { row: inserted, view: undefined };
        },
      );
      return committed(row, 'booked', view);
    },

    ...createReservationReads(db, core),

    /** PATCH /api/v1/reservations/{id}: moves or resizes atomically (the old booking stays when the new time is taken). */
    async update(caller: Caller, id: number, body: UpdateReservationBody): Promise<Reservation> {
      const settings = await deps.restaurant.at(branch).get();
      const actor = actorOf(caller);
      const staff = actor === 'staff';
      if (body.tableIds && !staff) throw new HttpError(403, 'onlyRestaurantStaffMayChoose');
      if (body.partySize !== undefined) partyCheck(body.partySize, settings.reservations.maxPartySize);
      const at = now();
      const current = await ownOrStaff(db, caller, id);
      const date = body.date ?? current.date;
      const row = await book([slotKey(branch, date, body.time ?? current.time)], async (trx, layout) => {
        const row = await ownOrStaff(trx, caller, id);
        // Its slot's lock was taken on the slot read before: moved meanwhile, it is not this change's to make.
        if (row.date !== current.date || row.time !== current.time)
          throw conflict('reservationChangedMeanwhileLookAgain');
        const refusal = reservationActionRefusal(
          'change',
          actor,
          row.status as ReservationStatus,
          beforeCutoff(settings, at, row.starts_at),
        );
        if (refusal === 'status') throw conflict('cannotChange', { status: statusName(row.status) });
        if (refusal) throw conflict('callToChange');
        const partySize = body.partySize ?? row.party_size;
        const time = body.time ?? row.time;
        const moved = body.date !== undefined || body.time !== undefined || body.partySize !== undefined;
        let startsAt = row.starts_at;
        let endsAt = row.ends_at;
        let tableIds: number[] | undefined;
        if (moved) {
          const options: SlotOptions = {
            ignoreReservationId: row.id,
            ...(staff ? { ignorePacing: true, ignoreLead: true } : {}),
          };
          const room = await loadRoom(trx, date, layout);
          const slot = slotOf(
            slotsFor(settings, room, date, partySize, at, { ...options, only: time }),
            settings,
            date,
            time,
            at,
          );
          if (!slot.available) throw conflict('timeTaken');
          startsAt = slot.startsAt;
          endsAt = addMinutes(startsAt, turnMinutesFor(settings, partySize));
          tableIds = bestFit(room, partySize, startsAt, endsAt, row.id)?.tableIds;
          if (!tableIds) throw conflict('timeTaken');
        }
        if (body.tableIds) {
          const tables = new Map((await core.tables.tables(trx)).map((t) => [t.id, t]));
          const chosen = body.tableIds.map((tid) => tables.get(tid));
          if (chosen.some((t) => !t || !t.active)) throw badRequest('tableidsEachActiveTable');
          const seats = chosen.reduce((sum, t) => sum + (t?.maxCovers ?? 0), 0);
          if (seats < partySize) throw badRequest('tableidsThoseTablesSeatFewer', { v0: seats, v1: partySize });
          tableIds = [...new Set(body.tableIds)];
        }
        const updated = await compareAndSet(trx, row, {
          date,
          time,
          starts_at: startsAt,
          ends_at: endsAt,
          party_size: partySize,
          ...(body.notes !== undefined ? { notes: body.notes } : {}),
          updated_at: at,
        });
        if (tableIds) await holdTables(trx, row.id, tableIds, startsAt, endsAt, true);
        if (moved) await tell(trx, updated, 'changed');
        return updated;
      });
      return committed(row, 'changed');
    },

    ...createStatusChanges(deps, core),
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
/** What another module asks of the reservations, at a branch. */
export type ReservationsAt<K extends keyof BranchReservations> = {
  at(branch: BranchId): Pick<BranchReservations, K>;
};
