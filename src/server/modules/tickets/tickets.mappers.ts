import type { DeliveryAddress, Fulfilment, Ticket, TicketSource, TicketStatus } from '../../../shared/contract/tickets.ts';
import { optionsCopy } from '../../db/dish-copy.ts';
import type { TicketLinesTable, TicketsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type TicketRow = Selectable<TicketsTable>;
export type TicketLineRow = Selectable<TicketLinesTable>;

/**
 * A ticket as the contract has it, from its row and its lines. The optional fields come last
 * (the serializer writes the contract's order): a spread followed by more properties takes
 * V8's slow path on Node 20 (dish-copy.ts).
 */
export function toTicket(t: TicketRow, lines: TicketLineRow[]): Ticket {
  return {
    _id: String(t.id),
    number: t.number,
    fulfilment: t.fulfilment as Fulfilment,
    status: t.status as TicketStatus,
    placedAt: t.placed_at,
    readyAt: t.ready_at,
    scheduled: Number(t.scheduled) === 1,
    lines: lines.map((l) => {
      const line: Ticket['lines'][number] = { orderMainId: l.order_id === null ? null : String(l.order_id), name: l.name, quantity: l.quantity, price: Number(l.price) };
      const options = optionsCopy(l.options);
      if (options.length > 0) line.options = options;
      if (l.note) line.note = l.note;
      return line;
    }),
    subtotal: Number(t.subtotal),
    deliveryFee: Number(t.delivery_fee),
    total: Number(t.total),
    payment: t.payment as 'paid' | 'due',
    source: t.source as TicketSource,
    customer: t.customer_phone ? { name: t.customer_name, email: t.customer_email, phone: t.customer_phone } : { name: t.customer_name, email: t.customer_email },
    ...(t.arrive_at ? { arriveAt: t.arrive_at } : {}),
    ...(t.address ? { address: JSON.parse(t.address) as DeliveryAddress } : {}),
    ...(t.reservation_id !== null ? { reservationId: String(t.reservation_id) } : {}),
    ...(t.table_id !== null ? { tableId: String(t.table_id) } : {}),
    ...(t.cancel_reason ? { cancelReason: t.cancel_reason } : {}),
    ...(t.bill_id !== null ? { billId: String(t.bill_id) } : {}),
  };
}
