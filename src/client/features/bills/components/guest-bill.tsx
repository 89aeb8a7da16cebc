import { t } from '@shared/i18n/i18n.ts';
import { PATHS } from '@shared/paths.ts';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { ApiError } from '@client/lib/api-client.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { type BillView, openReceipt, useBill } from '../api/bills.ts';
import { BillFigures } from './bill-figures.tsx';
import { PayOnline } from './pay-online.tsx';
import { BranchNamed, useBranchOf } from '@client/components/ui/branch-named.tsx';

/**
 * A guest's own bill (docs/reference/ordering.md "The bill": "the guest whose ticket is on a bill reads it
 * too"): a table's bill with their QR orders, or a pick-up bill left due. Its figures as the
 * server sends them; "Pay online" when something is due, all of it or a share, with the
 * providers on offer (Stripe, bKash, or the demo when neither is set up: the guest is sent to the
 * provider's page, the demo's being /payments/{id} itself, and back to /payments/{id}); the printable receipt once
 * paid. The server decides who may read and pay it: anyone else gets its 404, said as such.
 */

export function GuestBill({ id }: { id: string }) {
  const bill = useBill(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = bill.data !== undefined;
  // The page's heading takes the focus once the bill is there, so a screen reader starts at it.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  if (bill.isError && !bill.data) {
    if (bill.error instanceof ApiError && bill.error.status === 404)
      return (
        <section
          aria-labelledby="bill-title"
          className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-6"
        >
          <h1 id="bill-title" className="text-2xl font-bold">
            {t('mine.billNotFound', 'Bill not found')}
          </h1>
          <p>
            {t(
              'mine.thereIsNoSuchBill',
              'There is no such bill among yours: a bill shows only to the guests whose orders are on it.',
            )}
          </p>
          <p>
            <Link className="link" to={PATHS.myOrders}>
              {t('mine.myOrders', 'My Orders')}
            </Link>
          </p>
        </section>
      );
    return (
      <QueryError what="your bill" error={bill.error} onRetry={() => void bill.refetch()} retrying={bill.isFetching} />
    );
  }
  if (!bill.data)
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-12 text-lg">
        <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
        {t('mine.loadingYourBill', 'Loading your bill…')}
      </p>
    );
  return <BillPage bill={bill.data} heading={heading} onStale={() => void bill.refetch()} />;
}

function BillPage({
  bill,
  heading,
  onStale,
}: {
  bill: BillView;
  heading: RefObject<HTMLHeadingElement | null>;
  onStale: () => void;
}) {
  const money = useMoney(bill.currency);
  const { digits } = useNumbers();
  const branch = useBranchOf()(bill.branchId);
  const [receiptFailure, setReceiptFailure] = useState<string | null>(null);
  const state =
    bill.status === 'paid'
      ? t('mine.billPaid', 'Paid · Receipt no. {{number}}', { number: digits(bill.receiptNumber ?? '') })
      : bill.status === 'void'
        ? t('mine.billVoid', 'Void: nothing to pay')
        : bill.due > 0
          ? t('mine.billOpenDue', 'Open · Due {{amount}}', { amount: money(bill.due) })
          : t('mine.billOpenNothingDue', 'Open · Nothing due');
  return (
    <section aria-labelledby="bill-title" className="flex flex-col gap-4 rounded-box bg-base-100 p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 id="bill-title" ref={heading} tabIndex={-1} className="text-2xl font-bold sm:text-3xl">
          {t('mine.billN', 'Bill {{number}}', { number: bill.number })}
        </h1>
        <p className="text-lg font-semibold">{state}</p>
        <BranchNamed branch={branch} className="" />
      </div>
      {bill.lines.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 px-4 py-8 text-center">
          {t('mine.nothingIsOnThisBill', 'Nothing is on this bill.')}
        </p>
      ) : (
        <BillFigures bill={bill} headingLevel={2} />
      )}
      {bill.status === 'paid' ? (
        <div className="flex flex-col items-start gap-2">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setReceiptFailure(null);
              openReceipt(bill._id).catch((error: unknown) =>
                setReceiptFailure(errorMessage(error, 'opening the receipt')),
              );
            }}
          >
            {t('mine.openTheReceipt', 'Open the receipt')}
            <span className="sr-only"> {t('mine.printableInANewWindow', '(printable, in a new window)')}</span>
          </button>
          {receiptFailure ? (
            <p role="alert" className="text-error">
              {receiptFailure}
            </p>
          ) : null}
        </div>
      ) : null}
      {bill.status === 'open' && bill.due > 0 ? <PayOnline bill={bill} onStale={onStale} /> : null}
      <p>
        <Link className="link" to={PATHS.myOrders}>
          {t('mine.backToMyOrders', 'Back to My Orders')}
        </Link>
      </p>
    </section>
  );
}
