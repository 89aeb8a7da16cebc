/**
 * What the night bench's evening (night-evening.ts) keeps for the figures and invariants read
 * afterwards: what it placed, sent and booked, and every message its live screens heard.
 */
import type { Cast } from './night-setup.ts';
import { pick } from './night-guests.ts';

export interface Ledger {
  /** Tickets placed (id → whose stream follows it: a guest's index, or -1). */
  tickets: Map<string, number>;
  /** Each staff order key and the ticket ids its sends were answered with. */
  keys: Map<string, string[]>;
  /** Ticket ids the kitchen moved to completed (answered 200). */
  completed: Set<string>;
  bookings: number;
  refusedFull: number;
  billsClosed: number;
  /** Bookings this evening made (their ids), walk-ins with them: whose branch a heard booking is. */
  reservations: Set<string>;
  /** Change key (t:id:status, r:id:status) → when the request that made it was sent. */
  sent: Map<string, number>;
  /** Change key → how many screens should hear it. */
  expected: Map<string, number>;
  /** Every message a screen heard: its key, the screen (its index) and when. */
  heard: { key: string; screen: number; at: number }[];
}

export function newLedger(): Ledger {
  return {
    tickets: new Map(),
    keys: new Map(),
    completed: new Set(),
    bookings: 0,
    refusedFull: 0,
    billsClosed: 0,
    reservations: new Set(),
    sent: new Map(),
    expected: new Map(),
    heard: [],
  };
}

export async function openScreens(cast: Cast, ledger: Ledger, signal: AbortSignal, bases: string[]): Promise<void> {
  const screens = [...cast.kitchen, ...cast.hosts, ...cast.floor, ...cast.guests.map((g) => g.device)];
  await Promise.all(
    screens.map((device, i) =>
      device.listen(
        pick(bases, i),
        (data, at) => {
          try {
            const event = JSON.parse(data) as { type?: string; _id?: string; status?: string };
            if (event.type === 'ticket' || event.type === 'reservation')
              ledger.heard.push({
                key: `${event.type === 'ticket' ? 't' : 'r'}:${event._id}:${event.status}`,
                screen: i,
                at,
              });
          } catch {
            // a heartbeat or resync
          }
        },
        signal,
      ),
    ),
  );
}
