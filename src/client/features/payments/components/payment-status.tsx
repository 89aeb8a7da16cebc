import { Link, useSearchParams } from 'react-router';
import { TEXT } from '@shared/texts.ts';
import { PATHS } from '@shared/paths.ts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { formatMoney } from '@shared/format-money.ts';
import { usePayment } from '../api/payments.ts';

/**
 * Where the guest comes back from the provider (ORDERING.md "Payments"): what the server learnt
 * from the provider, never what the return address says. "Waiting for the payment…" is asked
 * again every few seconds until it is final.
 */
export function PaymentStatus({ id }: { id: string }) {
  const [params] = useSearchParams();
  const payment = usePayment(id, { paymentID: params.get('paymentID') ?? undefined, status: params.get('status') ?? undefined, session_id: params.get('session_id') ?? undefined });
  if (payment.isError) return <QueryError what="your payment" error={payment.error} onRetry={() => void payment.refetch()} retrying={payment.isFetching} />;
  const data = payment.data;
  const status = data?.status;
  const title = !data || status === 'pending' ? TEXT.paymentWaiting : status === 'failed' || status === 'expired' ? TEXT.paymentFailed : TEXT.paymentReceived;
  const tone = !data || status === 'pending' ? 'border-base-300' : status === 'failed' || status === 'expired' ? 'border-error/50' : 'border-success/50';
  return (
    <section role="status" aria-live="polite" aria-labelledby="payment-title" className={`flex flex-col gap-3 rounded-box border ${tone} bg-base-100 p-6`}>
      <h1 id="payment-title" className="text-2xl font-bold">
        {title}
      </h1>
      {data && (
        <p>
          {/* In the payment's own currency: the one it was asked in, whatever the settings say now. */}
          {formatMoney(data.amount, data.currency)}
          {data.refunded > 0 ? ` · ${formatMoney(data.refunded, data.currency)} refunded` : ''}
          {status === 'expired' ? ' · the payment page closed before it was paid' : ''}
        </p>
      )}
      {status === 'pending' && data?.redirectUrl && (
        <p>
          Not paid yet? <a className="link" href={data.redirectUrl}>Go back to the payment page</a>
        </p>
      )}
      <p>
        <Link className="link" to={PATHS.myOrders}>
          My Orders
        </Link>
      </p>
    </section>
  );
}
