import type { Kysely } from 'kysely';
import { ORDER_STATUS } from '../../../shared/constants.ts';
import { type Dish, dishCopyColumns } from '../../db/dish-copy.ts';
import type { AppDatabase, OrderRow } from '../../db/schema.ts';

export type OrderWithTicket = OrderRow & { ticket_number: string | null; ticket_fulfilment: string | null; ticket_payment: string | null; ticket_status: string | null };

/**
 * All SQL about booking orders. Every statement is scoped by user_id, so a record of
 * someone else is simply not found. Returns rows, or undefined.
 */
export function createOrdersRepository(db: Kysely<AppDatabase>) {
  return {
    /** The user's orders, each with the ticket that holds it, if placed. */
    listByUser(userId: number): Promise<OrderWithTicket[]> {
      return db
        .selectFrom('orders')
        .leftJoin('tickets', 'tickets.id', 'orders.ticket_id')
        .selectAll('orders')
        .select(['tickets.number as ticket_number', 'tickets.fulfilment as ticket_fulfilment', 'tickets.payment as ticket_payment', 'tickets.status as ticket_status'])
        .where('orders.user_id', '=', userId)
        .orderBy('orders.id')
        .execute();
    },

    /** A booking order at the dish's price now: unit price × quantity, status Conform, unpaid. */
    insert(userId: number, dish: Dish, quantity: number): Promise<OrderRow> {
      const unitPrice = Number(dish.price);
      return db
        .insertInto('orders')
        .values({
          ...dishCopyColumns(userId, dish),
          unit_price: unitPrice,
          quantity,
          total_price: unitPrice * quantity,
          status: ORDER_STATUS.conform,
          payment: null,
          pay_method: null,
          pay_account: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    find(userId: number, id: number): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    delete(userId: number, id: number): Promise<OrderRow | undefined> {
      return db.deleteFrom('orders').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    },

  };
}

