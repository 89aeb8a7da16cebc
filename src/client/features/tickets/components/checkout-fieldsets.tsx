/**
 * The checkout's first fieldsets: the unpaid orders to check out, how the order is had (pick-up,
 * delivery with its address, or at the table), and when (as soon as possible or a free time).
 */
import { t } from '@shared/i18n/i18n.ts';
import { lineLabel } from '@shared/domain/option-choice.ts';
import type { OrderListed } from '@shared/contract/orders.ts';
import { arrivalOf } from '@shared/domain/capacity.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { promiseText } from './ticket-status.ts';
import { AddressFields } from './address-fields.tsx';
import type { Checkout } from './use-checkout.ts';

/** The unpaid orders, each ticked to be checked out or not. */
export function OrdersFieldset({ checkout }: { checkout: Checkout }) {
  const money = useMoney();
  const { number } = useNumbers();
  const { open, selected, toggle } = checkout;
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 font-semibold">{t('checkout.orders', 'Orders')}</legend>
      <ul className="flex flex-col gap-2">
        {open.map((o: OrderListed) => (
          <li key={o.orderMainId}>
            <label className="flex items-center gap-3">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={selected.includes(o.orderMainId)}
                onChange={() => toggle(o.orderMainId)}
              />
              <span>
                {number(o.orderQuantity)} × {lineLabel(o.orderName, o.options)} · {money(o.orderPrice)}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Pick-up, delivery (with its address) or, for a reservation of today or a table's code, at the table. */
export function HowFieldset({ checkout }: { checkout: Checkout }) {
  const { fulfilment, choose, dineIn, reservationId, tableName, address, setAddress } = checkout;
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 font-semibold">{t('checkout.how', 'How')}</legend>
      <div className="flex flex-wrap gap-4">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            className="radio radio-sm"
            name="fulfilment"
            checked={fulfilment === 'pickup'}
            onChange={() => choose('pickup')}
          />
          {t('checkout.pickUp', 'Pick up')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            className="radio radio-sm"
            name="fulfilment"
            checked={fulfilment === 'delivery'}
            onChange={() => choose('delivery')}
          />
          {t('checkout.delivery', 'Delivery')}
        </label>
        {dineIn && (
          <label className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name="fulfilment"
              checked={fulfilment === 'dine_in'}
              onChange={() => choose('dine_in')}
            />
            {reservationId
              ? t('checkout.atMyTable', 'At my table (my reservation of today)')
              : tableName
                ? t('checkout.atThisTableNamed', 'At this table ({{table}})', { table: tableName })
                : t('checkout.atThisTable', 'At this table')}
          </label>
        )}
      </div>
      {fulfilment === 'delivery' && (
        <AddressFields
          className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2"
          address={address}
          onChange={setAddress}
          labels={{
            line1: t('settings.address', 'Address'),
            area: t('checkout.area', 'Area'),
            phone: t('settings.phone', 'Phone'),
            instructions: t('checkout.instructions', 'Instructions (optional)'),
          }}
        />
      )}
    </fieldset>
  );
}

/** As soon as possible, with the kitchen's promise, or one of the free times. */
export function WhenFieldset({ checkout }: { checkout: Checkout }) {
  const { quote, when, setWhen, fulfilment, time, restaurant, paused } = checkout;
  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 font-semibold">{t('checkout.when', 'When')}</legend>
      {quote.isError ? (
        <p role="alert" className="text-error">
          {errorMessage(quote.error, 'the quote')}
        </p>
      ) : !quote.data ? (
        <p role="status">{t('checkout.askingTheKitchen', 'Asking the kitchen…')}</p>
      ) : (
        <label className="flex flex-col gap-1">
          <span className="sr-only">{t('checkout.readyTime', 'Ready time')}</span>
          <select className="select w-full sm:w-96" value={when} onChange={(e) => setWhen(e.target.value)}>
            {quote.data.asap && (
              <option value="asap">
                {t('staffOrder.asapAt', 'As soon as possible ({{promise}})', {
                  promise: promiseText({ fulfilment, ...quote.data.asap }, time),
                })}
              </option>
            )}
            {quote.data.times.map((slot) => (
              <option key={slot.readyAt} value={slot.readyAt}>
                {/* A delivery's time is when it arrives, as its promise says. */}
                {promiseText(
                  {
                    fulfilment,
                    readyAt: slot.readyAt,
                    ...(fulfilment === 'delivery' && restaurant.data
                      ? { arriveAt: arrivalOf(restaurant.data, slot.readyAt) }
                      : {}),
                  },
                  time,
                )}
              </option>
            ))}
          </select>
          {!quote.data.asap && (
            <span className="text-sm" role="status">
              {paused
                ? t('checkout.paused', 'We are not taking online orders right now')
                : t('checkout.closedNow', 'We are closed right now')}
              {quote.data.times.length > 0 ? t('checkout.chooseATime', ': choose a time.') : '.'}
            </span>
          )}
        </label>
      )}
    </fieldset>
  );
}
