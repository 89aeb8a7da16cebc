import type { ReservationStatus } from './reservations.ts';
import type { Fulfilment, TicketStatus } from './tickets.ts';

/**
 * Live events (docs/reference/operations.md "The kitchen board"): `GET /api/v1/events` is a Server-Sent Events
 * stream, authenticated with the Bearer token. Each event's `data` is one of these as JSON.
 * Staff receive every event; a guest only those of their own tickets and reservations. Payloads
 * are small: a client reloads what it shows, except the kitchen board, which patches its card from a
 * ticket event (decision 063).
 */

export interface TicketEvent {
  type: 'ticket';
  _id: string;
  status: TicketStatus;
  number: string;
  fulfilment: Fulfilment;
  readyAt: string;
  /** What else a move changes on a board's card (cash taken on completing, the completed timer), so that a board patches its card from the event (decision 063). */
  payment?: 'paid' | 'due';
  completedAt?: string;
  /** The bill it is a round of: the Floor reads that bill alone (decision 063). */
  billId?: string;
}

export interface ReservationEvent {
  type: 'reservation';
  _id: string;
  status: ReservationStatus;
  date: string;
  time: string;
}

/** A bill's money changed without a ticket moving (a discount, a part payment, a payment online): staff only. */
export interface BillEvent {
  type: 'bill';
  _id: string;
}

export type LiveEvent = TicketEvent | ReservationEvent | BillEvent;

export { RESYNC_EVENT } from './values.ts';
/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
