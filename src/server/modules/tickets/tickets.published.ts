import type { Kysely } from 'kysely';
import { PAYMENT_PAID } from '../../../shared/constants.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { precompiledIn } from '../../db/precompiled.ts';
import { type Minor, asMinor } from '../../../shared/domain/money.ts';

/** The tickets on bills and their lines (every bill's money reads it: decision 075). */
const ticketsOnBills = precompiledIn(1, (db, billIds: number[]) =>
  db
    .selectFrom('tickets as t')
    .leftJoin('ticket_lines as l', 'l.ticket_id', 't.id')
    .select([
      't.id as t_id',
      't.bill_id',
      't.status',
      't.user_id',
      't.delivery_fee',
      't.placed_at',
      'l.id as l_id',
      'l.product_id',
      'l.name',
      'l.name_bn',
      'l.quantity',
      'l.price',
      'l.options',
    ])
    .where('t.bill_id', 'in', billIds)
    .orderBy('t.id')
    .orderBy('l.id'),
);

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

    /**
     * The tickets on these bills (by id) and their lines (by id), each with its ticket's state:
     * one statement, each ticket with its lines joined (a bill's money is read for every ticket
     * shown: one round trip less).
     */
    async onBills(executor: Kysely<AppDatabase>, billIds: number[]) {
      if (billIds.length === 0) return { tickets: [], lines: [] };
      const { rows } = await ticketsOnBills(executor, billIds);
      const tickets: BillTicket[] = [];
      const lines: BillTicketLine[] = [];
      for (const r of rows) {
        const bill = r.bill_id as number;
        if (tickets.at(-1)?.id !== r.t_id)
          tickets.push({
            id: r.t_id,
            bill_id: bill,
            status: r.status,
            user_id: r.user_id,
            delivery_fee: r.delivery_fee,
            placed_at: r.placed_at,
          });
        if (r.l_id === null) continue;
        lines.push({
          id: r.l_id,
          ticket_id: r.t_id,
          product_id: r.product_id as number,
          bill_id: bill,
          ticket_status: r.status,
          name: r.name as string,
          name_bn: r.name_bn as string,
          quantity: r.quantity as number,
          price: r.price as Minor,
          options: r.options as string,
        });
      }
      // The lines by id, as a bill lists them (each ticket's lines were read in order, the tickets by id).
      lines.sort((a, b) => a.id - b.id);
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

/** A ticket on a bill, as the bill's money reads it. */
interface BillTicket {
  id: number;
  bill_id: number;
  status: string;
  user_id: number | null;
  delivery_fee: Minor;
  placed_at: string;
}

/** A line of a ticket on a bill, with its ticket's bill and state. */
interface BillTicketLine {
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
}
