import type { Kysely, Transaction } from 'kysely';
import { FAVORITE_STATUS, ORDER_STATUS, PAYMENT_PAID, type PaymentMethod } from '../../../shared/constants.ts';
import type { AppDatabase, FavoriteRow, OrderRow, ProductRow, ReportRow } from '../../db/schema.ts';

/**
 * All SQL about what a guest does with dishes: orders, favourites, reports and payments.
 * Every statement is scoped by user_id, so a record of someone else is simply not found.
 * Returns rows, or undefined/null when there is nothing to return.
 */

/** What an order, favourite or report copies from the catalogue. */
export type Dish = Pick<ProductRow, 'id' | 'name' | 'img' | 'category' | 'price'>;

type Queryable = Kysely<AppDatabase> | Transaction<AppDatabase>;

const now = () => new Date().toISOString();

/** The columns every new order, favourite and report starts with: its owner and a copy of the dish. */
function newRecordOf(userId: number, dish: Dish) {
  return { user_id: userId, product_id: dish.id, name: dish.name, img: dish.img, category: dish.category, created_at: now() };
}

function findDish(db: Queryable, id: number): Promise<Dish | undefined> {
  return db.selectFrom('products').select(['id', 'name', 'img', 'category', 'price']).where('id', '=', id).executeTakeFirst();
}

function insertOrder(db: Queryable, userId: number, dish: Dish, quantity: number): Promise<OrderRow> {
  const unitPrice = Number(dish.price);
  return db
    .insertInto('orders')
    .values({
      ...newRecordOf(userId, dish),
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
}

export type ConfirmFavoriteResult =
  | { kind: 'confirmed'; order: OrderRow; favorite: FavoriteRow }
  | { kind: 'not-found' }
  | { kind: 'dish-mismatch' }
  | { kind: 'already-confirmed' };

export function createOrdersRepository(db: Kysely<AppDatabase>) {
  return {
    findDish: (id: number) => findDish(db, id),

    createOrder: (userId: number, dish: Dish, quantity: number) => insertOrder(db, userId, dish, quantity),

    findOrder(userId: number, id: number): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    deleteOrder(userId: number, id: number): Promise<OrderRow | undefined> {
      return db.deleteFrom('orders').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    },

    /**
     * Marks an unpaid order paid, in one conditional statement so that two payments racing
     * cannot both succeed. Undefined when the order is unknown or already paid.
     */
    markPaid(userId: number, id: number, method: PaymentMethod, accountLastDigits: string): Promise<OrderRow | undefined> {
      return db
        .updateTable('orders')
        .set({ payment: PAYMENT_PAID, pay_method: method, pay_account: accountLastDigits })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('payment', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Confirms a pending favourite with the chosen quantity and books it as an order at the
     * catalogue's current price, in one transaction: both happen or neither does.
     */
    confirmFavorite(userId: number, favoriteId: number, quantity: number, expectedDishId?: number): Promise<ConfirmFavoriteResult> {
      return db.transaction().execute(async (trx): Promise<ConfirmFavoriteResult> => {
        const favorite = await trx.selectFrom('favorites').selectAll().where('id', '=', favoriteId).where('user_id', '=', userId).executeTakeFirst();
        if (!favorite) return { kind: 'not-found' };
        if (expectedDishId !== undefined && expectedDishId !== Number(favorite.product_id)) return { kind: 'dish-mismatch' };
        if (favorite.status !== FAVORITE_STATUS.pending) return { kind: 'already-confirmed' };
        // Products that have favourites cannot be deleted (foreign key), so the dish exists.
        const dish = await findDish(trx, Number(favorite.product_id));
        if (!dish) return { kind: 'not-found' };
        // Conditional on Pending: of two confirmations racing, the second updates nothing.
        const confirmed = await trx
          .updateTable('favorites')
          .set({ status: FAVORITE_STATUS.conform, quantity, unit_price: Number(dish.price), name: dish.name, img: dish.img, category: dish.category })
          .where('id', '=', favorite.id)
          .where('status', '=', FAVORITE_STATUS.pending)
          .returningAll()
          .executeTakeFirst();
        if (!confirmed) return { kind: 'already-confirmed' };
        const order = await insertOrder(trx, userId, dish, quantity);
        return { kind: 'confirmed', order, favorite: confirmed };
      });
    },

    /** A Pending favourite; when the guest already has one for this dish, that one is returned and nothing is written. */
    async addFavorite(userId: number, dish: Dish, quantity: number): Promise<{ favorite: FavoriteRow; created: boolean }> {
      const inserted = await db
        .insertInto('favorites')
        .values({ ...newRecordOf(userId, dish), unit_price: Number(dish.price), quantity, status: FAVORITE_STATUS.pending })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { favorite: inserted, created: true };
      const existing = await db.selectFrom('favorites').selectAll().where('user_id', '=', userId).where('product_id', '=', dish.id).executeTakeFirstOrThrow();
      return { favorite: existing, created: false };
    },

    deleteFavoriteByDish(userId: number, dishId: number): Promise<FavoriteRow | undefined> {
      return db.deleteFrom('favorites').where('user_id', '=', userId).where('product_id', '=', dishId).returningAll().executeTakeFirst();
    },

    deleteFavorite(userId: number, id: number): Promise<FavoriteRow | undefined> {
      return db.deleteFrom('favorites').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    },

    /** Undefined when this guest already reported this dish (one report per guest and dish). */
    addReport(userId: number, dish: Dish, reportText: string): Promise<ReportRow | undefined> {
      return db
        .insertInto('reports')
        .values({ ...newRecordOf(userId, dish), report_text: reportText })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    deleteReport(userId: number, id: number): Promise<ReportRow | undefined> {
      return db.deleteFrom('reports').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
