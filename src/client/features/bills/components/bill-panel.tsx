import type { DiningTableView } from '@shared/contract/tables.ts';
import { PATHS } from '@shared/paths.ts';
import { FLOOR_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { printReceipt, usePrinterStates } from '@client/features/printers/api/printers.ts';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { BillFigures } from './bill-figures.tsx';
import { type BillView, openReceipt, useBill } from '../api/bills.ts';
import { DiscountForm, GiveBackForm } from './bill-forms.tsx';
import { KeptShares, SplitForm, PaymentForm } from './payment-forms.tsx';

/**
 * A table's bill on the Floor (docs/reference/ordering.md "The bill"): its lines by round (one round a ticket),
 * discounts, service charge, taxes, total, paid, due and payments, and the actions "Add items"
 * (New order for this table), "Discount", "Split", "Take payment" and "Print receipt". Every
 * figure and every refusal is the server's; the page adds nothing up.
 */

type Action = 'discount' | 'split' | 'pay' | null;

export function BillPanel({ table, billId }: { table: DiningTableView; billId: string | null }) {
  const bill = useBill(billId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="floor-bill"
      className="flex flex-col gap-4 self-start rounded-box bg-base-100 p-4 shadow-sm"
    >
      <h2 id="floor-bill" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {table.name}
        {bill.data ? ` · ${t('bill.billNumber', 'Bill {{number}}', { number: bill.data.number })}` : ''}
      </h2>
      {settleFirst(bill.data) ? (
        // Money a table's bill owes back is its last party's: the next round waits until it is given back (decision 055), as the server says too.
        <>
          <button type="button" className="btn btn-outline self-start" disabled aria-describedby="bill-settle-first">
            {FLOOR_TEXT.addItems}
          </button>
          <p id="bill-settle-first" className="font-semibold">
            <SettleFirst owed={bill.data?.owedBack ?? 0} currency={bill.data?.currency} />
          </p>
        </>
      ) : (
        <Link className="btn btn-outline self-start" to={`${PATHS.staffOrder}?table=${encodeURIComponent(table._id)}`}>
          {FLOOR_TEXT.addItems}
        </Link>
      )}
      {billId === null ? (
        <p>{t('bill.noOpenBill', 'No open bill: this table has not ordered yet.')}</p>
      ) : bill.isError ? (
        <QueryError
          what={t('bill.theBill', 'the bill')}
          error={bill.error}
          onRetry={() => void bill.refetch()}
          retrying={bill.isFetching}
        />
      ) : !bill.data ? (
        <p role="status">{t('bill.loadingBill', 'Loading the bill…')}</p>
      ) : (
        <BillBody bill={bill.data} />
      )}
    </section>
  );
}

/** Whether a table's open bill owes money back, which the next party's round may not join (a reservation's bill is one party's). */
function settleFirst(bill: BillView | undefined): boolean {
  return bill !== undefined && bill.status === 'open' && bill.owedBack > 0 && bill.reservationId === undefined;
}

function SettleFirst({ owed, currency }: { owed: number; currency: string | undefined }) {
  const money = useMoney(currency);
  return (
    <>
      {t(
        'bill.settleFirst',
        'Settle the table first: give back {{amount}} to its last guests, then add the next round.',
        { amount: money(owed) },
      )}
    </>
  );
}

function BillBody({ bill }: { bill: BillView }) {
  const money = useMoney(bill.currency);
  const { digits } = useNumbers();
  const [action, setAction] = useState<Action>(null);
  const [share, setShare] = useState<{ n: number; amount: number } | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  // A new payment form after each payment taken (its amount the new due); a lost answer keeps the form, its values and its key for the retry.
  const [payRound, setPayRound] = useState(0);
  const [receiptFailure, setReceiptFailure] = useState<string | null>(null);
  const receiptPrinter = usePrinterStates().data?.some((printer) => printer.role === 'receipt') ?? false;
  const open = bill.status === 'open';
  const actionButton = (which: Exclude<Action, null>, label: string) => (
    <button
      type="button"
      className={`btn ${action === which ? 'btn-primary' : 'btn-outline'}`}
      aria-expanded={open && action === which}
      aria-controls={open && action === which ? `bill-${which}` : undefined}
      disabled={!open}
      onClick={() => setAction((now) => (now === which ? null : which))}
    >
      {label}
    </button>
  );

  return (
    <>
      <p className="font-semibold">
        {bill.status === 'paid'
          ? t('bill.paidReceiptNo', 'Paid · Receipt no. {{number}}', { number: digits(bill.receiptNumber ?? '') })
          : bill.status === 'void'
            ? t('bill.void', 'Void')
            : t('bill.openDue', 'Open · Due {{amount}}', { amount: money(bill.due) })}
        {bill.owedBack > 0 ? ` · ${FLOOR_TEXT.owedBack(money(bill.owedBack))}` : ''}
      </p>
      <BillFigures bill={bill} headingLevel={3} />
      <p role="status" className="font-semibold">
        {said}
      </p>
      <div className="flex flex-wrap gap-2">
        {actionButton('discount', FLOOR_TEXT.discount)}
        {actionButton('split', FLOOR_TEXT.split)}
        {actionButton('pay', FLOOR_TEXT.takePayment)}
        <button
          type="button"
          className="btn btn-outline"
          disabled={bill.status !== 'paid'}
          aria-describedby={bill.status !== 'paid' ? 'bill-receipt-note' : undefined}
          onClick={() => {
            setReceiptFailure(null);
            // At the receipt printer; where there is none, the browser's print of the receipt page.
            (receiptPrinter
              ? printReceipt(bill._id).then((answer) => setSaid(answer.message))
              : openReceipt(bill._id)
            ).catch((error: unknown) => setReceiptFailure(errorMessage(error, t('bill.theReceipt', 'the receipt'))));
          }}
        >
          {FLOOR_TEXT.printReceipt}
        </button>
      </div>
      {bill.status !== 'paid' ? (
        <p id="bill-receipt-note" className="text-sm">
          {t('bill.receiptOncePaid', 'The receipt prints once the bill is paid.')}
        </p>
      ) : null}
      {receiptFailure ? (
        <p role="alert" className="text-error">
          {receiptFailure}
        </p>
      ) : null}
      {bill.owedBack > 0 ? <GiveBackForm bill={bill} onDone={setSaid} /> : null}
      {open && action === 'discount' ? (
        <DiscountForm bill={bill} onDone={(text) => (setSaid(text), setAction(null))} />
      ) : null}
      {open && action === 'split' ? (
        <SplitForm bill={bill} onDone={(text) => (setSaid(text), setAction(null))} />
      ) : null}
      {/* The kept split shows on every screen of the bill until its shares are paid (issue 58). */}
      {open && bill.split ? (
        <KeptShares
          split={bill.split}
          currency={bill.currency}
          onPay={(meant) => {
            setShare(meant);
            setAction('pay');
          }}
        />
      ) : null}
      {open && action === 'pay' ? (
        <PaymentForm
          key={`${payRound}-${share?.n ?? ''}`}
          bill={bill}
          amount={share?.amount ?? bill.due}
          {...(share ? { share: share.n } : {})}
          onDone={(text) => (setSaid(text), setShare(null), setPayRound((n) => n + 1))}
        />
      ) : null}
    </>
  );
}
