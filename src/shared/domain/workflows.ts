import type { ReservationStatus } from '../contract/reservations.ts';
import type { TicketStatus } from '../contract/tickets.ts';

/**
 * Status workflows as transition tables, read by the server to refuse and by the UI to show
 * only the buttons that apply (STYLE.md "Domain rules as plain data").
 */
export const RESERVATION_TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  booked: ['seated', 'cancelled', 'no_show'],
  seated: ['completed'],
  completed: [],
  cancelled: [],
  no_show: ['booked'],
};

export function canMoveReservation(from: ReservationStatus, to: ReservationStatus): boolean {
  return RESERVATION_TRANSITIONS[from].includes(to);
}

/** Statuses whose covers count toward their slot's pacing. */
export const COUNTED_STATUSES: readonly ReservationStatus[] = ['booked', 'seated', 'completed'];

/**
 * A ticket's way through the kitchen (OPERATIONS.md "The kitchen board"): ready may go back to
 * preparing and completed back to ready (recall, within RECALL_MINUTES); cancelling needs a reason.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  received: ['preparing', 'ready', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['completed', 'preparing'],
  completed: ['ready'],
  cancelled: [],
};

export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[from].includes(to);
}

/** Tickets the kitchen still has to cook or hand over: they load the kitchen's buckets. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['received', 'preparing', 'ready'];

/** Tickets still being cooked: the all-day counts, and late once past their promise. */
export const COOKING_TICKET_STATUSES: readonly TicketStatus[] = ['received', 'preparing'];

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
