import type { ReservationStatus } from '../contract/reservations.ts';
import type { TicketStatus } from '../contract/tickets.ts';

/**
 * Status workflows as transition tables, read by the server to refuse and by the UI to show
 * only the buttons that apply (docs/reference/style.md "Domain rules as plain data").
 */
export const RESERVATION_TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  // Booked by its paid deposit only (the payment's settle), never by a button; staff may cancel it.
  pending_deposit: ['cancelled'],
  booked: ['seated', 'cancelled', 'no_show'],
  seated: ['completed'],
  completed: [],
  cancelled: [],
  no_show: ['booked'],
};

export function canMoveReservation(from: ReservationStatus, to: ReservationStatus): boolean {
  return RESERVATION_TRANSITIONS[from].includes(to);
}

/** Statuses whose covers count toward their slot's pacing (a booking awaiting its deposit holds its place). */
export const COUNTED_STATUSES: readonly ReservationStatus[] = ['pending_deposit', 'booked', 'seated', 'completed'];

// ---- Reservations: who may change what, in which status (docs/reference/operations.md "Tables and reservations") ----

/** Who acts on a reservation: its guest (online), or the restaurant's staff (administrators too). */
export type ReservationActor = 'guest' | 'staff';

/** What an actor does to a reservation, besides the staff's status changes (RESERVATION_TRANSITIONS). */
export type ReservationAction = 'change' | 'cancel';

/**
 * In which statuses each actor may change (move, resize, re-table, re-note: PATCH) or cancel
 * (POST …/cancel) a reservation, and whether the cancel cut-off (`cancelCutoffMinutes` before
 * its start) binds them. Choosing the tables is the staff's alone.
 */
export const RESERVATION_PERMISSIONS: Record<
  ReservationAction,
  Record<ReservationActor, { statuses: readonly ReservationStatus[]; untilCutoff: boolean }>
> = {
  change: {
    guest: { statuses: ['booked'], untilCutoff: true },
    staff: { statuses: ['booked', 'seated'], untilCutoff: false },
  },
  // A booking awaiting its deposit may be let go by its guest at any time (nothing was paid).
  cancel: {
    guest: { statuses: ['booked', 'pending_deposit'], untilCutoff: true },
    staff: { statuses: ['booked', 'pending_deposit'], untilCutoff: false },
  },
};

/**
 * Transitions allowed only on some days: a no-show is booked again (a late guest) only on the
 * reservation's own day, in the restaurant's time zone.
 */
export const RESERVATION_TRANSITION_DAYS: Partial<
  Record<ReservationStatus, Partial<Record<ReservationStatus, 'own-day'>>>
> = {
  no_show: { booked: 'own-day' },
};

/** Why a reservation may not be acted on now; undefined when it may. */
export type ReservationRefusal = 'status' | 'cutoff' | 'not-its-day';

/** Whether `actor` may `action` a reservation in `status`; `beforeCutoff`: it starts more than the cut-off from now. */
export function reservationActionRefusal(
  action: ReservationAction,
  actor: ReservationActor,
  status: ReservationStatus,
  beforeCutoff: boolean,
): ReservationRefusal | undefined {
  const rule = RESERVATION_PERMISSIONS[action][actor];
  if (!rule.statuses.includes(status)) return 'status';
  if (rule.untilCutoff && !beforeCutoff) return 'cutoff';
  return undefined;
}

/** Whether the staff may move a reservation from `from` to `to` today (`ownDay`: today is its date). */
export function reservationTransitionRefusal(
  from: ReservationStatus,
  to: ReservationStatus,
  ownDay: boolean,
): ReservationRefusal | undefined {
  if (!canMoveReservation(from, to)) return 'status';
  if (RESERVATION_TRANSITION_DAYS[from]?.[to] === 'own-day' && !ownDay) return 'not-its-day';
  return undefined;
}

/**
 * What a reservation's table holds do on entering each status, so that they always follow it:
 * kept while booked or seated, released when cancelled or a no-show, ended at the moment of an
 * early completion, and taken again when a no-show is booked again.
 */
export const RESERVATION_HOLDS_ON_ENTERING: Record<ReservationStatus, 'take-again' | 'keep' | 'end-now' | 'release'> = {
  // Its tables are held from the booking on (for 15 minutes unless the deposit is paid).
  pending_deposit: 'keep',
  booked: 'take-again',
  seated: 'keep',
  completed: 'end-now',
  cancelled: 'release',
  no_show: 'release',
};

/** The time each status stamps on the reservation when entered. */
export const RESERVATION_STATUS_TIME: Record<
  ReservationStatus,
  'seatedAt' | 'completedAt' | 'cancelledAt' | 'noShowAt' | undefined
> = {
  pending_deposit: undefined,
  booked: undefined,
  seated: 'seatedAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
  no_show: 'noShowAt',
};

/** Statuses in which a reservation holds its tables and brings its covers to the kitchen. */
export const HOLDING_STATUSES: readonly ReservationStatus[] = ['pending_deposit', 'booked', 'seated'];

/** How long a booking awaiting its deposit holds its tables before it is cancelled (docs/reference/ordering.md "Payments"). */
export const DEPOSIT_HOLD_MINUTES = 15;

/**
 * A ticket's way through the kitchen (docs/reference/operations.md "The kitchen board"): ready may go back to
 * preparing and completed back to ready (recall, within RECALL_MINUTES); cancelling needs a reason.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  received: ['preparing', 'ready', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['completed', 'preparing'],
  completed: ['ready'],
  cancelled: [],
  // Moved on by its payment only (paid → received; failed or expired → cancelled), never by the kitchen.
  awaiting_payment: [],
};

export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[from].includes(to);
}

/** Tickets the kitchen still has to cook or hand over: they load the kitchen's buckets. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['received', 'preparing', 'ready'];

/** Tickets still being cooked: the all-day counts, and late once past their promise. */
export const COOKING_TICKET_STATUSES: readonly TicketStatus[] = ['received', 'preparing'];

/**
 * Tickets whose units load the kitchen's buckets: the open ones, and those awaiting an online
 * payment, which hold their room until paid or expired (docs/reference/ordering.md "Payments").
 */
export const LOADING_TICKET_STATUSES: readonly TicketStatus[] = [...OPEN_TICKET_STATUSES, 'awaiting_payment'];

/** Whether a ticket in this status loads the kitchen's buckets. */
export function loadsKitchen(status: TicketStatus): boolean {
  return LOADING_TICKET_STATUSES.includes(status);
}

/** Whether a ticket in this status still loads the kitchen. */
export function isOpenTicket(status: TicketStatus): boolean {
  return OPEN_TICKET_STATUSES.includes(status);
}

/** Whether a ticket in this status is still being cooked. */
export function isCookingTicket(status: TicketStatus): boolean {
  return COOKING_TICKET_STATUSES.includes(status);
}

/** The reservations a dine-in ticket may be ordered against ("Order ahead"): not yet over. */
export const DINE_IN_RESERVATION_STATUSES: readonly ReservationStatus[] = ['booked', 'seated'];
