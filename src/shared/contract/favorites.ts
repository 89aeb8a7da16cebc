import { z } from 'zod';
import { DISH_STATUSES, FAVORITE_STATUSES } from '../constants.ts';
import { changed, recordIdParams } from './common.ts';
import { dishIdField, ignoredDishFields, listedRecordBase, quantityField, userGmailField } from './record-fields.ts';

/**
 * A guest's favourites (docs/reference/storefront.md §3, §7), Authorization: Bearer; only the token's owner:
 *   PATCH /api/v1/users/favorites/?email=  favoriteEntryBody → 201 favoriteResponse (200 when already one)
 *   PUT   /api/v1/users/favorites/{id}     emailBody         → 200 favoriteResponse ({id} is the dish id)
 * Confirming a favourite into an order is an orders call (orders.ts, confirmFavoriteBody).
 */

const favoriteStatusSchema = z.enum(FAVORITE_STATUSES);

export const favoriteListedSchema = listedRecordBase.extend({
  /** Unit price. */
  orderPrice: z.number(),
  orderQuantity: z.number(),
  status: favoriteStatusSchema,
  /** The dish on the menu now: a sold-out or removed one cannot be confirmed into an order. */
  dishStatus: z.enum(DISH_STATUSES),
});
export type FavoriteListed = z.infer<typeof favoriteListedSchema>;

/** A Pending favourite, one per guest and dish. */
export const favoriteEntryBody = z.object({
  orderId: dishIdField,
  orderQuantity: quantityField.optional(),
  userGmail: userGmailField,
  status: z.unknown().optional(),
  ...ignoredDishFields,
});
export type FavoriteEntryBody = z.input<typeof favoriteEntryBody>;

/** {id} is the dish id (orderId), as the spec calls it. */
export const favoriteDishParams = recordIdParams('id');

export const favoriteResponse = changed(favoriteListedSchema);
export type FavoriteResponse = z.infer<typeof favoriteResponse>;
