import { BILL_PAYMENT_METHODS } from '@shared/contract/values.ts';
import type { DiningTableView } from '@shared/contract/tables.ts';
import { PATHS } from '@shared/paths.ts';
import { FLOOR_TEXT } from '@shared/texts.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { printReceipt, usePrinterStates } from '@client/features/printers/api/printers.ts';
import { useMoney } from '@client/data/restaurant.ts';
import { BillFigures, METHOD_LABEL } from './bill-figures.tsx';
import { useAttemptKey } from '@client/lib/idempotency-key.ts';
import { type BillView, openReceipt, useBill, useDiscountBill, useGiveBack, useSplit, useTakePayment } from '../api/bills.ts';

/**
 * A table's bill on the Floor (ORDERING.md "The bill"): its lines by round (one round a ticket),
 * discounts, service charge, taxes, total, paid, due and payments, and the actions "Add items"
 * (New order for this table), "Discount", "Split", "Take payment" and "Print receipt". Every
 * figure and every refusal is the server's; the page adds nothing up.
 */

type Action = 'discount' | 'split' | 'pay' | null;

/** A typed amount as the JSON number sent ("" is left out, so the server says what is missing). */
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

export function BillPanel({ table, billId }: { table: DiningTableView; billId: string | null }) {
  const bill = useBill(billId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="floor-bill" className="flex flex-col gap-4 self-start rounded-box bg-base-100 p-4 shadow-sm">
      <h2 id="floor-bill" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {table.name}
        {bill.data ? ` · Bill ${bill.data.number}` : ''}
      </h2>
      <Link className="btn btn-outline self-start" to={`${PATHS.staffOrder}?table=${encodeURIComponent(table._id)}`}>
        {FLOOR_TEXT.addItems}
      </Link>
      {billId === null ? (
        <p>No open bill: this table has not ordered yet.</p>
      ) : bill.isError ? (
        <QueryError what="the bill" error={bill.error} onRetry={() => void bill.refetch()} retrying={bill.isFetching} />
      ) : !bill.data ? (
        <p role="status">Loading the bill…</p>
      ) : (
        <BillBody bill={bill.data} />
      )}
    </section>
  );
}

function BillBody({ bill }: { bill: BillView }) {
  const money = useMoney();
  const [action, setAction] = useState<Action>(null);
  const [share, setShare] = useState<number | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  // A new payment form after each payment taken (its amount the new due); a lost answer keeps the form, its values and its key for the retry.
  const [payRound, setPayRound] = useState(0);
  const [receiptFailure, setReceiptFailure] = useState<string | null>(null);
  const receiptPrinter = usePrinterStates().data?.some((printer) => printer.role === 'receipt') ?? false;
  const open = bill.status === 'open';
  const actionButton = (which: Exclude<Action, null>, label: string) => (
    <button type="button" className={`btn ${action === which ? 'btn-primary' : 'btn-outline'}`} aria-expanded={open && action === which} aria-controls={open && action === which ? `bill-${which}` : undefined} disabled={!open} onClick={() => setAction((now) => (now === which ? null : which))}>
      {label}
    </button>
  );

  return (
    <>
      <p className="font-semibold">
        {bill.status === 'paid' ? `Paid · Receipt no. ${bill.receiptNumber ?? ''}` : bill.status === 'void' ? 'Void' : `Open · Due ${money(bill.due)}`}
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
            (receiptPrinter ? printReceipt(bill._id).then((answer) => setSaid(answer.message)) : openReceipt(bill._id)).catch((error: unknown) => setReceiptFailure(errorMessage(error, 'the receipt')));
          }}
        >
          {FLOOR_TEXT.printReceipt}
        </button>
      </div>
      {bill.status !== 'paid' ? (
        <p id="bill-receipt-note" className="text-sm">
          The receipt prints once the bill is paid.
        </p>
      ) : null}
      {receiptFailure ? (
        <p role="alert" className="text-error">
          {receiptFailure}
        </p>
      ) : null}
      {bill.owedBack > 0 ? <GiveBackForm bill={bill} onDone={setSaid} /> : null}
      {open && action === 'discount' ? <DiscountForm bill={bill} onDone={(text) => (setSaid(text), setAction(null))} /> : null}
      {open && action === 'split' ? (
        <SplitForm
          bill={bill}
          onPay={(amount) => {
            setShare(amount);
            setAction('pay');
          }}
        />
      ) : null}
      {open && action === 'pay' ? <PaymentForm key={`${payRound}-${share ?? ''}`} bill={bill} amount={share ?? bill.due} onDone={(text) => (setSaid(text), setShare(null), setPayRound((n) => n + 1))} /> : null}
    </>
  );
}

function Failure({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-error">
      {text}
    </p>
  ) : null;
}

