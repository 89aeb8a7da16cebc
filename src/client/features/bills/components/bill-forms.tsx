import { FLOOR_TEXT, OFFLINE_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@client/lib/error-message.ts';
import { useNumbers, useMoney } from '@client/data/restaurant.ts';
import { methodLabel } from './bill-figures.tsx';
import { useAttemptKey } from '@client/lib/idempotency-key.ts';
import { type BillView, useDiscountBill, useGiveBack } from '../api/bills.ts';

/** The bill panel's forms (docs/reference/ordering.md "The bill"): a discount, money owed back given back, a split, a payment taken at the table. */

/** What a payment or a give-back leaves the bill at: "Bill paid, receipt no. 12", else "Due $4.00"; the receipt number in the page's `digits`. */
export const afterText = (
  after: BillView,
  money: (amount: number) => string,
  digits: (text: string | number) => string,
): string =>
  after.status === 'paid'
    ? t('bill.billPaidReceipt', 'Bill paid, receipt no. {{number}}', { number: digits(after.receiptNumber ?? '') })
    : t('bill.dueAmount', 'Due {{amount}}', { amount: money(after.due) });

/** A typed amount as the JSON number sent ("" is left out, so the server says what is missing). */
export const numberOrUndefined = (text: string) =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

export function Failure({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-error">
      {text}
    </p>
  ) : null;
}

export function DiscountForm({ bill, onDone }: { bill: BillView; onDone: (said: string) => void }) {
  const money = useMoney(bill.currency);
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
      onDone(
        after
          ? t('bill.discountAdded', 'Discount added. Due {{amount}}', { amount: money(after.due) })
          : OFFLINE_TEXT.queued,
      );
    } catch (error) {
      setFailure(errorMessage(error, t('bill.theDiscount', 'the discount')));
    }
  }
  return (
    <form
      id="bill-discount"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-semibold">{FLOOR_TEXT.discount}</legend>
        {(['percent', 'amount'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-kind`}
              checked={kind === k}
              onChange={() => setKind(k)}
            />
            {k === 'percent' ? t('bill.percent', 'Percent') : t('bill.amount', 'Amount')}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">
          {kind === 'percent' ? t('bill.percentOff', 'Percent off') : t('bill.amountOff', 'Amount off')}
        </span>
        <input
          className="input input-bordered"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{t('bill.reason', 'Reason')}</span>
        <input
          className="input input-bordered"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <Failure text={failure} />
      <button type="submit" className="btn btn-primary self-start" disabled={discount.isPending}>
        {t('bill.addDiscount', 'Add discount')}
      </button>
    </form>
  );
}

/** What is owed back of money taken at the restaurant, given back by staff: by a method the bill was paid with. */
export function GiveBackForm({ bill, onDone }: { bill: BillView; onDone: (said: string) => void }) {
  const money = useMoney(bill.currency);
  const { digits } = useNumbers();
  const id = useId();
  const methods = [
    ...new Set(
      bill.payments.filter((p) => p.provider === 'restaurant' && p.status === 'succeeded').map((p) => p.method),
    ),
  ];
  const [method, setMethod] = useState(methods[0] ?? 'cash');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useAttemptKey();
  const giveBack = useGiveBack();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const fields = { method, amount: bill.owedBack, reason: reason.trim() || t('bill.owedBack', 'Owed back') };
    try {
      const after = await giveBack.mutateAsync({
        id: bill._id,
        number: bill.number,
        body: { ...fields, key: attempt.keyFor(fields) },
      });
      attempt.done();
      if (!after) return onDone(OFFLINE_TEXT.queued);
      onDone(
        `${t('bill.givenBack', '{{amount}} given back.', { amount: money(fields.amount) })} ${afterText(after, money, digits)}`,
      );
    } catch (error) {
      setFailure(errorMessage(error, t('bill.theRefund', 'the refund')));
    }
  }
  return (
    <form
      id="bill-give-back"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-box border border-warning p-3"
    >
      <p className="font-semibold">{FLOOR_TEXT.owedBack(money(bill.owedBack))}</p>
      {methods.length > 1 ? (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 font-semibold">{t('bill.givenBackIn', 'Given back in')}</legend>
          {methods.map((m) => (
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
      ) : null}
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{t('bill.reasonOptional', 'Reason (optional)')}</span>
        <input
          className="input input-bordered"
          value={reason}
          maxLength={200}
          placeholder={t('bill.owedBack', 'Owed back')}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <Failure text={failure} />
      <button
        type="submit"
        className="btn btn-warning self-start"
        disabled={giveBack.isPending}
        aria-busy={giveBack.isPending}
      >
        {FLOOR_TEXT.giveBack} {money(bill.owedBack)}
      </button>
    </form>
  );
}
