import { FAVORITE_STATUS } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { FavoriteListed } from '@shared/users-contract.ts';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { showSuccess } from '@client/lib/dialogs.ts';
import { formatPrice } from '@client/lib/format.ts';
import { useConfirmFavorite, useRemoveFavorite } from '../api/favorites.ts';
import { ConfirmFavoriteModal } from './confirm-favorite-modal.tsx';
import { deleteWithConfirmation } from './delete-record.ts';
import { DishCell, ListTable } from './own-list.tsx';

/**
 * The guest's favourites (SPEC.md §2 "Favorite Orders"): the booking table's columns; each
 * row has Delete and either Conform Order (a marker) or Pending Order, which opens the
 * Conform Order modal.
 */
export function FavoriteOrdersTable({ favorites, email }: { favorites: FavoriteListed[]; email: string }) {
  const remove = useRemoveFavorite();
  const confirmFavorite = useConfirmFavorite();
  const [confirming, setConfirming] = useState<FavoriteListed | null>(null);
  const [open, setOpen] = useState(false);
  const [visit, setVisit] = useState(0);

  async function onConfirm(favorite: FavoriteListed, quantity: number) {
    const answer = await confirmFavorite.mutateAsync({ email, favorite, quantity });
    flushSync(() => setOpen(false));
    void showSuccess(answer.message);
  }

  return (
    <>
      <ListTable caption="Your favourite dishes" columns={[TEXT.columnProductPhoto, TEXT.columnPrice, TEXT.quantiry, TEXT.columnAction]}>
        {favorites.map((favorite) => {
          const deleting = remove.isPending && remove.variables?.dishId === favorite.orderId;
          return (
            <tr key={favorite.orderMainId}>
              <DishCell img={favorite.orderImg} name={favorite.orderName} category={favorite.orderCategory} />
              <td className="font-semibold tabular-nums">{formatPrice(favorite.orderPrice * favorite.orderQuantity)}</td>
              <td className="tabular-nums">{favorite.orderQuantity}</td>
              <td>
                <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    disabled={deleting}
                    aria-busy={deleting}
                    onClick={() =>
                      void deleteWithConfirmation(`${favorite.orderName} from your favourites`, () => remove.mutateAsync({ email, dishId: favorite.orderId }))
                    }
                  >
                    {TEXT.deleteButton}
                    <span className="sr-only"> {favorite.orderName}</span>
                  </button>
                  {favorite.status === FAVORITE_STATUS.conform ? (
                    <span className="badge badge-success badge-sm h-auto min-h-8 py-1 text-center leading-tight font-bold sm:badge-md sm:whitespace-nowrap">{TEXT.conformOrder}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-warning h-auto min-h-8 py-1 leading-tight sm:whitespace-nowrap"
                      onClick={() => {
                        setConfirming(favorite);
                        setVisit((count) => count + 1);
                        setOpen(true);
                      }}
                    >
                      {TEXT.pendingOrder}
                      <span className="sr-only"> for {favorite.orderName}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </ListTable>
      <ConfirmFavoriteModal open={open} visit={visit} favorite={confirming} onClose={() => setOpen(false)} onConfirm={onConfirm} />
    </>
  );
}
