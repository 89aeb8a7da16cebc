import type { Allergen } from '../../../shared/constants.ts';
import type { KitchenTicket } from '../../../shared/contract/kitchen.ts';
import type { Reservation } from '../../../shared/contract/reservations.ts';
import type { Ticket } from '../../../shared/contract/tickets.ts';
import { isCookingTicket } from '../../../shared/domain/workflows.ts';

/**
 * A board card: the ticket, each line's allergens (dish and chosen values, `lineAllergens` in
 * line order) and dish (`lineProducts`, in line order), whether it is late, and the table or reservation it is for. Set onto the ticket
 * read for this answer, not `{ ...ticket, late }` (V8's slow path, dish-copy.ts).
 */
export function toKitchenTicket(
  ticket: Ticket,
  lineAllergens: readonly Allergen[][],
  now: string,
  tableName: string | undefined,
  reservation: Reservation | undefined,
  lineProducts: readonly (number | null)[] = [],
): KitchenTicket {
  ticket.lines.forEach((line, index) => {
    const productId = lineProducts[index];
    Object.assign(
      line,
      productId === null || productId === undefined
        ? { allergens: lineAllergens[index] ?? [] }
        : { allergens: lineAllergens[index] ?? [], productId: String(productId) },
    );
  });
  return Object.assign(ticket as KitchenTicket, {
    late: isCookingTicket(ticket.status) && now > ticket.readyAt,
    ...(ticket.tableId && tableName ? { table: { _id: ticket.tableId, name: tableName } } : {}),
    ...(reservation
      ? {
          reservation: {
            _id: reservation._id,
            name: reservation.name,
            time: reservation.time,
            partySize: reservation.partySize,
            tables: reservation.tables.map((t) => t.name),
          },
        }
      : {}),
  });
}
