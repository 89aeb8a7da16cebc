import type { BranchId } from '../db/branch.ts';
import type { Reservation } from '../../shared/contract/reservations.ts';
import type { Ticket, TicketStatus } from '../../shared/contract/tickets.ts';

/**
 * What happened in the restaurant, told after it was committed (decision 041). A module raises
 * its own events once its transaction has committed, in the process that committed it; the
 * modules and the app subscribe to what interests them (live events to the screens, the mail
 * outbox, printers). A handler that fails is logged: the write it follows stands.
 *
 * Nothing that must happen in the same transaction travels here (a bill's money, a deposit
 * following its booking): those are calls through a narrow interface, in one direction.
 */

/** A ticket's owner: the guest who placed it online, or null (a staff order). */
type Owner = { ownerId: number | null };

/** A ticket the kitchen now has to cook: placed (not awaiting its payment), or its online payment arrived. */
export type TicketReachedBoard = { type: 'ticket.reached-board'; ticket: Ticket } & Owner;
/** The kitchen moved a ticket on (preparing, ready, completed). */
export type TicketMoved = { type: 'ticket.moved'; ticket: Ticket; from: TicketStatus } & Owner;
/** The kitchen took a ticket back a step (ready → preparing, completed → ready): it is on the board again. */
export type TicketRecalled = { type: 'ticket.recalled'; ticket: Ticket; from: TicketStatus } & Owner;
/** A ticket was cancelled: by the kitchen (with its reason), or its online payment failed or expired. */
export type TicketCancelled = {
  type: 'ticket.cancelled';
  ticket: Ticket;
  by: 'kitchen' | 'payment';
  reason: string;
} & Owner;
export type TicketEvent = TicketReachedBoard | TicketMoved | TicketRecalled | TicketCancelled;

/** A bill was paid (its due reached 0; its receipt number taken): its tickets are paid. `branchId`: the bill's own branch. */
export type BillPaid = {
  type: 'bill.paid';
  billId: number;
  branchId: BranchId;
  tickets: { id: number; userId: number | null }[];
};
/** A bill's money changed (a payment, a discount, a refund, a cancel): its branch's Floor reads it again. */
export type BillChanged = { type: 'bill.changed'; billId: number; branchId: BranchId };

/** A reservation was booked, moved, cancelled or changed status (its view as it now is). */
export type ReservationChanged = {
  type: 'reservation.changed';
  reservation: Reservation;
  change: 'booked' | 'changed' | 'cancelled' | 'status';
} & Owner;

export type DomainEvent = TicketEvent | BillPaid | BillChanged | ReservationChanged;
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** A subscriber: may be async; what it throws or rejects with is logged, never passed back. */
export type DomainEventHandler<T extends DomainEventType> = (event: DomainEventOf<T>) => void | Promise<void>;
