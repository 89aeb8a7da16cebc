import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '../../../src/shared/contract/tickets.ts';
import {
  COOKING_TICKET_STATUSES,
  DINE_IN_RESERVATION_STATUSES,
  OPEN_TICKET_STATUSES,
  TICKET_TRANSITIONS,
  canMoveTicket,
  isCookingTicket,
  isOpenTicket,
  loadsKitchen,
} from '../../../src/shared/domain/workflows.ts';

/** The kitchen's rules as docs/reference/operations.md "The kitchen board" words them, spelled out pair by pair. */
const ALLOWED = new Set([
  'received→preparing',
  'received→ready',
  'received→cancelled',
  'preparing→ready',
  'preparing→cancelled',
  'ready→completed',
  'ready→preparing',
  'completed→ready',
]);

describe('the ticket workflow tables', () => {
  it('give every status of the contract a row, and move only to statuses of the contract', () => {
    expect(Object.keys(TICKET_TRANSITIONS).sort()).toEqual([...TICKET_STATUSES].sort());
    for (const targets of Object.values(TICKET_TRANSITIONS))
      for (const to of targets) expect(TICKET_STATUSES).toContain(to);
  });

  it('allow exactly the moves of the kitchen board, and nothing out of a cancelled ticket', () => {
    for (const from of TICKET_STATUSES) {
      for (const to of TICKET_STATUSES)
        expect(canMoveTicket(from, to), `${from}→${to}`).toBe(ALLOWED.has(`${from}→${to}`));
    }
    expect(TICKET_TRANSITIONS.cancelled).toEqual([]);
  });

  it('count as open every status but completed, cancelled and awaiting_payment, as loading the kitchen the open ones and awaiting_payment, and as cooking only received and preparing', () => {
    expect([...OPEN_TICKET_STATUSES].sort()).toEqual(['preparing', 'ready', 'received']);
    expect([...COOKING_TICKET_STATUSES].sort()).toEqual(['preparing', 'received']);
    for (const status of TICKET_STATUSES) {
      expect(isOpenTicket(status)).toBe(
        status !== 'completed' && status !== 'cancelled' && status !== 'awaiting_payment',
      );
      // A ticket awaiting its payment holds its room (docs/reference/ordering.md "Payments") but is not on the board.
      expect(loadsKitchen(status)).toBe(isOpenTicket(status) || status === 'awaiting_payment');
      expect(isCookingTicket(status)).toBe(status === 'received' || status === 'preparing');
      // What is still cooked is still open.
      if (isCookingTicket(status)) expect(isOpenTicket(status)).toBe(true);
    }
  });

  it('reopen a ticket only by a recall (completed → ready), and close one only toward completed or cancelled', () => {
    const closed = (s: TicketStatus) => !isOpenTicket(s);
    for (const from of TICKET_STATUSES) {
      for (const to of TICKET_TRANSITIONS[from]) {
        if (closed(from) && !closed(to)) expect(`${from}→${to}`).toBe('completed→ready');
        if (!closed(from) && closed(to)) expect(['completed', 'cancelled']).toContain(to);
      }
    }
  });

  it('take dine-in orders against a booked or seated reservation only', () => {
    expect([...DINE_IN_RESERVATION_STATUSES].sort()).toEqual(['booked', 'seated']);
  });
});
