import { t } from '@shared/i18n/i18n.ts';
import { lineLabel } from '@shared/domain/option-choice.ts';
import {
  ACCOUNT_NUMBER_MAX_EXCLUSIVE,
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { OrderListed } from '@shared/contract/orders.ts';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Modal, ModalActions, ModalFailure } from '@client/components/ui/modal.tsx';
import { useSubmission } from '@client/lib/use-submission.ts';
import { showAlertInDialog } from './alert-in-dialog.ts';
import { PAYMENT_METHOD_LABELS, PaymentMethodLogo } from './payment-method-logos.tsx';
import { useMoney } from '@client/data/restaurant.ts';
import { OrderSummary } from '@client/components/ui/order-summary.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useQuote } from '@client/features/tickets/api/checkout.ts';

export interface PaymentDetails {
  method: PaymentMethod;
  accountNumber: string;
}

/**
 * PAY's modal, titled Bank Account Number (docs/reference/storefront.md §2, §4, §5): three methods as radio
 * buttons drawn as logos (bkash chosen first), and the account number in a number input.
 * 15 or more characters: the spec's alert and nothing is sent; empty or not digits: a
 * message under the field and nothing is sent. It closes on a paid order or a close request.
 * PAY places the line as a pick-up (docs/reference/operations.md "Tickets"), charged as its bill charges it: the
 * modal says that amount, with each tax added on top, from the checkout's quote (issue 58).
 */
export function PayOrderModal({
  open,
  visit,
  order,
  onClose,
  onPay,
}: {
  open: boolean;
  /** Changes on every opening, so the form starts afresh each time. */
  visit: number;
  order: OrderListed | null;
  onClose: () => void;
  /** Resolves when paid; rejects with the failure, which is then shown in the modal. */
  onPay: (order: OrderListed, details: PaymentDetails) => Promise<void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <Modal open={open} onClose={onClose} title={TEXT.bankAccountNumber} dialogRef={dialog}>
      {order ? (
        <PayForm key={`${order.orderMainId}-${visit}`} order={order} dialog={dialog} onClose={onClose} onPay={onPay} />
      ) : null}
    </Modal>
  );
}

function PayForm({
  order,
  dialog,
  onClose,
  onPay,
}: {
  order: OrderListed;
  dialog: RefObject<HTMLDialogElement | null>;
  onClose: () => void;
  onPay: (order: OrderListed, details: PaymentDetails) => Promise<void>;
}) {
  const money = useMoney();
  const quote = useQuote('pickup', [order.orderMainId]);
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { pending, failure, submit, clearFailure } = useSubmission(t('orders.thePayment', 'the payment'));
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearFailure();
    const field = input.current;
    if (!field) return;
    // A number input reports text that is not a number as empty, with badInput set.
    const accountNumber = field.value.trim();
    if (field.validity.badInput) {
      setFieldError(t('orders.digitsOnly', 'Use digits only (0–9) for the account number.'));
      field.focus();
      return;
    }
    if (accountNumber === '') {
      setFieldError(t('orders.enterAccount', 'Please enter your account number.'));
      field.focus();
      return;
    }
    if (accountNumber.length >= ACCOUNT_NUMBER_MAX_EXCLUSIVE) {
      setFieldError(null);
      await showAlertInDialog(dialog.current, TEXT.accountNumberWrong);
      return;
    }
    if (!/^\d+$/.test(accountNumber)) {
      setFieldError(t('orders.digitsOnly', 'Use digits only (0–9) for the account number.'));
      field.focus();
      return;
    }
    setFieldError(null);
    await submit(() => onPay(order, { method, accountNumber }));
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <p className="text-base-content/80">
        {lineLabel(order.orderName, order.options)} × {order.orderQuantity}:{' '}
        <strong className="text-base-content">{money(order.orderPrice)}</strong>
      </p>
      <OrderSummary figures={quote.data} fulfilment="pickup" subtotal={order.orderPrice} />
      {quote.isError ? (
        <QueryError
          what={t('orders.theAmount', 'the amount to pay')}
          error={quote.error}
          onRetry={() => void quote.refetch()}
          retrying={quote.isFetching}
        />
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">{t('bag.paymentMethod', 'Payment method')}</legend>
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          {PAYMENT_METHODS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-box border-2 border-base-300 bg-base-100 p-2 transition-colors hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent"
            >
              <input
                type="radio"
                name="method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="sr-only"
              />
              <PaymentMethodLogo method={value} />
              <span className="text-sm font-semibold">{PAYMENT_METHOD_LABELS[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="font-semibold">
          {t('bag.accountNumber', 'Account number')}
        </label>
        <input
          ref={input}
          id={fieldId}
          name="accountNumber"
          type="number"
          inputMode="numeric"
          min={0}
          autoComplete="off"
          data-autofocus
          className="input w-full"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
          onInput={() => setFieldError(null)}
        />
        <p id={hintId} className="text-sm text-base-content/75">
          {t('orders.digitsHint', 'Digits only, fewer than {{n}}.', { n: ACCOUNT_NUMBER_MAX_EXCLUSIVE })}
        </p>
        {fieldError ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-error">
            {fieldError}
          </p>
        ) : null}
      </div>
      <ModalFailure message={failure} />
      {/* The amount charged is the quote's: until it is known the button waits. */}
      <ModalActions onClose={onClose} pending={pending || !quote.data}>
        {t('orders.payAmount', 'Pay {{amount}}', { amount: quote.data ? money(quote.data.total) : '…' })}
      </ModalActions>
    </form>
  );
}
