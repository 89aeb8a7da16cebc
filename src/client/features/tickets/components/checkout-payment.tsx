/**
 * The checkout's "Payment" fieldset: the online providers set up and the other methods (cash named for how the
 * order is had), with the account number a transfer needs.
 */
import { t } from '@shared/i18n/i18n.ts';
import { PAYMENT_METHODS } from '@shared/constants.ts';
import type { OnlineProvider } from '@shared/contract/payments.ts';
import type { Checkout } from './use-checkout.ts';

/** How the online providers read in the method list. */
const onlineName = (provider: OnlineProvider): string =>
  ({
    stripe: t('mine.providerStripe', 'Card (pay on Stripe’s page)'),
    bkash: t('mine.providerBkash', 'bKash (pay on bKash’s page)'),
  })[provider];

const METHOD_NAMES = (): Record<string, string> => ({
  bkash: 'bKash',
  nagod: 'Nagad',
  bank: t('checkout.bankTransfer', 'Bank transfer'),
  cash: t('checkout.cash', 'Cash'),
});

export function PaymentFieldset({ checkout }: { checkout: Checkout }) {
  const { method, setMethod, online, provider, account, setAccount, fulfilment } = checkout;
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 font-semibold">{t('checkout.payment', 'Payment')}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('checkout.method', 'Method')}</span>
          <select className="select select-sm w-full" value={method} onChange={(e) => setMethod(e.target.value)}>
            {online.map((p) => (
              <option key={p} value={`online:${p}`}>
                {onlineName(p)}
              </option>
            ))}
            {[...PAYMENT_METHODS, 'cash'].map((m) => (
              <option key={m} value={m}>
                {METHOD_NAMES()[m] ?? m}
                {m === 'cash'
                  ? fulfilment === 'delivery'
                    ? t('checkout.onDelivery', ' on delivery')
                    : fulfilment === 'dine_in'
                      ? t('checkout.atTheTable', ' at the table')
                      : t('checkout.onCollection', ' on collection')
                  : ''}
              </option>
            ))}
          </select>
        </label>
        {method !== 'cash' && !provider && (
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('checkout.accountNumber', 'Account number')}</span>
            <input
              className="input input-sm w-full"
              inputMode="numeric"
              value={account}
              onChange={(e) => setAccount(e.target.value.trim())}
            />
          </label>
        )}
      </div>
    </fieldset>
  );
}
