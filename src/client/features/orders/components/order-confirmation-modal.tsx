import { t } from '@shared/i18n/i18n.ts';
import type { Product } from '@shared/contract/catalog.ts';
import { TEXT } from '@shared/texts.ts';
import { choiceNames, lineCents } from '@shared/domain/option-choice.ts';
import { toMajor } from '@shared/domain/money.ts';
import { Modal, ModalActions, ModalFailure } from '@client/components/ui/modal.tsx';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';

/**
 * The Add to Cart confirmation (docs/reference/storefront.md §2 "Product detail"): the guest's e-mail, the dish,
 * its chosen options, the total price (options included) and the quantity, with Close and Confirm Order. 35% of the window wide
 * and 60% high on large screens, a full-width sheet on phones.
 */
export function OrderConfirmationModal({
  open,
  onClose,
  onConfirm,
  product,
  quantity,
  choice = [],
  email,
  pending,
  error,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  product: Product;
  quantity: number;
  /** The chosen option values (docs/reference/ordering.md "Dish options"): named under the dish, priced in the total. */
  choice?: readonly number[];
  email: string;
  pending: boolean;
  error: string | null;
}) {
  const money = useMoney();
  const { number } = useNumbers();
  const names = choiceNames(product.options, choice);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('dish.confirmYourOrder', 'Confirm your order')}
      boxClassName="lg:h-[60vh] lg:w-[35vw] lg:max-w-none lg:min-w-[26rem]"
    >
      {/* The picture gives way when space is short; the quantity and total always stay in view, next to the button. */}
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-hidden">
        <img
          src={product.img}
          alt=""
          width={640}
          height={480}
          className="min-h-16 w-full flex-1 basis-40 rounded-box object-cover sm:max-h-64"
        />
        <dl className="grid shrink-0 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
          <dt className="font-semibold">{t('dish.email', 'Email')}</dt>
          <dd className="break-all">{email}</dd>
          <dt className="font-semibold">{t('dish.dish', 'Dish')}</dt>
          <dd>{product.name}</dd>
          {names.length > 0 ? (
            <>
              <dt className="font-semibold">{t('dish.options', 'Options')}</dt>
              <dd>{names.join(', ')}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <dl className="grid shrink-0 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 border-t border-base-300 pt-3">
        <dt className="font-semibold">{t('dish.quantity', 'Quantity')}</dt>
        <dd className="tabular-nums">{number(quantity)}</dd>
        <dt className="font-semibold">{t('dish.totalPrice', 'Total price')}</dt>
        <dd className="text-lg font-bold text-primary tabular-nums">
          {money(toMajor(lineCents(product.price, product.options, choice, quantity)))}
        </dd>
      </dl>
      {/* The spec's button keeps its name; what it does is said beside it (issue 48, point 9). */}
      <p className="shrink-0 text-sm">
        {t('dish.confirmPutsInBag', '{{button}} puts it in your bag: you choose how and when, and pay, at checkout.', {
          button: TEXT.confirmOrder,
        })}
      </p>
      <ModalFailure message={error} />
      <ModalActions onClose={onClose} pending={pending} onConfirm={onConfirm}>
        {TEXT.confirmOrder}
      </ModalActions>
    </Modal>
  );
}
