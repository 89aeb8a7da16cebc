import { MIN_QUANTITY } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { FavoriteListed } from '@shared/contract/favorites.ts';
import { useState } from 'react';
import { Modal, ModalActions, ModalFailure } from '@client/components/ui/modal.tsx';
import { QuantityStepper } from '@client/components/ui/quantity-stepper.tsx';
import { useSubmission } from '@client/lib/use-submission.ts';
import { useMoney } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * Pending Order's modal, titled Conform Order (docs/reference/storefront.md §4 "Favorite"): the quantity starts
 * at 1 with plus and minus (minus disabled at 1); the price is unit price × quantity.
 * Confirming books the favourite as an order.
 */
export function ConfirmFavoriteModal({
  open,
  visit,
  favorite,
  onClose,
  onConfirm,
}: {
  open: boolean;
  /** Changes on every opening, so the form starts afresh each time. */
  visit: number;
  favorite: FavoriteListed | null;
  onClose: () => void;
  /** Resolves when confirmed; rejects with the failure, which is then shown in the modal. */
  onConfirm: (favorite: FavoriteListed, quantity: number) => Promise<void>;
}) {
  return (
    <Modal open={open} onClose={onClose} title={TEXT.conformOrder}>
      {favorite ? (
        <ConfirmFavoriteForm
          key={`${favorite.orderMainId}-${visit}`}
          favorite={favorite}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      ) : null}
    </Modal>
  );
}

function ConfirmFavoriteForm({
  favorite,
  onClose,
  onConfirm,
}: {
  favorite: FavoriteListed;
  onClose: () => void;
  onConfirm: (favorite: FavoriteListed, quantity: number) => Promise<void>;
}) {
  const money = useMoney();
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const { pending, failure, submit } = useSubmission(t('orders.yourOrder', 'your order'));

  return (
    <>
      <div className="flex items-center gap-4">
        <img
          src={favorite.orderImg}
          alt=""
          width={96}
          height={72}
          className="h-[72px] w-24 shrink-0 rounded-lg object-cover"
        />
        <div className="min-w-0">
          <p className="text-lg font-semibold">{favorite.orderName}</p>
          <p className="text-sm text-base-content/75">
            {t('favorites.each', '{{price}} each', { price: money(favorite.orderPrice) })}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <span className="font-semibold" aria-hidden="true">
            {t('accounts.quantity', 'Quantity')}
          </span>
          <QuantityStepper value={quantity} onChange={setQuantity} />
        </div>
        <p className="text-right">
          <span className="block text-sm text-base-content/75">{t('favorites.totalPrice', 'Total price')}</span>
          <output
            aria-label={t('favorites.totalPrice', 'Total price')}
            className="text-2xl font-bold text-primary tabular-nums"
          >
            {money(favorite.orderPrice * quantity)}
          </output>
        </p>
      </div>
      <ModalFailure message={failure} />
      <ModalActions
        onClose={onClose}
        pending={pending}
        onConfirm={() => void submit(() => onConfirm(favorite, quantity))}
      >
        {TEXT.confirmOrder}
      </ModalActions>
    </>
  );
}
