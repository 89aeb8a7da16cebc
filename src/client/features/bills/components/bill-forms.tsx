import { BILL_PAYMENT_METHODS } from '@shared/contract/values.ts';
import { FLOOR_TEXT, OFFLINE_TEXT } from '@shared/texts.ts';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@client/lib/error-message.ts';
import { useMoney } from '@client/data/restaurant.ts';
import { METHOD_LABEL } from './bill-figures.tsx';
import { useAttemptKey } from '@client/lib/idempotency-key.ts';
import { type BillView, useDiscountBill, useGiveBack, useSplit, useTakePayment } from '../api/bills.ts';

/** The bill panel's forms (ORDERING.md "The bill"): a discount, money owed back given back, a split, a payment taken at the table. */

/** A typed amount as the JSON number sent ("" is left out, so the server says what is missing). */
export const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

export function Failure({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-error">
      {text}
    </p>
  ) : null;
}

export function DiscountForm({ bill, onDone }: { bill: BillView; onDone: (said: string) => void }) {
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
      const after = await discount.mutateAsync({ id: bill._id, number: bill.number, body });
      onDone(after ? `Discount added. Due ${money(after.due)}` : OFFLINE_TEXT.queued);
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
export function GiveBackForm({ bill, onDone }: { bill: BillView; onDone: (said: string) => void }) {
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
      const after = await giveBack.mutateAsync({ id: bill._id, number: bill.number, body: { ...fields, key: attempt.keyFor(fields) } });
      attempt.done();
      if (!after) return onDone(OFFLINE_TEXT.queued);
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

export function SplitForm({ bill, onPay }: { bill: BillView; onPay: (amount: number) => void }) {
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

export function PaymentForm({ bill, amount: initial, onDone }: { bill: BillView; amount: number; onDone: (said: string) => void }) {
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
      const after = await pay.mutateAsync({ id: bill._id, number: bill.number, body: { ...fields, key: attempt.keyFor(fields) } });
      attempt.done();
      if (!after) return onDone(OFFLINE_TEXT.queued);
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