function DiscountForm({ bill, onDone }: { bill: BillView; onDone: (said: string) => void }) {
  const money = useMoney();
  const id = useId();
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const discount = useDiscountBill();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const number = numberOrUndefined(value);
    const body = kind === 'percent' ? { percent: number as number, reason } : { amount: number as number, reason };
    try {
      const after = await discount.mutateAsync({ id: bill._id, body });
      onDone(`Discount added. Due ${money(after.due)}`);
    } catch (error) {
      setFailure(errorMessage(error, 'the discount'));
    }
  }
  return (
    <form id="bill-discount" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-semibold">{FLOOR_TEXT.discount}</legend>
        {(['percent', 'amount'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${id}-kind`} checked={kind === k} onChange={() => setKind(k)} />
            {k === 'percent' ? 'Percent' : 'Amount'}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{kind === 'percent' ? 'Percent off' : 'Amount off'}</span>
        <input className="input input-bordered" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">Reason</span>
        <input className="input input-bordered" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </label>
      <Failure text={failure} />
      <button type="submit" className="btn btn-primary self-start" disabled={discount.isPending}>
        Add discount
      </button>
    </form>
  );
}

/** What is owed back of money taken at the restaurant, given back by staff: by a method the bill was paid with. */
function GiveBackForm({ bill, onDone }: { bill: BillView; onDone: (said: string) => void }) {
  const money = useMoney();
  const id = useId();
  const methods = [...new Set(bill.payments.filter((p) => p.provider === 'restaurant' && p.status === 'succeeded').map((p) => p.method))];
  const [method, setMethod] = useState(methods[0] ?? 'cash');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useAttemptKey();
  const giveBack = useGiveBack();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const fields = { method, amount: bill.owedBack, reason: reason.trim() || 'Owed back' };
    try {
      const after = await giveBack.mutateAsync({ id: bill._id, body: { ...fields, key: attempt.keyFor(fields) } });
      attempt.done();
      onDone(`${money(fields.amount)} given back. ${after.status === 'paid' ? `Bill paid, receipt no. ${after.receiptNumber ?? ''}` : `Due ${money(after.due)}`}`);
    } catch (error) {
      setFailure(errorMessage(error, 'the refund'));
    }
  }
  return (
    <form id="bill-give-back" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-box border border-warning p-3">
      <p className="font-semibold">{FLOOR_TEXT.owedBack(money(bill.owedBack))}</p>
      {methods.length > 1 ? (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 font-semibold">Given back in</legend>
          {methods.map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" className="radio radio-sm" name={`${id}-method`} checked={method === m} onChange={() => setMethod(m)} />
              {METHOD_LABEL[m as keyof typeof METHOD_LABEL] ?? m}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">Reason (optional)</span>
        <input className="input input-bordered" value={reason} maxLength={200} placeholder="Owed back" onChange={(e) => setReason(e.target.value)} />
      </label>
      <Failure text={failure} />
      <button type="submit" className="btn btn-warning self-start" disabled={giveBack.isPending} aria-busy={giveBack.isPending}>
        {FLOOR_TEXT.giveBack} {money(bill.owedBack)}
      </button>
    </form>
  );
}

function SplitForm({ bill, onPay }: { bill: BillView; onPay: (amount: number) => void }) {
  const money = useMoney();
  const [ways, setWays] = useState('2');
  const [asked, setAsked] = useState<number | null>(null);
  const split = useSplit(bill._id, asked, bill.due);
  return (
    <div id="bill-split" className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(Number(ways.trim()));
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">Ways (2–20)</span>
          <input className="input input-bordered w-24" type="number" inputMode="numeric" min={2} max={20} value={ways} onChange={(e) => setWays(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary">
          Split the due
        </button>
      </form>
      {split.isError ? <Failure text={errorMessage(split.error, 'the split')} /> : null}
      {split.data && asked !== null ? (
        <ol className="flex flex-col gap-2" aria-label={`Shares of ${money(split.data.due)}`}>
          {split.data.shares.map((amount, index) => (
            <li key={index} className="flex flex-wrap items-center justify-between gap-2">
              <span className="tabular-nums">
                Share {index + 1}: {money(amount)}
              </span>
              <button type="button" className="btn btn-sm btn-outline" onClick={() => onPay(amount)}>
                Pay share {index + 1}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function PaymentForm({ bill, amount: initial, onDone }: { bill: BillView; amount: number; onDone: (said: string) => void }) {
  const money = useMoney();
  const id = useId();
  const [method, setMethod] = useState<(typeof BILL_PAYMENT_METHODS)[number]>('cash');
  const [amount, setAmount] = useState(initial.toFixed(2));
  const [tip, setTip] = useState('');
  const [tendered, setTendered] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // One key per payment meant: sent again while the same payment is retried, a new one once it is changed or taken.
  const attempt = useAttemptKey();
  const pay = useTakePayment();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const fields = {
      method,
      amount: numberOrUndefined(amount) as number,
      ...(numberOrUndefined(tip) !== undefined ? { tip: numberOrUndefined(tip) as number } : {}),
      ...(method === 'cash' && numberOrUndefined(tendered) !== undefined ? { tendered: numberOrUndefined(tendered) as number } : {}),
    };
    try {
      const after = await pay.mutateAsync({ id: bill._id, body: { ...fields, key: attempt.keyFor(fields) } });
      attempt.done();
      const taken = after.payments.at(-1);
      const change = taken?.change !== undefined ? `. Change ${money(taken.change)}` : '';
      onDone(`Payment taken: ${money(taken?.amount ?? 0)} ${METHOD_LABEL[method]}${change}. ${after.status === 'paid' ? `Bill paid, receipt no. ${after.receiptNumber ?? ''}` : `Due ${money(after.due)}`}`);
    } catch (error) {
      setFailure(errorMessage(error, 'the payment'));
    }
  }
  return (
    <form id="bill-pay" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 font-semibold">Method</legend>
        {BILL_PAYMENT_METHODS.map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${id}-method`} checked={method === m} onChange={() => setMethod(m)} />
            {METHOD_LABEL[m]}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">Amount</span>
          <input className="input input-bordered" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">Tip</span>
          <input className="input input-bordered" inputMode="decimal" value={tip} onChange={(e) => setTip(e.target.value)} />
        </label>
        {method === 'cash' ? (
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">Tendered</span>
            <input className="input input-bordered" inputMode="decimal" value={tendered} onChange={(e) => setTendered(e.target.value)} />
          </label>
        ) : null}
      </div>
      <Failure text={failure} />
      <button type="submit" className="btn btn-primary self-start" disabled={pay.isPending} aria-busy={pay.isPending}>
        {FLOOR_TEXT.takePayment}
      </button>
    </form>
  );
}
