import type { Kysely } from 'kysely';
import { PAYMENT_PAID } from '../../../shared/constants.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type Minor, asMinor } from '../../../shared/domain/money.ts';

/**
 * What the tickets module publishes of its tables to the modules below it, which cannot call its
 * service (the tickets service calls theirs): the bills a ticket is on (bills), and where a
 * placed booking order stands (orders). The app hands it to them (decision 041); each module
 * declares the part it needs, so neither imports this file. Every call takes the handle to run
 * on: inside a transaction, the transaction.
 */
export function createTicketsPublished(db: Kysely<AppDatabase>) {
  return {
    /** Where these tickets stand, by id (a booking order's list says which ticket holds it), with each one's total as placed (minor units) and its bill. */
    async summaries(ids: number[]): Promise<Map<number, TicketSummary>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('tickets')
        .select(['id', 'number', 'fulfilment', 'payment', 'status', 'total', 'bill_id'])
        .where('id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            number: r.number,
            fulfilment: r.fulfilment,
            payment: r.payment,
            status: r.status,
            total: asMinor(r.total),
            billId: r.bill_id,
          },
        ]),
      );
    },

    /** The tickets on these bills and their lines (by id), each with its ticket's state. */
    async onBills(executor: Kysely<AppDatabase>, billIds: number[]) {
      if (billIds.length === 0) return { tickets: [], lines: [] };
      const tickets = (await executor
        .selectFrom('tickets')
        .select(['id', 'bill_id', 'status', 'user_id', 'delivery_fee', 'placed_at'])
        .where('bill_id', 'in', billIds)
        .orderBy('id')
        .execute()) as {
        id: number;
        bill_id: number;
        status: string;
        user_id: number | null;
        delivery_fee: Minor;
        placed_at: string;
      }[];
      const lines = (await executor
        .selectFrom('ticket_lines as l')
        .innerJoin('tickets as t', 't.id', 'l.ticket_id')
        .select([
          'l.id',
          'l.ticket_id',
          'l.product_id',
          't.bill_id',
          't.status as ticket_status',
          'l.name',
          'l.name_bn',
          'l.quantity',
          'l.price',
          'l.options',
        ])
        .where('t.bill_id', 'in', billIds)
        .orderBy('l.id')
        .execute()) as {
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
      return { tickets, lines };
    },

    /** The bill a ticket is on (null: none, or no such ticket). */
    async billOf(executor: Kysely<AppDatabase>, ticketId: number): Promise<number | null> {
      const row = await executor.selectFrom('tickets').select('bill_id').where('id', '=', ticketId).executeTakeFirst();
      return row?.bill_id ?? null;
    },

    /** Whether a guest has a ticket on a bill. */
    async hasOnBill(executor: Kysely<AppDatabase>, billId: number, userId: number): Promise<boolean> {
      return (
        (await executor
          .selectFrom('tickets')
          .select('id')
          .where('bill_id', '=', billId)
          .where('user_id', '=', userId)
          .executeTakeFirst()) !== undefined
      );
    },

    /** A bill was paid, in its transaction: its tickets are paid. */
    async billPaid(trx: Kysely<AppDatabase>, billId: number): Promise<void> {
      await trx.updateTable('tickets').set({ payment: PAYMENT_PAID }).where('bill_id', '=', billId).execute();
    },
  };
}

/** A ticket as a booking order's list sees it: `total` as placed, in minor units. */
export interface TicketSummary {
  number: string;
  fulfilment: string;
  payment: string;
  status: string;
  total: Minor;
  billId: number | null;
}

export type TicketsPublished = ReturnType<typeof createTicketsPublished>;
