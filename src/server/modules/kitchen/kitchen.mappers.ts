import type { KitchenTicket } from '../../../shared/contract/kitchen.ts';
import type { Reservation } from '../../../shared/contract/reservations.ts';
import type { Ticket } from '../../../shared/contract/tickets.ts';
import { isCookingTicket } from '../../../shared/domain/workflows.ts';

/**
 * A board card: the ticket, whether it is late, and the table or reservation it is for. Set
 * onto the ticket read for this answer, not `{ ...ticket, late }` (V8's slow path, dish-copy.ts).
 */
export function toKitchenTicket(ticket: Ticket, now: string, tableName: string | undefined, reservation: Reservation | undefined): KitchenTicket {
  return Object.assign(ticket, {
    late: isCookingTicket(ticket.status) && now > ticket.readyAt,
    ...(ticket.tableId && tableName ? { table: { _id: ticket.tableId, name: tableName } } : {}),
    ...(reservation ? { reservation: { _id: reservation._id, name: reservation.name, time: reservation.time, partySize: reservation.partySize, tables: reservation.tables.map((t) => t.name) } } : {}),
  });
}
