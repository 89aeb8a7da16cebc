import type { Minor } from '../../../shared/domain/money.ts';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { BillParts } from './bills.mappers.ts';
import { type BillPaymentRow, createBillsRepository } from './bills.repository.ts';

/**
 * The tickets a bill is made of, as the tickets module publishes them (tickets.published.ts,
 * handed in by the app: the tickets service calls this module's, so this one cannot call it).
 */
export interface TicketsOnBills {
  onBills(
    executor: Kysely<AppDatabase>,
    billIds: number[],
  ): Promise<{
    tickets: {
      id: number;
      bill_id: number;
      status: string;
      user_id: number | null;
      delivery_fee: Minor;
      placed_at: string;
    }[];
    lines: {
      id: number;
      ticket_id: number;
      product_id: number;
      bill_id: number;
      ticket_status: string;
      name: string;
      name_bn: string;
      quantity: number;
      price: Minor;
      options: string;
    }[];
  }>;
  billOf(executor: Kysely<AppDatabase>, ticketId: number): Promise<number | null>;
  hasOnBill(executor: Kysely<AppDatabase>, billId: number, userId: number): Promise<boolean>;
  billPaid(trx: Kysely<AppDatabase>, billId: number): Promise<void>;
}

/** Where a bill's parts come from: its tickets (tickets), their dishes' categories (catalog), its online payments' refunds (payments). */
export interface BillSources {
  tickets: TicketsOnBills;
  catalog: Pick<CatalogService, 'dishFacts'>;
  payments?: Pick<PaymentsService, 'refunds'> | undefined;
}

function groupBy<T extends { bill_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.bill_id);
    if (list) list.push(row);
    else map.set(row.bill_id, [row]);
  }
  return map;
}

/** Everything these bills are made of, by bill: tickets and lines (with their dish's category), discounts and payments. */
export async function billParts(
  executor: Kysely<AppDatabase>,
  sources: BillSources,
  ids: number[],
): Promise<Map<number, BillParts>> {
  if (ids.length === 0) return new Map();
  // One after the other: inside a transaction all go through its one connection.
  const own = await createBillsRepository(executor).parts(ids);
  const { tickets, lines } = await sources.tickets.onBills(executor, ids);
  const facts = await sources.catalog.dishFacts(
    executor,
    lines.map((l) => l.product_id),
  );
  const online = own.payments.filter((p) => p.payment_id !== null).map((p) => p.payment_id as number);
  const reserved =
    online.length > 0 && sources.payments
      ? await sources.payments.refunds.reservedOf(executor, online)
      : new Map<number, { reserved: number; deposit: boolean }>();
  const payments: BillPaymentRow[] = own.payments.map((p) => {
    const held = p.payment_id === null ? undefined : reserved.get(p.payment_id);
    return { ...p, reserved: held ? held.reserved : null, deposit: held?.deposit ? 1 : 0 };
  });
  const byTicket = groupBy(tickets);
  const byLine = groupBy(
    lines.map(({ product_id, ...line }) => ({ ...line, category: facts.get(product_id)?.category ?? null })),
  );
  const discounts = groupBy(own.discounts);
  const paid = groupBy(payments);
  return new Map(
    ids.map((id) => [
      id,
      {
        tickets: byTicket.get(id) ?? [],
        lines: byLine.get(id) ?? [],
        discounts: discounts.get(id) ?? [],
        payments: paid.get(id) ?? [],
      },
    ]),
  );
}
