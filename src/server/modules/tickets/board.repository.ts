import type { Kysely, Updateable } from 'kysely';
import type { TicketStatus } from '../../../shared/contract/tickets.ts';
import { OPEN_TICKET_STATUSES } from '../../../shared/domain/workflows.ts';
import type { AppDatabase, TicketsTable } from '../../db/schema.ts';
import type { BranchId } from '../../db/branch.ts';
import { precompiled } from '../../db/precompiled.ts';

/** What a status change needs to know of a ticket (every kitchen tap reads it: decision 075). */
const ticketStatus = precompiled(2, (db, branch: BranchId, id: number) =>
  db
    .selectFrom('tickets')
    .select(['status', 'completed_at', 'payment', 'user_id', 'ready_at', 'units', 'fulfilment', 'bill_id'])
    .where('branch_id', '=', branch)
    .where('id', '=', id),
);

/** The status columns a change may write. */
export type StatusTimes = Partial<
  Record<'started_at' | 'ready_marked_at' | 'completed_at' | 'cancelled_at', string | null>
>;

type MoveSet = StatusTimes & { cancel_reason?: string | null; payment?: string };

/**
 * A ticket's compare-and-set move, compiled once for each set of columns it writes besides the
 * status (a kitchen tap's: decision 075); the columns' values are its last argument, in their order.
 */
const moves = new Map<string, ReturnType<typeof moveWriting>>();
function moveWriting(columns: readonly string[]) {
  return precompiled(5, (db, branch: BranchId, id: number, from: TicketStatus, to: TicketStatus, values: unknown[]) =>
    db
      .updateTable('tickets')
      .set({
        status: to,
        ...Object.fromEntries(columns.map((column, i) => [column, values[i]])),
      } as Updateable<TicketsTable>)
      .where('branch_id', '=', branch)
      .where('id', '=', id)
      .where('status', '=', from),
  );
}

/**
 * The SQL of the kitchen's work on tickets (the kitchen module reaches it through the tickets
 * service): the board's order, the all-day counts and the status changes, of one branch's
 * kitchen (decision 062: every query names the branch). Built on a handle: inside a transaction,
 * build it on the transaction.
 */
export function createBoardRepository(db: Kysely<AppDatabase>, branch: BranchId) {
  return {
    /** Open tickets and those completed since `since`, by promise (at most `limit`), after the ticket `after` (the page before's last). */
    async boardIds(
      since: string,
      limit: number,
      after?: { readyAt: string; id: number },
    ): Promise<{ id: number; ready_at: string }[]> {
      let query = db
        .selectFrom('tickets')
        .select(['id', 'ready_at'])
        .where('branch_id', '=', branch)
        .where((eb) =>
          eb.or([
            eb('status', 'in', OPEN_TICKET_STATUSES),
            eb.and([eb('status', '=', 'completed'), eb('completed_at', '>=', since)]),
          ]),
        );
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('ready_at', '>', after.readyAt),
            eb.and([eb('ready_at', '=', after.readyAt), eb('id', '>', after.id)]),
          ]),
        );
      return query.orderBy('ready_at').orderBy('id').limit(limit).execute();
    },

    /** Portions per dish over tickets in these statuses, with the dish's names as its lines copied them (the newest copy's, by the greatest). */
    portions(statuses: readonly TicketStatus[]) {
      return db
        .selectFrom('ticket_lines')
        .innerJoin('tickets', 'tickets.id', 'ticket_lines.ticket_id')
        .select([
          'ticket_lines.product_id',
          (eb) => eb.fn.max('ticket_lines.name').as('name'),
          (eb) => eb.fn.max('ticket_lines.name_bn').as('name_bn'),
          (eb) => eb.fn.sum<number>('ticket_lines.quantity').as('quantity'),
        ])
        .where('tickets.branch_id', '=', branch)
        .where('tickets.status', 'in', statuses)
        .groupBy('ticket_lines.product_id')
        .execute();
    },

    /** The lines with options of tickets in these statuses: their dish, quantity and copy of the options (JSON). */
    optionLines(statuses: readonly TicketStatus[]) {
      return db
        .selectFrom('ticket_lines')
        .innerJoin('tickets', 'tickets.id', 'ticket_lines.ticket_id')
        .select(['ticket_lines.product_id', 'ticket_lines.quantity', 'ticket_lines.options'])
        .where('tickets.branch_id', '=', branch)
        .where('tickets.status', 'in', statuses)
        .where('ticket_lines.options', '!=', '[]')
        .execute();
    },

    /** What a status change needs to know of a ticket. */
    async statusOf(id: number) {
      return (await ticketStatus(db, branch, id)).rows[0];
    },

    /** Moves a ticket from `from` to `to` only if it is still `from` (compare-and-set); whether it did. */
    async move(id: number, from: TicketStatus, to: TicketStatus, set: MoveSet): Promise<boolean> {
      const columns = Object.keys(set).filter((column) => set[column as keyof MoveSet] !== undefined);
      const key = columns.join();
      let statement = moves.get(key);
      if (statement === undefined) moves.set(key, (statement = moveWriting(columns)));
      const values = columns.map((column) => set[column as keyof MoveSet]);
      const changed = await statement(db, branch, id, from, to, values);
      return Number(changed.numAffectedRows) === 1;
    },
  };
}
