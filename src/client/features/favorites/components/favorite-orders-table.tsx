import { FAVORITE_STATUS } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { FavoriteListed } from '@shared/contract/favorites.ts';
import { useConfirmFavorite, useRemoveFavorite } from '@client/features/favorites/api/favorites.ts';
import { useModalFor } from '@client/lib/use-modal-for.ts';
import { ConfirmFavoriteModal } from './confirm-favorite-modal.tsx';
import { DishCell } from '@client/components/ui/dish-cell.tsx';
import { ListTable, OwnDeleteButton, RowActions } from '@client/components/records/own-list.tsx';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The guest's favourites (docs/reference/storefront.md §2 "Favorite Orders"): the booking table's columns; each
 * row has Delete and either Conform Order (a marker) or Pending Order, which opens the
 * Conform Order modal.
 */
export function FavoriteOrdersTable({ favorites, email }: { favorites: FavoriteListed[]; email: string }) {
  const money = useMoney();
  const { number } = useNumbers();
  const remove = useRemoveFavorite();
  const confirmFavorite = useConfirmFavorite();
  const modal = useModalFor<FavoriteListed>();

  async function onConfirm(favorite: FavoriteListed, quantity: number) {
    const answer = await confirmFavorite.mutateAsync({ email, favorite, quantity });
    modal.succeed(answer.message);
  }

  return (
    <>
      <ListTable
        caption={t('favorites.yourFavourites', 'Your favourite dishes')}
        columns={[TEXT.columnProductPhoto, TEXT.columnPrice, TEXT.quantiry, TEXT.columnAction]}
      >
        {favorites.map((favorite) => {
          const deleting = remove.isPending && remove.variables?.dishId === favorite.orderId;
          return (
            <tr key={favorite.orderMainId}>
              <DishCell img={favorite.orderImg} name={favorite.orderName} category={favorite.orderCategory} />
              <td className="font-semibold tabular-nums">{money(favorite.orderPrice * favorite.orderQuantity)}</td>
              <td className="tabular-nums">{number(favorite.orderQuantity)}</td>
              <RowActions>
                <OwnDeleteButton
                  what={t('favorites.fromYourFavourites', '{{dish}} from your favourites', {
                    dish: favorite.orderName,
                  })}
                  srLabel={favorite.orderName}
                  busy={deleting}
                  onDelete={() => remove.mutateAsync({ email, dishId: favorite.orderId })}
                />
                {favorite.status === FAVORITE_STATUS.conform ? (
                  <span className="badge badge-success badge-sm h-auto min-h-8 py-1 text-center leading-tight font-bold sm:badge-md sm:whitespace-nowrap">
                    {TEXT.conformOrder}
                  </span>
                ) : favorite.dishStatus !== 'available' ? (
                  // A sold-out or removed dish cannot be confirmed into an order (the server refuses it too).
                  <span className="flex flex-col items-start gap-1">
                    <button
                      type="button"
                      className="btn btn-sm btn-warning h-auto min-h-8 py-1 leading-tight sm:whitespace-nowrap"
                      disabled
                    >
                      {TEXT.pendingOrder}
                      <span className="sr-only">
                        {' '}
                        {t('favorites.forDish', 'for {{dish}}', { dish: favorite.orderName })}
                      </span>
                    </button>
                    <span className="badge badge-error badge-sm gap-1 font-semibold">
                      <span aria-hidden="true">⊘</span>
                      {favorite.dishStatus === 'sold_out'
                        ? t('favorites.soldOut', 'Sold out')
                        : t('favorites.noLongerOnMenu', 'No longer on the menu')}
                    </span>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-warning h-auto min-h-8 py-1 leading-tight sm:whitespace-nowrap"
                    onClick={() => modal.show(favorite)}
                  >
                    {TEXT.pendingOrder}
                    <span className="sr-only">
                      {' '}
                      {t('favorites.forDish', 'for {{dish}}', { dish: favorite.orderName })}
                    </span>
                  </button>
                )}
              </RowActions>
            </tr>
          );
        })}
      </ListTable>
      <ConfirmFavoriteModal
        open={modal.open}
        visit={modal.visit}
        favorite={modal.subject}
        onClose={modal.close}
        onConfirm={onConfirm}
      />
    </>
  );
}
