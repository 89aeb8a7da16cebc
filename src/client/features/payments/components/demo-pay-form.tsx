import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import { latinDigitsOf } from '@shared/i18n/format.ts';
import {
  ACCOUNT_NUMBER_MAX_EXCLUSIVE,
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@shared/constants.ts';
import type { Payment } from '@shared/contract/payments.ts';
import { formatMoney } from '@shared/format-money.ts';
import { TEXT } from '@shared/texts.ts';
import { type FormEvent, useId, useState } from 'react';

const METHOD_NAMES: Record<PaymentMethod, string> = {
  get bank() {
    return t('orders.bank', 'Bank');
  },
  bkash: 'bKash',
  nagod: 'Nagad',
};

/**
 * The demo provider's page for a bill's payment (docs/reference/storefront.md PAY, docs/reference/ordering.md "Payments": "the spec's
 * form, an account number and a method"): the guest picks a method (bkash first) and types an
 * account number (digits, Bengali or Latin, in a text field: fewer than 15, 15 or more is the spec's alert and nothing is sent),
 * then confirms; no money moves anywhere. `onPay` sends the guest back to this page saying
 * `success` with the method, which the server asks the demo provider about.
 */
export function DemoPayForm({
  payment,
  onPay,
  onCancel,
}: {
  payment: Payment;
  onPay: (method: PaymentMethod) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [account, setAccount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = latinDigitsOf(account).trim();
    if (typed === '') return setProblem(t('orders.enterAccount', 'Please enter your account number.'));
    if (typed.length >= ACCOUNT_NUMBER_MAX_EXCLUSIVE) return setProblem(TEXT.accountNumberWrong);
    if (!/^\d+$/.test(typed))
      return setProblem(t('orders.digitsOnly', 'Use digits only (0–9) for the account number.'));
    setProblem(null);
    onPay(method);
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {TEXT.bankAccountNumber}
      </h2>
      <p>
        {t(
          'payment.demoNote',
          'This restaurant takes no real payments yet: confirming below counts {{amount}} on the bill without any money changing hands.',
          { amount: formatMoney(payment.amount, payment.currency, currentLanguage()) },
        )}
      </p>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-semibold">{t('bag.paymentMethod', 'Payment method')}</legend>
        {PAYMENT_METHODS.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-method`}
              checked={method === value}
              onChange={() => setMethod(value)}
            />
            {METHOD_NAMES[value]}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 sm:max-w-xs">
        <span className="font-semibold">{t('bag.accountNumber', 'Account number')}</span>
        <input
          className="input input-bordered"
          inputMode="numeric"
          autoComplete="off"
          value={account}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => (setAccount(e.target.value), setProblem(null))}
        />
      </label>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-error">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm">
          Pay {formatMoney(payment.amount, payment.currency)} (demo)
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={onCancel}>
          {t('bag.doNotPay', 'Do not pay')}
        </button>
      </div>
    </form>
  );
}
