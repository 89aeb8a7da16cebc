import type { Kysely } from 'kysely';
import { roleAtLeast } from '../../../shared/constants.ts';
import {
  type CreateReservationBody,
  type Reservation,
  type ReservationDeposit,
  type ReservationStatus,
} from '../../../shared/contract/reservations.ts';
import { type DiningRoom, type Slot, isOpenDate } from '../../../shared/domain/availability.ts';
import { addDays, addMinutes, localToday } from '../../../shared/domain/wall-clock.ts';
import { type ReservationActor, reservationActionRefusal } from '../../../shared/domain/workflows.ts';
import { type Language, isLanguage } from '../../../shared/i18n/languages.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { DomainEvents } from '../../events/event-bus.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TablesService } from '../tables/tables.service.ts';
import { createBookingRoom } from './booking-room.ts';
import { createDeposits } from './deposits.ts';
import { type ReservationRow, toReservation } from './reservations.mappers.ts';
import { type ReservationChanges, createReservationsRepository } from './reservations.repository.ts';
import { createStatusApply } from './status-apply.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * What the parts of the reservations module share (reservations.service.ts, status-changes.ts):
 * the dining room as a transaction sees it, a reservation's views, the checks every change
 * makes, and a status applied with its holds and its deposit (status-apply.ts).
 */

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
  notify?: (
    trx: Kysely<AppDatabase>,
    reservation: Reservation,
    change: 'booked' | 'changed' | 'cancelled',
    language: Language | undefined,
  ) => Promise<void>;
  now?: () => number;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** The restaurant's settings as read. */
export type Settings = Awaited<ReturnType<ReturnType<RestaurantService['at']>['get']>>;

export const statusName = (status: string) => status.replace('_', '-');

