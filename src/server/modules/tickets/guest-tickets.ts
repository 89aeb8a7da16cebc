import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import { OPEN_TICKET_STATUSES } from '../../../shared/domain/workflows.ts';

/**
 * A guest's own tickets are the brand's (decision 062): their list, their open unpaid orders and
 * a ticket's owner and branch, read by id across every branch (a ticket is then viewed at its own
 * branch).
 */
export function guestTickets(db: Kysely<AppDatabase>) {
  return {
    /** A guest's newest ticket ids, older than `before` (the page before's last). */
    async idsOf(userId: number, limit: number, before?: number): Promise<number[]> {
      let query = db.selectFrom('tickets').select('id').where('user_id', '=', userId);
      if (before !== undefined) query = query.where('id', '<', before);
      return (await query.orderBy('id', 'desc').limit(limit).execute()).map((r) => r.id);
    },

    /** How many of a guest's tickets are open and still to be paid, at every branch (read in the caller's transaction). */
    async openUnpaidOf(executor: Kysely<AppDatabase>, userId: number): Promise<number> {
      const row = await executor
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('payment', '=', 'due')
        .where('status', 'in', OPEN_TICKET_STATUSES)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Who a ticket belongs to (undefined: no such ticket). */
    ownerOf(id: number): Promise<{ user_id: number | null; branch_id: number } | undefined> {
      return db.selectFrom('tickets').select(['user_id', 'branch_id']).where('id', '=', id).executeTakeFirst();
    },

    /** The branch of each of these tickets. */
    branchesOf(ids: number[]): Promise<{ id: number; branch_id: number }[]> {
      return db.selectFrom('tickets').select(['id', 'branch_id']).where('id', 'in', ids).execute();
    },
  };
}
