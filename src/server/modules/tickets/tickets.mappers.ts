import type {
  DeliveryAddress,
  Fulfilment,
  Ticket,
  TicketSource,
  TicketStatus,
} from '../../../shared/contract/tickets.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { OrderMoney } from '../../../shared/domain/billing.ts';
import { chosenOptions, copiedName } from '../../db/dish-copy.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { TicketLinesTable, TicketsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { asMinor } from '../../../shared/domain/money.ts';

export type TicketRow = Selectable<TicketsTable>;
export type TicketLineRow = Selectable<TicketLinesTable>;

/** A priced order's money as the contract writes it (quote, checkout, ticket): minor units to the currency's. */
export function quotedMoney(money: OrderMoney) {
  return {
    subtotal: fromMinorUnits(money.subtotal),
    taxes: money.taxes.map((t) => ({
      name: t.name,
      rate: t.rate,
      base: fromMinorUnits(t.base),
      amount: fromMinorUnits(t.amount),
    })),
    taxInclusive: money.taxInclusive,
    serviceCharge: fromMinorUnits(money.serviceCharge),
    deliveryFee: fromMinorUnits(money.deliveryFee),
    total: fromMinorUnits(money.total),
  };
}

/** The money a ticket row keeps (minor units) as the contract writes it. */
function ticketMoney(t: TicketRow) {
  return quotedMoney({
    subtotal: asMinor(t.subtotal),
    taxes: JSON.parse(t.taxes || '[]') as OrderMoney['taxes'],
    taxInclusive: Number(t.tax_inclusive) === 1,
    serviceCharge: asMinor(t.service_charge),
    deliveryFee: asMinor(t.delivery_fee),
    total: asMinor(t.total),
  });
}

/**
 * A ticket as the contract has it, from its row and its lines, each line's dish and options
 * named in `language` (their copies', decision 050). The optional fields come last
 * (the serializer writes the contract's order): a spread followed by more properties takes
 * V8's slow path on Node 20 (dish-copy.ts).
 */
export function toTicket(t: TicketRow, lines: TicketLineRow[], language: Language = 'en'): Ticket {
  const money = ticketMoney(t);
  return {
    _id: String(t.id),
    branchId: String(t.branch_id),
    number: t.number,
    fulfilment: t.fulfilment as Fulfilment,
    status: t.status as TicketStatus,
    placedAt: t.placed_at,
    readyAt: t.ready_at,
    scheduled: Number(t.scheduled) === 1,
    lines: lines.map((l) => {
      const line: Ticket['lines'][number] = {
        orderMainId: l.order_id === null ? null : String(l.order_id),
        name: copiedName(l, language),
        quantity: l.quantity,
        price: fromMinorUnits(asMinor(l.price)),
      };
      const options = chosenOptions(l.options, language);
      if (options.length > 0) line.options = options;
      if (l.note) line.note = l.note;
      return line;
    }),
    subtotal: money.subtotal,
    taxes: money.taxes,
    taxInclusive: money.taxInclusive,
    serviceCharge: money.serviceCharge,
    deliveryFee: money.deliveryFee,
    total: money.total,
    payment: t.payment as 'paid' | 'due',
    source: t.source as TicketSource,
    customer: t.customer_phone
      ? { name: t.customer_name, email: t.customer_email, phone: t.customer_phone }
      : { name: t.customer_name, email: t.customer_email },
    ...(t.arrive_at ? { arriveAt: t.arrive_at } : {}),
    ...(t.address ? { address: JSON.parse(t.address) as DeliveryAddress } : {}),
    ...(t.reservation_id !== null ? { reservationId: String(t.reservation_id) } : {}),
    ...(t.table_id !== null ? { tableId: String(t.table_id) } : {}),
    ...(t.cancel_reason ? { cancelReason: t.cancel_reason } : {}),
    ...(t.bill_id !== null ? { billId: String(t.bill_id) } : {}),
    ...(t.status === 'completed' && t.completed_at ? { completedAt: t.completed_at } : {}),
  };
}
