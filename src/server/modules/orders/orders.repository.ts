import { type Kysely, sql } from 'kysely';
import { ORDER_STATUS, PAYMENT_PAID } from '../../../shared/constants.ts';
import { dishCopyColumns } from '../../db/dish-copy.ts';
import type { OrderedDish } from '../catalog/catalog.service.ts';
import type { AppDatabase, OrderRow } from '../../db/schema.ts';
import { type Minor, timesMinor } from '../../../shared/domain/money.ts';
import type { BranchId } from '../../db/branch.ts';
import { precompiled } from '../../db/precompiled.ts';

/** `ticket_charged`: what the ticket's bill charges for it (paid, once paid), `ticket_refunded` what it gave back; minor units. */
export type OrderWithTicket = OrderRow & {
  ticket_number: string | null;
  ticket_fulfilment: string | null;
  ticket_payment: string | null;
  ticket_status: string | null;
  ticket_charged?: Minor;
  ticket_refunded?: Minor;
};

/**
 * A line of the guest's at another branch that holds the bag there: unplaced, or on a ticket still
 * awaiting its payment (decision 074); an unplaced one first. Every bag add reads it: decision 075.
 */
const lineElsewhere = precompiled(2, (db, userId: number, branch: BranchId) =>
  db
    .selectFrom('orders')
    .select(['branch_id', 'ticket_id'])
    .where('user_id', '=', userId)
    .where('branch_id', '!=', branch)
    .where((eb) =>
      eb.or([
        eb('ticket_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('tickets')
            .select('tickets.id')
            .whereRef('tickets.id', '=', 'orders.ticket_id')
            .where('tickets.status', '=', 'awaiting_payment'),
        ),
      ]),
    )
    .orderBy(sql`ticket_id is null`, 'desc')
    .limit(1),
);

/**
 * All SQL about booking orders. Every statement is scoped by user_id, so a record of
 * someone else is simply not found. Returns rows, or undefined.
 */
export function createOrdersRepository(db: Kysely<AppDatabase>) {
  return {
    /** The user's orders (the service adds where the ticket holding each stands). */
    listByUser(userId: number): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /**
     * A booking order at the dish's price now with its chosen options: unit price × quantity,
     * computed in minor units, status Conform, unpaid; it keeps a copy of the options.
     */
    insert(userId: number, dish: OrderedDish, quantity: number, branch: BranchId): Promise<OrderRow> {
      return db
        .insertInto('orders')
        .values({
          ...dishCopyColumns(userId, dish),
          branch_id: branch,
          unit_price: dish.unitCents,
          quantity,
          total_price: timesMinor(dish.unitCents, quantity),
          options: JSON.stringify(dish.options),
          status: ORDER_STATUS.conform,
          payment: null,
          pay_method: null,
          pay_account: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * A branch other than `branch` that holds the user's bag, if any: a line of it waits in the
     * bag (no ticket holds it yet), or is on a ticket still awaiting its online payment, which
     * gives it back to the bag if the payment fails (decision 074). `waiting`: only the latter;
     * a line in the bag is named first.
     */
    async bagElsewhere(userId: number, branch: BranchId): Promise<{ branch: number; waiting: boolean } | undefined> {
      const row = (await lineElsewhere(db, userId, branch)).rows[0];
      return row && { branch: row.branch_id, waiting: row.ticket_id !== null };
    },

    find(userId: number, id: number): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    delete(userId: number, id: number): Promise<OrderRow | undefined> {
      return db
        .deleteFrom('orders')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The user's lines by id, as a ticket places them (with the ticket already holding each, if
     * any).
     */
    async linesOf(
      userId: number,
      ids: number[],
    ): Promise<
      Pick<
        OrderRow,
        | 'id'
        | 'product_id'
        | 'name'
        | 'name_bn'
        | 'quantity'
        | 'total_price'
        | 'payment'
        | 'ticket_id'
        | 'options'
        | 'branch_id'
      >[]
    > {
      return db
        .selectFrom('orders')
        .select([
          'id',
          'product_id',
          'name',
          'name_bn',
          'quantity',
          'total_price',
          'payment',
          'ticket_id',
          'options',
          'branch_id',
        ])
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    /** The lines a ticket took: it holds them from now on; paid with it unless it is paid in cash. Only lines no ticket holds yet. */
    async markPlaced(
      ticketId: number,
      ids: number[],
      paid: { method: string; account: string | null } | null,
    ): Promise<void> {
      await db
        .updateTable('orders')
        .set(
          paid
            ? { ticket_id: ticketId, payment: PAYMENT_PAID, pay_method: paid.method, pay_account: paid.account }
            : { ticket_id: ticketId },
        )
        .where('id', 'in', ids)
        .where('ticket_id', 'is', null)
        .execute();
    },

    /** A ticket's online payment succeeded: its lines are paid by that provider. */
    async payOnline(ticketId: number, provider: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment: PAYMENT_PAID, pay_method: provider, pay_account: null })
        .where('ticket_id', '=', ticketId)
        .execute();
    },

    /** A ticket whose payment failed lets its lines go: the guest may place them again. */
    async release(ticketId: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ ticket_id: null })
        .where('ticket_id', '=', ticketId)
        .where((eb) => eb.or([eb('payment', 'is', null), eb('payment', '!=', PAYMENT_PAID)]))
        .execute();
    },

    /** Cash taken when a ticket is handed over: its lines are paid. */
    async collectCash(ticketId: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment: PAYMENT_PAID, pay_method: 'cash' })
        .where('ticket_id', '=', ticketId)
        .execute();
    },
  };
}
