import { t } from '@shared/i18n/i18n.ts';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { OrderSummary } from '@client/components/ui/order-summary.tsx';
import { PlacedTicket } from './placed-ticket.tsx';
import { useCheckout } from './use-checkout.ts';
import { HowFieldset, OrdersFieldset, WhenFieldset } from './checkout-fieldsets.tsx';
import { PaymentFieldset } from './checkout-payment.tsx';

/**
 * The checkout (docs/reference/operations.md "Tickets"): which unpaid lines, pick-up or delivery, as soon as
 * possible (with the kitchen's promise) or a free time, the address for a delivery (remembered
 * on this device), the summary with the fee and total, and the payment. The choices live in
 * the address (`?fulfilment=delivery&orders=3,4`), so the banner's buttons can preselect them.
 */

export function CheckoutForm() {
  const checkout = useCheckout();
  const { record, tableName, open, placed, place, quote, fulfilment, failure, blocked, submit } = checkout;

  if (placed) return <PlacedTicket placed={placed} />;

  if (record.isError)
    return (
      <QueryError
        what={t('orders.yourOrders', 'your orders')}
        error={record.error}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
      />
    );
  if (record.isPending) return <p role="status">{t('checkout.loadingYourOrders', 'Loading your orders…')}</p>;
  if (open.length === 0)
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status">
          {tableName
            ? t('checkout.nothingAtTable', 'Nothing to check out: order a dish first, and it will come to {{table}}.', {
                table: tableName,
              })
            : t('checkout.nothing', 'Nothing to check out: order a dish first.')}
        </p>
        <Link to={PATHS.products} className="btn btn-primary">
          {t('checkout.seeTheMenu', 'See the menu')}
        </Link>
      </div>
    );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <OrdersFieldset checkout={checkout} />

      <HowFieldset checkout={checkout} />

      <WhenFieldset checkout={checkout} />

      <PaymentFieldset checkout={checkout} />

      <OrderSummary figures={quote.data} fulfilment={fulfilment} className="rounded-box bg-base-200 p-4" />

      {failure && (
        <p role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      )}
      <div className="flex flex-col items-start gap-2">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={place.isPending || !quote.data || blocked !== null}
          aria-busy={place.isPending}
          aria-describedby={blocked ? 'place-order-blocked' : undefined}
        >
          {t('checkout.placeOrder', 'Place order')}
        </button>
        {blocked && (
          <p id="place-order-blocked" className="text-sm font-medium">
            {blocked}
          </p>
        )}
      </div>
    </form>
  );
}
