import { TEXT } from '@shared/texts.ts';
import type { OrderListed } from '@shared/users-contract.ts';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { showSuccess } from '@client/lib/dialogs.ts';
import { formatPrice } from '@client/lib/format.ts';
import { useDeleteOrder, usePayOrder } from '../api/orders.ts';
import { deleteWithConfirmation } from './delete-record.ts';
import { DishCell, ListTable } from './own-list.tsx';
import { type PaymentDetails, PayOrderModal } from './pay-order-modal.tsx';

/**
 * The guest's booking orders (SPEC.md §2 "Booking Orders"): Product Photo, Price, Quantiry,
 * Action; each row has Delete and either PAID or PAY, which opens the payment modal.
 */
export function BookingOrdersTable({ orders, email }: { orders: OrderListed[]; email: string }) {
  const remove = useDeleteOrder();
  const pay = usePayOrder();
  const [paying, setPaying] = useState<OrderListed | null>(null);
  const [open, setOpen] = useState(false);
  const [visit, setVisit] = useState(0);

  async function onPay(order: OrderListed, { method, accountNumber }: PaymentDetails) {
    const answer = await pay.mutateAsync({ email, orderMainId: order.orderMainId, method, accountNumber });
    flushSync(() => setOpen(false));
    void showSuccess(answer.message);
  }

  return (
    <>
      <ListTable caption="Your booking orders" columns={[TEXT.columnProductPhoto, TEXT.columnPrice, TEXT.quantiry, TEXT.columnAction]}>
        {orders.map((order) => {
          const deleting = remove.isPending && remove.variables?.orderMainId === order.orderMainId;
          return (
            <tr key={order.orderMainId}>
              <DishCell img={order.orderImg} name={order.orderName} category={order.orderCategory} />
              <td className="font-semibold tabular-nums">{formatPrice(order.orderPrice)}</td>
              <td className="tabular-nums">{order.orderQuantity}</td>
              <td>
                <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    disabled={deleting}
                    aria-busy={deleting}
                    onClick={() => void deleteWithConfirmation(`the order of ${order.orderName}`, () => remove.mutateAsync({ email, orderMainId: order.orderMainId }))}
                  >
                    {TEXT.deleteButton}
                    <span className="sr-only"> {order.orderName}</span>
                  </button>
                  {order.payment ? (
                    <span className="badge badge-success badge-sm h-8 font-bold sm:badge-md">{TEXT.paid}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      onClick={() => {
                        setPaying(order);
                        setVisit((count) => count + 1);
                        setOpen(true);
                      }}
                    >
                      {TEXT.pay}
                      <span className="sr-only"> for {order.orderName}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </ListTable>
      <PayOrderModal open={open} visit={visit} order={paying} onClose={() => setOpen(false)} onPay={onPay} />
    </>
  );
}
