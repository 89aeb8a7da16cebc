import { BILL_PAYMENT_METHODS } from '@shared/contract/values.ts';
import { changeOf } from '@shared/domain/billing.ts';
import { ZERO, addMinor, subtractMinor, sumMinor, toMajor, toMinor } from '@shared/domain/money.ts';
import { FLOOR_TEXT, OFFLINE_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput, sentNumber } from '@client/components/ui/number-input.tsx';
import { useNumbers, useMoney } from '@client/data/restaurant.ts';
import { methodLabel } from './bill-figures.tsx';
import { useAttemptKey } from '@client/lib/idempotency-key.ts';
import { type BillView, useKeepSplit, useTakePayment } from '../api/bills.ts';
import { afterText, numberOrUndefined, Failure } from './bill-forms.tsx';

/**
 * "Split": the bill split N ways, kept on the bill by the server until its shares are paid
 * (issue 58), so that every screen of the bill shows the same shares (KeptShares). Split again,
 * the shares paid stay paid and the due is shared over the others.
 */
export function SplitForm({ bill, onDone }: { bill: BillView; onDone: (said: string) => void }) {
  const money = useMoney(bill.currency);
  const { digits } = useNumbers();
  const [ways, setWays] = useState(bill.split?.ways ?? 2);
  const [failure, setFailure] = useState<string | null>(null);
  const keep = useKeepSplit();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const after = await keep.mutateAsync({ id: bill._id, number: bill.number, body: { ways: sentNumber(ways) } });
      onDone(
        after
          ? t('bill.splitInto', 'Split {{n}} ways: {{amount}} due', {
              n: digits(after.split?.ways ?? ways),
              amount: money(after.due),
            })
          : OFFLINE_TEXT.queued,
      );
    } catch (error) {
      setFailure(errorMessage(error, t('bill.theSplit', 'the split')));
    }
  }
  return (
    <form
      id="bill-split"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
    >
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">
            {t('bill.ways', 'Ways ({{min}}–{{max}})', { min: digits(2), max: digits(20) })}
          </span>
          <NumberInput className="input input-bordered w-24" min={2} max={20} value={ways} onChange={setWays} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={keep.isPending} aria-busy={keep.isPending}>
          {t('bill.splitTheDue', 'Split the due')}
        </button>
      </div>
      <Failure text={failure} />
    </form>
  );
}

/**
 * The change for the cash given, as it is typed (issue 58, point 10): the waiter counts it out
 * before pressing "Take payment", which then keeps the same figure (changeOf, as the server).
 */
export function TenderedChange({
  id,
  amount,
  tip,
  tendered,
  currency,
}: {
  id: string;
  amount: string;
  tip: string;
  tendered: string;
  currency: string | undefined;
}) {
  const money = useMoney(currency);
  const cents = (text: string) => {
    const value = numberOrUndefined(text);
    return value === undefined || !Number.isFinite(value) ? undefined : toMinor(value);
  };
  const given = cents(tendered);
  const owed = cents(amount);
  const tipCents = cents(tip) ?? ZERO;
  const change = given === undefined || owed === undefined ? undefined : changeOf(given, owed, tipCents);
  return (
    <output id={id} aria-live="polite" className="text-sm tabular-nums">
      {given === undefined || owed === undefined
        ? ''
        : change !== undefined
          ? t('bill.changeAmount', 'Change {{amount}}', { amount: money(toMajor(change)) })
          : t('bill.tenderedShort', '{{amount}} short of the amount and tip', {
              amount: money(toMajor(subtractMinor(addMinor(owed, tipCents), given))),
            })}
    </output>
  );
}