/** The module's shared parts at one branch (decision 062): its repository, and the dining room of that branch. */
export function createReservationsCore(
  db: Kysely<AppDatabase>,
  engine: Engine,
  deps: ReservationsDeps,
  branch: BranchId,
) {
  const repository = createReservationsRepository(db, engine, branch);
  const branchTables = deps.tables.at(branch);
  const log = deps.log ?? { info: () => {}, warn: () => {} };
  const deposits = createDeposits({ payments: deps.payments, bills: deps.bills, log });
  const now = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const actorOf = (caller: Caller): ReservationActor => (roleAtLeast(caller.role, 'staff') ? 'staff' : 'guest');
  /** Whether a reservation starting at `startsAt` is still before the cancel cut-off at `at`. */
  const beforeCutoff = (settings: Settings, at: string, startsAt: string) =>
    addMinutes(at, settings.reservations.cancelCutoffMinutes) < startsAt;

  /** A reservation's view from its row and what was read of it (its tables, its deposit), as at `at`. */
  const toView = (
    settings: Settings,
    at: string,
    row: ReservationRow,
    tables: { _id: string; name: string }[],
    deposit: ReservationDeposit | null,
  ): Reservation =>
    toReservation(
      row,
      tables,
      reservationActionRefusal(
        'cancel',
        'guest',
        row.status as ReservationStatus,
        beforeCutoff(settings, at, row.starts_at),
      ) === undefined,
      deposit,
    );

  async function views(executor: Kysely<AppDatabase>, rows: ReservationRow[]): Promise<Reservation[]> {
    const settings = await deps.restaurant.at(branch).get();
    const ids = rows.map((r) => r.id);
    const [held, paid] = await Promise.all([branchTables.heldTables(executor, ids), deposits.of(executor, ids)]);
    const at = now();
    return rows.map((row) => toView(settings, at, row, held.get(row.id) ?? [], paid.get(row.id) ?? null));
  }

  const { loadRoom, holdTables, book, viewOfBooked } = createBookingRoom({
    db,
    engine,
    deps,
    branch,
    repository,
    branchTables,
    now,
    toView,
  });

  const one = async (executor: Kysely<AppDatabase>, row: ReservationRow) =>
    (await views(executor, [row]))[0] as Reservation;

  /** A reservation the caller may act on: their own, or any for staff; someone else's is 404. */
  async function ownOrStaff(executor: Kysely<AppDatabase>, caller: Caller, id: number): Promise<ReservationRow> {
    const row = await repository.find(executor, id);
    if (!row || (row.user_id !== caller.id && actorOf(caller) !== 'staff')) throw notFound('noSuchReservation');
    return row;
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
  async function compareAndSet(
    trx: Kysely<AppDatabase>,
    read: ReservationRow,
    changes: ReservationChanges,
  ): Promise<ReservationRow> {
    const changed = await repository.compareAndSet(trx, read, changes);
    if (!changed) throw conflict('reservationChangedMeanwhileLookAgain');
    return changed;
  }

  /** Checks a guest's date and time against the rules (400 for what can never be booked) and returns the slot. */
  function slotOf(slots: Slot[], settings: Settings, date: string, time: string, at: string): Slot {
    const today = localToday(at, settings.timeZone);
    if (date < today) throw badRequest('dateInPast');
    if (date > addDays(today, settings.reservations.horizonDays))
      throw badRequest('tooFarAhead', { days: settings.reservations.horizonDays });
    if (!isOpenDate(settings, date)) throw badRequest('closedOnDay');
    const slot = slots.find((s) => s.time === time);
    if (!slot) throw badRequest('timeNotOneDayS', { v0: time });
    return slot;
  }

  function partyCheck(partySize: number, max: number): void {
    if (partySize > max) throw badRequest('partyTooBig', { max: max });
  }

  /** After the commit: the view, and the change told to whoever listens (mail, live events). */
  async function committed(
    row: ReservationRow,
    change: 'booked' | 'changed' | 'cancelled' | 'status',
    view?: Reservation,
  ): Promise<Reservation> {
    const reservation = view ?? (await one(db, row));
    void deps.events?.emit({ type: 'reservation.changed', reservation, change, ownerId: row.user_id });
    return reservation;
  }

  /** The guest's e-mail about a change, written in its transaction. */
  async function tell(
    trx: Kysely<AppDatabase>,
    row: ReservationRow,
    change: 'booked' | 'changed' | 'cancelled',
    view?: Reservation,
  ): Promise<void> {
    if (deps.notify)
      await deps.notify(
        trx,
        view ?? (await one(trx, row)),
        change,
        isLanguage(row.language) ? row.language : undefined,
      );
  }

  /**
   * A new booking's tables held and its guest told, with its view as the answer gives it (read
   * from nothing: viewOfBooked). One that pays a deposit holds its tables and tells once paid.
   */
  async function holdAndTell(
    trx: Kysely<AppDatabase>,
    row: ReservationRow,
    room: DiningRoom,
    tableIds: number[],
  ): Promise<{ row: ReservationRow; view: Reservation }> {
    await holdTables(trx, row.id, tableIds, row.starts_at, row.ends_at);
    const view = await viewOfBooked(row, room, tableIds);
    await tell(trx, row, 'booked', view);
    return { row, view };
  }

  async function insert(
    trx: Kysely<AppDatabase>,
    caller: Caller,
    body: CreateReservationBody,
    at: {
      date: string;
      time: string;
      startsAt: string;
      endsAt: string;
      status: ReservationStatus;
      source: string;
      at: string;
    },
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
      // The guest's own language for the mails (decision 049); staff's bookings follow the restaurant's.
      language: online ? (caller.language ?? null) : null,
    });
  }

  return {
    branch,
    tables: branchTables,
    repository,
    log,
    deposits,
    now,
    actorOf,
    beforeCutoff,
    loadRoom,
    holdAndTell,
    views,
    one,
    ownOrStaff,
    holdTables,
    book,
    lockDeposit,
    compareAndSet,
    slotOf,
    partyCheck,
    committed,
    tell,
    insert,
    ...createStatusApply(repository, branchTables, deposits),
  };
}

export type ReservationsCore = ReturnType<typeof createReservationsCore>;
