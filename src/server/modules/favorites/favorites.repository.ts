import type { Kysely } from 'kysely';
import { FAVORITE_STATUS } from '../../../shared/constants.ts';
import { type Dish, dishCopyColumns } from '../../db/dish-copy.ts';
import type { AppDatabase, FavoriteRow } from '../../db/schema.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/** All SQL about favourites. Every statement is scoped by user_id: someone else's favourite is simply not found. */
export function createFavoritesRepository(db: Kysely<AppDatabase>) {
  return {
    listByUser(userId: number): Promise<FavoriteRow[]> {
      return db.selectFrom('favorites').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    find(userId: number, id: number): Promise<FavoriteRow | undefined> {
      return db
        .selectFrom('favorites')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A Pending favourite; when the guest already has one for this dish, that one is returned and nothing is written. */
    async add(userId: number, dish: Dish, quantity: number): Promise<{ favorite: FavoriteRow; created: boolean }> {
      const inserted = await db
        .insertInto('favorites')
        .values({
          ...dishCopyColumns(userId, dish),
          unit_price: asMinor(dish.price),
          quantity,
          status: FAVORITE_STATUS.pending,
        })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { favorite: inserted, created: true };
      const existing = await db
        .selectFrom('favorites')
        .selectAll()
        .where('user_id', '=', userId)
        .where('product_id', '=', dish.id)
        .executeTakeFirstOrThrow();
      return { favorite: existing, created: false };
    },

    /**
     * Marks a Pending favourite confirmed with the quantity and the dish as it is now.
     * Conditional on Pending: of two confirmations racing, the second updates nothing.
     */
    confirm(favoriteId: number, dish: Dish, quantity: number): Promise<FavoriteRow | undefined> {
      return db
        .updateTable('favorites')
        .set({
          status: FAVORITE_STATUS.conform,
          quantity,
          unit_price: asMinor(dish.price),
          name: dish.name,
          name_bn: dish.name_bn,
          img: dish.img,
          category: dish.category,
          category_bn: dish.category_bn,
        })
        .where('id', '=', favoriteId)
        .where('status', '=', FAVORITE_STATUS.pending)
        .returningAll()
        .executeTakeFirst();
    },

    deleteByDish(userId: number, dishId: number): Promise<FavoriteRow | undefined> {
      return db
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('product_id', '=', dishId)
        .returningAll()
        .executeTakeFirst();
    },

    delete(userId: number, id: number): Promise<FavoriteRow | undefined> {
      return db
        .deleteFrom('favorites')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