/** The bill's kept split: each share with what it paid ("Paid") or what it has to pay, and its "Pay share" button. */
export function KeptShares({
  split,
  currency,
  onPay,
}: {
  split: NonNullable<BillView['split']>;
  currency: string | undefined;
  onPay: (share: { n: number; amount: number }) => void;
}) {
  const money = useMoney(currency);
  const { digits } = useNumbers();
  const total = toMajor(sumMinor(split.shares.map((share) => (share.paid ? ZERO : toMinor(share.amount)))));
  return (
    <section aria-labelledby="bill-shares" className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <h3 id="bill-shares" className="font-semibold">
        {t('bill.splitWays', 'Split {{n}} ways', { n: digits(split.ways) })}
      </h3>
      <ol
        className="flex flex-col gap-2"
        aria-label={t('bill.sharesOf', 'Shares of {{amount}}', { amount: money(total) })}
      >
        {split.shares.map((share) => (
          <li key={share.n} className="flex flex-wrap items-center justify-between gap-2">
            <span className="tabular-nums">
              {t('bill.share', 'Share {{n}}: {{amount}}', { n: digits(share.n), amount: money(share.amount) })}
              {share.paid ? (
                <span className="badge badge-success ml-2 align-middle">{t('bill.sharePaid', 'Paid')}</span>
              ) : null}
            </span>
            {share.paid ? null : (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => onPay(share)}>
                {t('bill.payShare', 'Pay share {{n}}', { n: digits(share.n) })}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "Take payment": of the due, or (`share`) of one share of the kept split, whose amount is that share's. */
export function PaymentForm({
  bill,
  amount: initial,
  share,
  onDone,
}: {
  bill: BillView;
  amount: number;
  share?: number;
  onDone: (said: string) => void;
}) {
  const money = useMoney(bill.currency);
  const { digits } = useNumbers();
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
      ...(method === 'cash' && numberOrUndefined(tendered) !== undefined
        ? { tendered: numberOrUndefined(tendered) as number }
        : {}),
      ...(share !== undefined ? { share } : {}),
    };
    try {
      const after = await pay.mutateAsync({
        id: bill._id,
        number: bill.number,
        body: { ...fields, key: attempt.keyFor(fields) },
      });
      attempt.done();
      if (!after) return onDone(OFFLINE_TEXT.queued);
      const taken = after.payments.at(-1);
      const change =
        taken?.change !== undefined
          ? `. ${t('bill.changeAmount', 'Change {{amount}}', { amount: money(taken.change) })}`
          : '';
      onDone(
        `${t('bill.paymentTaken', 'Payment taken: {{amount}} {{method}}', { amount: money(taken?.amount ?? 0), method: methodLabel(method) })}${change}. ${afterText(after, money, digits)}`,
      );
    } catch (error) {
      setFailure(errorMessage(error, t('bill.thePayment', 'the payment')));
    }
  }
  return (
    <form
      id="bill-pay"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
    >
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 font-semibold">{t('bill.method', 'Method')}</legend>
        {BILL_PAYMENT_METHODS.map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-method`}
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            {methodLabel(m)}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">
            {share !== undefined
              ? t('bill.amountOfShare', 'Amount of share {{n}}', { n: digits(share) })
              : t('bill.amount', 'Amount')}
          </span>
          <input
            className="input input-bordered"
            inputMode="decimal"
            value={amount}
            readOnly={share !== undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('bill.tip', 'Tip')}</span>
          <input
            className="input input-bordered"
            inputMode="decimal"
            value={tip}
            onChange={(e) => setTip(e.target.value)}
          />
        </label>
        {method === 'cash' ? (
          <div className="flex flex-col gap-1">
            <label className="flex flex-col gap-1">
              <span className="text-sm font-semibold">{t('bill.tendered', 'Tendered')}</span>
              <input
                className="input input-bordered"
                inputMode="decimal"
                value={tendered}
                onChange={(e) => setTendered(e.target.value)}
                aria-describedby={`${id}-change`}
              />
            </label>
            <TenderedChange
              id={`${id}-change`}
              amount={amount}
              tip={tip}
              tendered={tendered}
              currency={bill.currency}
            />
          </div>
        ) : null}
      </div>
      <Failure text={failure} />
      <button type="submit" className="btn btn-primary self-start" disabled={pay.isPending} aria-busy={pay.isPending}>
        {FLOOR_TEXT.takePayment}
      </button>
    </form>
  );
}
