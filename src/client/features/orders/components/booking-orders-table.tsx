import { TEXT } from '@shared/texts.ts';
import type { OrderListed } from '@shared/contract/orders.ts';
import { PAY_DUE_TEXT } from '@shared/contract/values.ts';
import { useDeleteOrder, usePayOrder } from '../api/orders.ts';
import { useModalFor } from '@client/lib/use-modal-for.ts';
import { DishCell } from '@client/components/ui/dish-cell.tsx';
import { ListTable, OwnDeleteButton, RowActions } from '@client/components/records/own-list.tsx';
import { type PaymentDetails, PayOrderModal } from './pay-order-modal.tsx';
import { useMoney } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The guest's booking orders (docs/reference/storefront.md §2 "Booking Orders"): Product Photo, Price, Quantiry,
 * Action; each row has either PAID or Delete and PAY, which opens the payment modal (a paid
 * order is placed as a ticket, so it stays: docs/reference/operations.md "Tickets"). A line placed with cash
 * shows where it is paid ("Pay on collection") instead of PAY, and cannot be deleted either.
 */
export function BookingOrdersTable({ orders, email }: { orders: OrderListed[]; email: string }) {
  const money = useMoney();
  const remove = useDeleteOrder();
  const pay = usePayOrder();
  const modal = useModalFor<OrderListed>();

  async function onPay(order: OrderListed, { method, accountNumber }: PaymentDetails) {
    const answer = await pay.mutateAsync({ email, orderMainId: order.orderMainId, method, accountNumber });
    modal.succeed(answer.message);
  }

  return (
    <>
      <ListTable
        caption={t('orders.yourBookingOrders', 'Your booking orders')}
        columns={[TEXT.columnProductPhoto, TEXT.columnPrice, TEXT.quantiry, TEXT.columnAction]}
      >
        {orders.map((order) => {
          const deleting = remove.isPending && remove.variables?.orderMainId === order.orderMainId;
          return (
            <tr key={order.orderMainId}>
              <DishCell
                img={order.orderImg}
                name={order.orderName}
                category={order.orderCategory}
                options={order.options}
              />
              <td className="font-semibold tabular-nums">{money(order.orderPrice)}</td>
              <td className="tabular-nums">{order.orderQuantity}</td>
              <RowActions>
                {/* A paid order is placed with the kitchen: the restaurant's record, no longer the guest's to delete. */}
                {!order.payment && !order.ticket && (
                  <OwnDeleteButton
                    what={t('accounts.theOrderOf', 'the order of {{dish}}', { dish: order.orderName })}
                    srLabel={order.orderName}
                    busy={deleting}
                    onDelete={() => remove.mutateAsync({ email, orderMainId: order.orderMainId })}
                  />
                )}
                {order.payment ? (
                  <PaidMarker order={order} />
                ) : order.ticket ? (
                  <span
                    className="badge badge-outline badge-sm h-8 sm:badge-md"
                    title={t('orders.orderN', 'Order {{number}}', { number: order.ticket.number })}
                  >
                    {order.ticket.status === 'cancelled'
                      ? t('ticket.cancelled', 'Cancelled')
                      : PAY_DUE_TEXT[order.ticket.fulfilment]}
                  </span>
                ) : (
                  <button type="button" className="btn btn-sm btn-primary" onClick={() => modal.show(order)}>
                    {TEXT.pay}
                    <span className="sr-only"> for {order.orderName}</span>
                  </button>
                )}
              </RowActions>
            </tr>
          );
        })}
      </ListTable>
      <PayOrderModal open={modal.open} visit={modal.visit} order={modal.subject} onClose={modal.close} onPay={onPay} />
    </>
  );
}

/**
 * What a paid line's marker says: what was paid for it (its bill's charge, taxes added on top
 * included, not the line's price before them), and "Refunded" once it was given back in full
 * (what was given back beside it when only part was).
 */
function PaidMarker({ order }: { order: OrderListed }) {
  const money = useMoney();
  const charged = order.ticket?.charged;
  const refunded = order.ticket?.refunded ?? 0;
  if (charged !== undefined && refunded > 0 && refunded >= charged) {
    return (
      <span className="badge badge-outline badge-sm h-8 font-bold sm:badge-md">{t('orders.refunded', 'Refunded')}</span>
    );
  }
  return (
    <span className="badge badge-success badge-sm h-auto min-h-8 flex-wrap gap-1 font-bold sm:badge-md">
      <span>{TEXT.paid}</span>
      {charged !== undefined ? <span className="tabular-nums">{money(charged)}</span> : null}
      {refunded > 0 ? (
        <span>· {t('orders.refundedAmount', 'Refunded {{amount}}', { amount: money(refunded) })}</span>
      ) : null}
    </span>
  );
}
