import type { Insertable, Kysely } from 'kysely';
import type { AppDatabase, TicketsTable } from '../../db/schema.ts';
import { OPEN_TICKET_STATUSES } from '../../../shared/domain/workflows.ts';
import type { TicketLineRow, TicketRow } from './tickets.mappers.ts';

/**
 * All SQL about placing tickets and reading them back: the ticket and its lines, the day's
 * numbers, a guest's list, and the reads the kitchen and the dashboard reach through the
 * service. Built on a handle: inside a transaction, build it on the transaction.
 */
export function createTicketsRepository(db: Kysely<AppDatabase>) {
  return {
    /** Tickets by id (newest first) with their lines, in line order. */
    async withLines(ids: number[]): Promise<{ row: TicketRow; lines: TicketLineRow[] }[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('tickets').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
      const lines = await db.selectFrom('ticket_lines').selectAll().where('ticket_id', 'in', ids).orderBy('id').execute();
      const byTicket = new Map<number, TicketLineRow[]>();
      for (const line of lines) {
        const list = byTicket.get(line.ticket_id);
        if (list) list.push(line);
        else byTicket.set(line.ticket_id, [line]);
      }
      return rows.map((row) => ({ row, lines: byTicket.get(row.id) ?? [] }));
    },

    /** Open tickets due between two instants: what the kitchen still has to cook. */
    openBetween(from: string, to: string) {
      return db
        .selectFrom('tickets')
        .select(['ready_at', 'units', 'reservation_id', 'fulfilment'])
        .where('status', 'in', OPEN_TICKET_STATUSES)
        .where('ready_at', '>=', from)
        .where('ready_at', '<=', to)
        .execute();
    },

    /** The next number of a local day (1 for its first ticket). */
    async nextSeq(day: string): Promise<number> {
      const last = await db.selectFrom('tickets').select((eb) => eb.fn.max('seq').as('seq')).where('local_date', '=', day).executeTakeFirst();
      return Number(last?.seq ?? 0) + 1;
    },

    /** Writes a ticket and copies of its lines; its id. */
    async insert(ticket: Insertable<TicketsTable>, lines: { order_id: number; product_id: number; name: string; quantity: number; price: number }[]): Promise<number> {
      const { id } = await db.insertInto('tickets').values(ticket).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('ticket_lines')
        .values(lines.map((l) => ({ ticket_id: id, ...l })))
        .execute();
      return id;
    },

    /** A guest's newest ticket ids. */
    async idsOf(userId: number, limit: number): Promise<number[]> {
      return (await db.selectFrom('tickets').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute()).map((r) => r.id);
    },

    /** Who a ticket belongs to (undefined: no such ticket). */
    ownerOf(id: number): Promise<{ user_id: number | null } | undefined> {
      return db.selectFrom('tickets').select('user_id').where('id', '=', id).executeTakeFirst();
    },
  };
}
