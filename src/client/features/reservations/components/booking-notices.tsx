/**
 * What the booking form tells before "Reserve": that a booking this close cannot be changed online,
 * and the deposit due, with the choice of how to pay it.
 */
import { t } from '@shared/i18n/i18n.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { telHref } from '@client/lib/format.ts';
import { depositExplanation } from '@shared/domain/deposits.ts';
import type { DEPOSIT_PROVIDERS } from '@shared/contract/values.ts';
import type { Booking } from './use-booking.ts';

const providerName = (provider: (typeof DEPOSIT_PROVIDERS)[number]): string =>
  ({
    stripe: t('booking.providerStripe', 'Card (Stripe)'),
    bkash: 'bKash',
    demo: t('booking.providerDemo', 'Demo payment (no money moves)'),
  })[provider];

export function ReserveNotices({ settings, booking }: { settings: RestaurantSettings; booking: Booking }) {
  const { tooClose, deposit, depositDue, ids, partySize, refundable, offered, provider, setProvider } = booking;
  return (
    <>
      {tooClose && (
        <p className="text-sm font-medium">
          {t(
            'booking.tooClose',
            'Booked this close to its time, it cannot be changed or cancelled online: to change it, call us on',
          )}{' '}
          <a className="link" href={telHref(settings.phone)}>
            {settings.phone}
          </a>
          .
        </p>
      )}
      {deposit && depositDue && (
        <div className="flex flex-col gap-3 rounded-box border border-warning/50 bg-warning/10 p-4">
          <p id={ids.deposit} className="font-medium">
            {t(
              'booking.depositThen',
              '{{explanation}} After “Reserve” you pay it on the next page; your table is held for 15 minutes until it is paid.',
              {
                explanation: depositExplanation(
                  deposit,
                  partySize,
                  settings.currency,
                  refundable,
                  settings.latinDigits,
                ),
              },
            )}
          </p>
          {offered.length > 1 && (
            <fieldset>
              <legend className="mb-1 font-semibold">{t('booking.payTheDepositBy', 'Pay the deposit by')}</legend>
              <div className="flex flex-wrap gap-4">
                {offered.map((p) => (
                  <label key={p} className="flex items-center gap-2">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name="deposit-provider"
                      value={p}
                      checked={provider === p}
                      onChange={() => setProvider(p)}
                    />
                    {providerName(p)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      )}
    </>
  );
}
