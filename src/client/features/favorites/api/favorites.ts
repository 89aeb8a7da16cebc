import type { z } from 'zod';
import type { Product } from '@shared/contract/catalog.ts';
import type { EmailBody } from '@shared/contract/common.ts';
import type {
  FavoriteEntryBody,
  FavoriteListed,
  FavoriteResponse,
  favoriteResponse,
} from '@shared/contract/favorites.ts';
import type { ConfirmFavoriteBody, ConfirmFavoriteResponse, confirmFavoriteResponse } from '@shared/contract/orders.ts';
import { FAVORITE_STATUS } from '@shared/constants.ts';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';
import { useRecordMutation } from '@client/data/record-mutation.ts';

/**
 * Favourites (docs/reference/storefront.md §4 "Favorite", §7): add a Pending one from a dish page, remove it
 * (by dish id, from the dish page or the list), and confirm a Pending one into an order.
 */

/** The favourite entry of docs/reference/storefront.md §3: an order's fields, orderPrice the unit price, status Pending. */
export function favoriteEntry(product: Product, quantity: number, email: string): FavoriteEntryBody {
  return {
    orderId: product._id,
    orderName: product.name,
    orderImg: product.img,
    orderPrice: String(product.price),
    orderQuantity: quantity,
    orderCategory: product.category,
    userGmail: email,
    status: FAVORITE_STATUS.pending,
  };
}

/** Whether the dish page shows Unfavorite: the guest's favourite of this dish is Pending. */
export function hasPendingFavorite(favorites: FavoriteListed[] | undefined, dishId: string): boolean {
  return (favorites ?? []).some(
    (favorite) => favorite.orderId === dishId && favorite.status === FAVORITE_STATUS.pending,
  );
}

/** PATCH /api/v1/users/favorites/?email= : a Pending favourite (one per dish; a second adds nothing). */
export function addFavorite({ email, entry }: { email: string; entry: FavoriteEntryBody }): Promise<FavoriteResponse> {
  return authorizedRequest<z.infer<typeof favoriteResponse>>(apiPath('/api/v1/users/favorites/', { email }), {
    method: 'PATCH',
    body: entry,
  });
}

/** PUT /api/v1/users/favorites/{id} with { email }: id is the dish id (orderId). */
export function removeFavorite({ email, dishId }: { email: string; dishId: string }): Promise<FavoriteResponse> {
  const body: EmailBody = { email };
  return authorizedRequest<z.infer<typeof favoriteResponse>>(`/api/v1/users/favorites/${encodeURIComponent(dishId)}`, {
    method: 'PUT',
    body,
  });
}

/**
 * PATCH /api/v1/users/?email= with orderMainIdPending: the favourite becomes Conform and an
 * order of `quantity` is booked, in one transaction on the server.
 */
export function confirmFavorite({
  email,
  favorite,
  quantity,
}: {
  email: string;
  favorite: FavoriteListed;
  quantity: number;
}): Promise<ConfirmFavoriteResponse> {
  const body: ConfirmFavoriteBody = {
    orderId: favorite.orderId,
    orderMainIdPending: favorite.orderMainId,
    orderName: favorite.orderName,
    orderImg: favorite.orderImg,
    orderPrice: String(favorite.orderPrice * quantity),
    orderQuantity: quantity,
    orderCategory: favorite.orderCategory,
    userGmail: email,
    status: FAVORITE_STATUS.conform,
  };
  return authorizedRequest<z.infer<typeof confirmFavoriteResponse>>(apiPath('/api/v1/users/', { email }), {
    method: 'PATCH',
    body,
  });
}

export const useAddFavorite = () => useRecordMutation(addFavorite);
export const useRemoveFavorite = () => useRecordMutation(removeFavorite);
export const useConfirmFavorite = () => useRecordMutation(confirmFavorite);
