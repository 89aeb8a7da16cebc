import type { Language } from '../../../shared/i18n/languages.ts';
import type { Kysely } from 'kysely';
import { FAVORITE_STATUS } from '../../../shared/constants.ts';
import type { FavoriteListed } from '../../../shared/contract/favorites.ts';
import type { AppDatabase, FavoriteRow } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { toFavoriteListed } from './favorites.mappers.ts';
import { createFavoritesRepository } from './favorites.repository.ts';

/**
 * The rules of favourites: one per guest and dish, Pending until confirmed into an order.
 * Built on a database handle, so another module can run these rules inside its own
 * transaction (orders confirms a favourite and books the order in one).
 */
export const FAVORITE_MESSAGES = {
  added: 'Added to your favourites',
  exists: 'This dish is already in your favourites',
  removed: 'Removed from your favourites',
  adminRemoved: 'The favourite has been deleted',
} as const;

export function createFavoritesService(db: Kysely<AppDatabase>, catalog: CatalogService) {
  const favorites = createFavoritesRepository(db);
  /** The rows as listed, each with where its dish stands on the menu now. */
  async function listed(rows: FavoriteRow[], language: Language = 'en'): Promise<FavoriteListed[]> {
    const statuses = await catalog.dishStatuses(
      db,
      rows.map((row) => Number(row.product_id)),
    );
    return rows.map((row) => toFavoriteListed(row, statuses.get(Number(row.product_id)) ?? 'removed', language));
  }
  const one = async (row: FavoriteRow, language: Language) => (await listed([row], language))[0] as FavoriteListed;
  return {
    listForUser: async (userId: number, language: Language = 'en'): Promise<FavoriteListed[]> =>
      listed(await favorites.listByUser(userId), language),

    async add(
      userId: number,
      dishId: number,
      quantity: number,
      language: Language = 'en',
    ): Promise<{ favorite: FavoriteListed; created: boolean }> {
      const dish = await catalog.dishOrThrow(db, dishId, 'record');
      const { favorite, created } = await favorites.add(userId, dish, quantity);
      return { favorite: await one(favorite, language), created };
    },

    async removeOfDish(userId: number, dishId: number, language: Language = 'en'): Promise<FavoriteListed> {
      const removed = await favorites.deleteByDish(userId, dishId);
      if (!removed) throw notFound('dishNotYourFavourites');
      return one(removed, language);
    },

    async remove(userId: number, favoriteId: number, language: Language = 'en'): Promise<FavoriteListed> {
      const removed = await favorites.delete(userId, favoriteId);
      if (!removed) throw notFound('noSuchFavouriteUser');
      return one(removed, language);
    },

    /**
     * Confirms the guest's Pending favourite with a quantity; returns it and the dish to
     * book (as the menu has it now). Meant to run inside the caller's transaction.
     */
    async confirmPending(
      userId: number,
      favoriteId: number,
      quantity: number,
      expectedDishId?: number,
      language: Language = 'en',
    ) {
      const favorite = await favorites.find(userId, favoriteId);
      if (!favorite) throw notFound('noSuchFavouriteYourList');
      if (expectedDishId !== undefined && expectedDishId !== Number(favorite.product_id))
        throw badRequest('orderidNotDishFavourite');
      if (favorite.status !== FAVORITE_STATUS.pending) throw conflict('favouriteHasAlreadyBeenConfirmed');
      const dish = await catalog.dishOrThrow(db, Number(favorite.product_id), 'order');
      const confirmed = await favorites.confirm(favorite.id, dish, quantity);
      if (!confirmed) throw conflict('favouriteHasAlreadyBeenConfirmed');
      return { favorite: await one(confirmed, language), dish };
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
