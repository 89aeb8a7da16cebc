import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { TEXT } from '@shared/texts.ts';
import { PATHS, pathTo } from '@shared/paths.ts';
import type { Payment } from '@shared/contract/payments.ts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { formatMoney } from '@shared/format-money.ts';
import { usePayment } from '../api/payments.ts';
import { DemoPayForm } from './demo-pay-form.tsx';
import { useMyReservations } from '@client/features/reservations/api/reservations.ts';
import { dayLabel } from '@client/lib/clock.ts';

/** What the page says of a payment: its title, and the sentence under it. */
function told(data: Payment | undefined): { title: string; tone: string; text: string | null } {
  if (!data || data.status === 'pending')
    return {
      title: TEXT.paymentWaiting,
      tone: 'border-base-300',
      text: data ? formatMoney(data.amount, data.currency, currentLanguage()) : null,
    };
  // In the payment's own currency: the one it was asked in, whatever the settings say now.
  const amount = formatMoney(data.amount, data.currency, currentLanguage());
  if (data.status === 'failed' || data.status === 'expired')
    return {
      title: TEXT.paymentFailed,
      tone: 'border-error/50',
      text: `${amount}${data.status === 'expired' ? ` · ${t('payment.closedBeforePaid', 'the payment page closed before it was paid')}` : ''}`,
    };
  if (data.counted === false) {
    // It arrived when the bill had been paid (by another payment, at the table) or had less due: nothing counted, all of it goes back (decision 031, addendum).
    const back =
      data.status === 'refunded'
        ? t('payment.fullRefunded', 'The full {{amount}} has been refunded to you.', { amount })
        : data.refunded >= data.amount
          ? t('payment.fullBeingRefunded', 'The full {{amount}} is being refunded to you.', { amount })
          : t('payment.willRefund', 'The restaurant will refund the full {{amount}} to you.', { amount });
    return {
      title: TEXT.paymentNotNeeded,
      tone: 'border-warning/60',
      text: `${t('payment.notCounted', 'When your payment of {{amount}} arrived, the bill had already been paid, or had less due than this payment, so it was not counted on the bill.', { amount })} ${back}`,
    };
  }
  return {
    title: TEXT.paymentReceived,
    tone: 'border-success/50',
    text: `${amount}${data.refunded > 0 ? ` · ${t('bill.amountRefunded', '{{amount}} refunded', { amount: formatMoney(data.refunded, data.currency, currentLanguage()) })}` : ''}`,
  };
}

/**
 * Where the guest comes back from the provider (docs/reference/ordering.md "Payments"): what the server learnt
 * from the provider, never what the return address says. "Waiting for the payment…" is asked
 * again every few seconds until it is final. A payment that succeeded but did not count on its
 * bill (`counted: false`) says so, and that it is refunded in full: never "Payment received".
 */
export function PaymentStatus({ id }: { id: string }) {
  const [params, setParams] = useSearchParams();
  const payment = usePayment(id, {
    paymentID: params.get('paymentID') ?? undefined,
    status: params.get('status') ?? undefined,
    session_id: params.get('session_id') ?? undefined,
    method: params.get('method') ?? undefined,
  });
  if (payment.isError)
    return (
      <QueryError
        what="your payment"
        error={payment.error}
        onRetry={() => void payment.refetch()}
        retrying={payment.isFetching}
      />
    );
  const data = payment.data;
  const { title, tone, text } = told(data);
  return (
    <section
      role="status"
      aria-live="polite"
      aria-labelledby="payment-title"
      className={`flex flex-col gap-3 rounded-box border ${tone} bg-base-100 p-6`}
    >
      <h1 id="payment-title" className="text-2xl font-bold">
        {title}
      </h1>
      {text !== null && <p>{text}</p>}
      {data?.reservationId && <DepositBooking payment={data} />}
      {data?.status === 'pending' && data.provider === 'demo' && !data.reservationId && (
        // A bill's payment (all of its due or a share): the spec's form, on this page.
        <DemoPayForm
          payment={data}
          onPay={(method) => setParams({ status: 'success', method }, { replace: true })}
          onCancel={() => setParams({ status: 'cancel' }, { replace: true })}
        />
      )}
      {data?.status === 'pending' && data.provider === 'demo' && data.reservationId && (
        // The demo provider's page is this one: the guest confirms the demo payment here (no money moves anywhere).
        <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
          <p>
            {t(
              'bag.thisRestaurantTakesNoReal',
              'This restaurant takes no real payments yet: confirming below books your table without any money changing hands.',
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm self-start"
              onClick={() => setParams({ status: 'success' }, { replace: true })}
            >
              {t('bag.payTheDepositDemo', 'Pay the deposit (demo)')}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm self-start"
              onClick={() => setParams({ status: 'cancel' }, { replace: true })}
            >
              {t('bag.doNotPay', 'Do not pay')}
            </button>
          </div>
        </div>
      )}
      {data?.status === 'pending' && data.provider !== 'demo' && data.redirectUrl && (
        <p>
          Not paid yet?{' '}
          <a className="link" href={data.redirectUrl}>
            {t('bag.goBackToThePayment', 'Go back to the payment page')}
          </a>
        </p>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {data?.billId !== undefined && (
          <Link className="link" to={pathTo(PATHS.bill, { id: data.billId })}>
            {t('bag.seeTheBill', 'See the bill')}
          </Link>
        )}
        {data?.reservationId ? (
          <Link className="link" to={PATHS.myReservations}>
            {t('bag.myReservations', 'My Reservations')}
          </Link>
        ) : (
          <Link className="link" to={PATHS.myOrders}>
            {t('bag.myOrders', 'My Orders')}
          </Link>
        )}
      </p>
    </section>
  );
}

/** A deposit's booking, as the payment left it: confirmed when paid, let go when not. */
function DepositBooking({ payment }: { payment: Payment }) {
  const mine = useMyReservations();
  const reservation = mine.data?.find((r) => r._id === payment.reservationId);
  const what = reservation
    ? `${dayLabel(reservation.date)} at ${reservation.time}, ${reservation.partySize} guests`
    : 'your table';
  if (payment.status === 'pending') return <p>This is the deposit for {what}: the table is held until it is paid.</p>;
  if (payment.status === 'failed' || payment.status === 'expired')
    return <p>The deposit for {what} was not paid, so the table was let go. You are welcome to book again.</p>;
  if (reservation?.status === 'cancelled')
    return <p>The deposit for {what} arrived after the booking was cancelled: it is refunded in full.</p>;
  return <p className="font-medium">Your table is booked: {what}. The deposit counts towards your bill.</p>;
}
