import type { Product } from '@shared/contract/catalog.ts';
import { TEXT } from '@shared/texts.ts';
import { Modal, ModalActions, ModalFailure } from '@client/components/ui/modal.tsx';
import { formatPrice } from '@client/lib/format.ts';

/**
 * The Add to Cart confirmation (SPEC.md §2 "Product detail"): the guest's e-mail, the dish,
 * the total price and the quantity, with Close and Confirm Order. 35% of the window wide
 * and 60% high on large screens, a full-width sheet on phones.
 */
export function OrderConfirmationModal({
  open,
  onClose,
  onConfirm,
  product,
  quantity,
  email,
  pending,
  error,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  product: Product;
  quantity: number;
  email: string;
  pending: boolean;
  error: string | null;
}) {
  return (
    <Modal open={open} onClose={onClose} title="Confirm your order" boxClassName="lg:h-[60vh] lg:w-[35vw] lg:max-w-none lg:min-w-[26rem]">
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto">
        <img src={product.img} alt="" width={640} height={480} className="aspect-[16/9] w-full shrink-0 rounded-box object-cover" />
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
          <dt className="font-semibold">Email</dt>
          <dd className="break-all">{email}</dd>
          <dt className="font-semibold">Dish</dt>
          <dd>{product.name}</dd>
          <dt className="font-semibold">Quantity</dt>
          <dd className="tabular-nums">{quantity}</dd>
          <dt className="font-semibold">Total price</dt>
          <dd className="text-lg font-bold text-primary tabular-nums">{formatPrice(product.price * quantity)}</dd>
        </dl>
        <ModalFailure message={error} />
      </div>
      <ModalActions onClose={onClose} pending={pending} onConfirm={onConfirm}>
        {TEXT.confirmOrder}
      </ModalActions>
    </Modal>
  );
}
