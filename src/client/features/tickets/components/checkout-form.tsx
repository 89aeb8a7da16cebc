import { t } from '@shared/i18n/i18n.ts';
import { lineLabel } from '@shared/domain/option-choice.ts';
import { PAYMENT_METHODS } from '@shared/constants.ts';
import type { OrderListed } from '@shared/contract/orders.ts';
import type { DeliveryAddress, Fulfilment, Ticket } from '@shared/contract/tickets.ts';
import { arrivalOf } from '@shared/domain/capacity.ts';
import { pausedAt } from '@shared/domain/kitchen-promise.ts';
import { underDeliveryMinimum } from '@shared/domain/billing.ts';
import { toMinor } from '@shared/domain/money.ts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { endTableVisit, tableTitle, useTableVisit } from '@client/data/table-visit.ts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { useMoney, useNumbers, useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { useOwnRecord } from '@client/data/account-record.ts';
import { usePlaceTicket, useQuote } from '../api/checkout.ts';
import { OrderSummary } from '@client/components/ui/order-summary.tsx';
import { promiseText } from './ticket-status.ts';
import type { OnlineProvider } from '@shared/contract/payments.ts';
import { usePaymentProviders } from '@client/features/payments/api/payments.ts';
import { useOnline } from '@client/components/ui/offline-notice.tsx';
import { OFFLINE_TEXT } from '@shared/texts-ordering.ts';
import { PlacedTicket } from './placed-ticket.tsx';
import { AddressFields } from './address-fields.tsx';

/** How the online providers read in the method list. */
const onlineName = (provider: OnlineProvider): string =>
  ({
    stripe: t('mine.providerStripe', 'Card (pay on Stripe’s page)'),
    bkash: t('mine.providerBkash', 'bKash (pay on bKash’s page)'),
  })[provider];

/**
 * The checkout (docs/reference/operations.md "Tickets"): which unpaid lines, pick-up or delivery, as soon as
 * possible (with the kitchen's promise) or a free time, the address for a delivery (remembered
 * on this device), the summary with the fee and total, and the payment. The choices live in
 * the address (`?fulfilment=delivery&orders=3,4`), so the banner's buttons can preselect them.
 */

const ADDRESS_KEY = 'checkout-address';
const METHOD_NAMES = (): Record<string, string> => ({
  bkash: 'bKash',
  nagod: 'Nagad',
  bank: t('checkout.bankTransfer', 'Bank transfer'),
  cash: t('checkout.cash', 'Cash'),
});

function remembered(): DeliveryAddress {
  try {
    return {
      line1: '',
      area: '',
      phone: '',
      ...(JSON.parse(localStorage.getItem(ADDRESS_KEY) ?? '{}') as Partial<DeliveryAddress>),
    };
  } catch {
    return { line1: '', area: '', phone: '' };
  }
}

export function CheckoutForm() {
  const money = useMoney();
  const { number } = useNumbers();
  const record = useOwnRecord();
  const [params, setParams] = useSearchParams();
  // Dine-in comes from a reservation of today ("Order ahead" in My Reservations) or a table's QR code.
  const reservationId = params.get('reservation');
  // A guest who scanned a table's code within the hour orders at that table unless they choose otherwise.
  const visit = useTableVisit();
  const tableId = params.get('table') ?? (reservationId === null ? (visit?.tableId ?? null) : null);
  const tableName = visit && visit.tableId === tableId ? tableTitle(visit.name) : null;
  const dineIn = reservationId !== null || tableId !== null;
  const fulfilment: Fulfilment =
    dineIn && params.get('fulfilment') !== 'pickup' && params.get('fulfilment') !== 'delivery'
      ? 'dine_in'
      : params.get('fulfilment') === 'delivery'
        ? 'delivery'
        : 'pickup';
  const open = (record.data?.orders ?? []).filter((o) => o.payment === null && !o.ticket);
  const wanted = params.get('orders')?.split(',').filter(Boolean);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = (chosen ?? wanted ?? open.map((o) => o.orderMainId)).filter((id) =>
    open.some((o) => o.orderMainId === id),
  );
  const [placed, setPlaced] = useState<Ticket | null>(null);
  const place = usePlaceTicket();
  // While the order is being placed its lines stop having a quote: asking again would be refused (409).
  const quote = useQuote(fulfilment, selected, placed === null && (place.isIdle || place.isError));
  const [chosenWhen, setWhen] = useState('asap');
  // Without an ASAP promise (closed now, or paused), the first free time is the choice.
  const when =
    chosenWhen === 'asap' && quote.data && !quote.data.asap ? (quote.data.times[0]?.readyAt ?? 'asap') : chosenWhen;
  const [address, setAddress] = useState<DeliveryAddress>(remembered);
  const [method, setMethod] = useState<string>('bkash');
  // Online payments set up here (docs/reference/ordering.md "Payments"): the guest pays on the provider's page.
  const online = (usePaymentProviders().data ?? []).filter((p): p is OnlineProvider => p === 'stripe' || p === 'bkash');
  const provider = method.startsWith('online:') ? (method.slice('online:'.length) as OnlineProvider) : undefined;
  const [account, setAccount] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const connected = useOnline();
  const restaurant = useRestaurant();
  const time = useRestaurantTime();
  const paused = restaurant.data ? pausedAt(restaurant.data, new Date().toISOString()).paused : false;

  if (placed) return <PlacedTicket placed={placed} />;

  if (record.isError)
    return (
      <QueryError
        what={t('orders.yourOrders', 'your orders')}
        error={record.error}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
      />
    );
  if (record.isPending) return <p role="status">{t('checkout.loadingYourOrders', 'Loading your orders…')}</p>;
  if (open.length === 0)
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status">
          {tableName
            ? t('checkout.nothingAtTable', 'Nothing to check out: order a dish first, and it will come to {{table}}.', {
                table: tableName,
              })
            : t('checkout.nothing', 'Nothing to check out: order a dish first.')}
        </p>
        <Link to={PATHS.products} className="btn btn-primary">
          {t('checkout.seeTheMenu', 'See the menu')}
        </Link>
      </div>
    );

  // Why "Place order" cannot be pressed, said beside it before a tap (issue 41, points 6 and 7).
  const minimum = restaurant.data?.fulfilment.deliveryMinimum ?? 0;
  // Offline: nothing a guest sends is kept to send later (docs/decisions/044), and online payments need the connection.
  const blocked = !connected
    ? provider
      ? OFFLINE_TEXT.onlinePaymentOffline
      : OFFLINE_TEXT.guestOffline
    : selected.length === 0
      ? t('checkout.chooseOne', 'Choose at least one order.')
      : quote.data && !quote.data.asap && quote.data.times.length === 0
        ? paused
          ? t(
              'checkout.pausedNoTime',
              'We are not taking online orders right now, and no later time is open: try again later.',
            )
          : t('checkout.noTimeLeft', 'There is no time left to order for: try again when we are open.')
        : quote.data && underDeliveryMinimum(fulfilment, toMinor(quote.data.subtotal), toMinor(minimum))
          ? t('checkout.deliveryMinimum', 'A delivery needs at least {{minimum}} of food (this is {{subtotal}}).', {
              minimum: money(minimum),
              subtotal: money(quote.data.subtotal),
            })
          : null;

  const toggle = (id: string) =>
    setChosen(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const choose = (next: Fulfilment) => {
    const query = new URLSearchParams(params);
    query.set('fulfilment', next);
    setParams(query, { replace: true });
    setWhen('asap');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (selected.length === 0) return setFailure(t('checkout.chooseOne', 'Choose at least one order.'));
    if (method !== 'cash' && !provider && !/^\d{1,14}$/.test(account))
      return setFailure(t('checkout.giveAccountNumber', 'Give the account number (digits, fewer than 15).'));
    if (fulfilment === 'delivery') {
      if (!address.line1.trim() || !address.area.trim() || !/\d{5}/.test(address.phone.replace(/\D/g, '')))
        return setFailure(t('checkout.giveAddress', 'Give the delivery address, area and a phone number.'));
      localStorage.setItem(ADDRESS_KEY, JSON.stringify(address));
    }
    try {
      const answer = await place.mutateAsync({
        orderIds: selected,
        fulfilment,
        when,
        ...(fulfilment === 'delivery'
          ? { address: { ...address, instructions: address.instructions || undefined } }
          : {}),
        ...(fulfilment === 'dine_in' && reservationId ? { reservationId } : {}),
        ...(fulfilment === 'dine_in' && !reservationId && tableId ? { tableId } : {}),
        pay: provider
          ? { provider }
          : method === 'cash'
            ? { Method: 'cash' }
            : { Method: method as (typeof PAYMENT_METHODS)[number], AccountNumber: account },
      });
      // The visit at the table is over once its order is in.
      if (fulfilment === 'dine_in' && !reservationId && tableId !== null && tableId === visit?.tableId) endTableVisit();
      // Paid online: off to the provider's page, which sends the guest back to /payments/{id}.
      if (answer.payment) return window.location.assign(answer.payment.redirectUrl);
      setPlaced(answer.data);
    } catch (error) {
      setFailure(errorMessage(error, 'your order'));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
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

      <OrderSummary figures={quote.data} fulfilment={fulfilment} className="rounded-box bg-base-200 p-4" />

      {failure && (
        <p role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      )}
      <div className="flex flex-col items-start gap-2">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={place.isPending || !quote.data || blocked !== null}
          aria-busy={place.isPending}
          aria-describedby={blocked ? 'place-order-blocked' : undefined}
        >
          {t('checkout.placeOrder', 'Place order')}
        </button>
        {blocked && (
          <p id="place-order-blocked" className="text-sm font-medium">
            {blocked}
          </p>
        )}
      </div>
    </form>
  );
}
