import { t } from '@shared/i18n/i18n.ts';
import type { PaymentProviderName } from '@shared/contract/payments.ts';
import { type FormEvent, useId, useState } from 'react';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useMoney, useNumbers, useRestaurant } from '@client/data/restaurant.ts';
import { ApiError } from '@client/lib/api-client.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { usePayBillOnline, usePaymentProviders } from '@client/features/payments/api/payments.ts';
import type { BillView } from '../api/bills.ts';
import { useAttemptKey } from '@client/lib/idempotency-key.ts';
import { useOnline } from '@client/components/ui/offline-notice.tsx';
import { OFFLINE_TEXT } from '@shared/texts-ordering.ts';
import { percentOf } from '@shared/domain/billing.ts';
import { toMajor, toMinor } from '@shared/domain/money.ts';

export const providerName = (provider: PaymentProviderName): string =>
  ({
    stripe: t('mine.providerStripe', 'Card (pay on Stripe’s page)'),
    bkash: t('mine.providerBkash', 'bKash (pay on bKash’s page)'),
    demo: t('booking.providerDemo', 'Demo payment (no money moves)'),
  })[provider];

/** A typed amount as a number ("" is no tip; anything else the server checks and refuses with its message). */
export const typedAmount = (text: string) => (text.trim() === '' ? 0 : Number(text.trim().replace(',', '.')));

export function PayOnline({ bill, onStale }: { bill: BillView; onStale: () => void }) {
  const money = useMoney(bill.currency);
  const { number } = useNumbers();
  const id = useId();
  const providers = usePaymentProviders();
  const suggestions = useRestaurant().data?.billing.tipSuggestions ?? [];
  const online = providers.data ?? [];
  const [chosen, setChosen] = useState<PaymentProviderName | null>(null);
  const provider = chosen !== null && online.includes(chosen) ? chosen : online[0];
  const [whole, setWhole] = useState(true);
  const [share, setShare] = useState('');
  const [tipChoice, setTipChoice] = useState<string>('none');
  const [otherTip, setOtherTip] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // One key per attempt: a retry of the same payment (a lost answer, a second press) sends it again, so the server makes one payment.
  const attempt = useAttemptKey();
  const pay = usePayBillOnline();
  const connected = useOnline();
  // A suggested tip is a percent of what is paid now: all of the due, or the share typed.
  const typedShare = typedAmount(share);
  const paidMinor = toMinor(whole || !Number.isFinite(typedShare) ? bill.due : typedShare);
  const tipOf = (percent: number) => toMajor(percentOf(paidMinor, percent));

  if (!connected) return <p role="status">{OFFLINE_TEXT.onlinePaymentOffline}</p>;
  if (providers.isPending)
    return <p role="status">{t('mine.lookingForTheWaysTo', 'Looking for the ways to pay online…')}</p>;
  if (providers.isError)
    return (
      <QueryError
        what="the ways to pay online"
        error={providers.error}
        onRetry={() => void providers.refetch()}
        retrying={providers.isFetching}
      />
    );
  if (!provider) return <p>Pay {money(bill.due)} at the restaurant: paying online is not set up here.</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!provider || pay.isPending || leaving) return;
    setFailure(null);
    const tip = tipChoice === 'none' ? 0 : tipChoice === 'other' ? typedAmount(otherTip) : tipOf(Number(tipChoice));
    const fields = {
      billId: bill._id,
      provider,
      ...(whole ? {} : { amount: typedAmount(share) }),
      ...(tip !== 0 ? { tip } : {}),
    };
    try {
      const payment = await pay.mutateAsync({ ...fields, key: attempt.keyFor(fields) });
      // This attempt is done: coming back to the page (Back) starts a new one.
      attempt.done();
      setLeaving(true);
      window.location.assign(
        payment.status === 'pending' && payment.redirectUrl
          ? payment.redirectUrl
          : `/payments/${encodeURIComponent(payment._id)}`,
      );
    } catch (error) {
      setFailure(errorMessage(error, t('orders.thePayment', 'the payment')));
      // Paid meanwhile (at the table, by another guest): the bill says so now.
      if (error instanceof ApiError && error.status === 409) onStale();
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('mine.payOnline', 'Pay online')}
      </h2>
      <p>
        Due now: <strong className="tabular-nums">{money(bill.due)}</strong>. You pay on the provider’s secure page;
        your card or account details never reach the restaurant.
      </p>
      {online.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t('mine.payWith', 'Pay with')}</legend>
          {online.map((p) => (
            <label key={p} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                name={`${id}-provider`}
                checked={provider === p}
                onChange={() => setChosen(p)}
              />
              {providerName(p)}
            </label>
          ))}
        </fieldset>
      ) : (
        <p>{t('mine.payWithProvider', 'Pay with: {{provider}}', { provider: providerName(provider) })}</p>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('mine.howMuch', 'How much')}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            className="radio radio-sm"
            name={`${id}-share`}
            checked={whole}
            onChange={() => setWhole(true)}
          />
          {t('mine.allOfIt', 'All of it ({{amount}})', { amount: money(bill.due) })}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            className="radio radio-sm"
            name={`${id}-share`}
            checked={!whole}
            onChange={() => setWhole(false)}
          />
          {t('mine.myShare', 'My share')}
        </label>
        {!whole ? (
          <label className="flex flex-col gap-1 sm:max-w-xs">
            <span className="text-sm font-semibold">{t('mine.amountOfMyShare', 'Amount of my share')}</span>
            <input
              className="input input-bordered"
              inputMode="decimal"
              autoComplete="off"
              value={share}
              onChange={(e) => setShare(e.target.value)}
            />
          </label>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('mine.tipOptional', 'Tip (optional)')}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            className="radio radio-sm"
            name={`${id}-tip`}
            checked={tipChoice === 'none'}
            onChange={() => setTipChoice('none')}
          />
          {t('mine.noTip', 'No tip')}
        </label>
        {suggestions.map((percent) => (
          <label key={percent} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-tip`}
              checked={tipChoice === String(percent)}
              onChange={() => setTipChoice(String(percent))}
            />
            {number(percent)} % ({money(tipOf(percent))})
          </label>
        ))}
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            className="radio radio-sm"
            name={`${id}-tip`}
            checked={tipChoice === 'other'}
            onChange={() => setTipChoice('other')}
          />
          {t('mine.anotherAmount', 'Another amount')}
        </label>
        {tipChoice === 'other' ? (
          <label className="flex flex-col gap-1 sm:max-w-xs">
            <span className="text-sm font-semibold">{t('mine.tipAmount', 'Tip amount')}</span>
            <input
              className="input input-bordered"
              inputMode="decimal"
              autoComplete="off"
              value={otherTip}
              onChange={(e) => setOtherTip(e.target.value)}
            />
          </label>
        ) : null}
      </fieldset>
      {failure ? (
        <p role="alert" className="text-error">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary self-stretch sm:self-start"
        disabled={pay.isPending || leaving}
        aria-busy={pay.isPending || leaving}
      >
        {pay.isPending || leaving
          ? t('mine.openingPaymentPage', 'Opening the payment page…')
          : t('mine.payOnline', 'Pay online')}
      </button>
    </form>
  );
}
