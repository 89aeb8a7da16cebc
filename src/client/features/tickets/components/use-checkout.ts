/**
 * The state and submission of the checkout: the choices kept in the address (fulfilment, orders, table or
 * reservation), the kitchen's quote and time, the address and payment, why "Place order" is blocked, and placing it.
 */
import { t } from '@shared/i18n/i18n.ts';
import type { PAYMENT_METHODS } from '@shared/constants.ts';
import type { DeliveryAddress, Fulfilment, Ticket } from '@shared/contract/tickets.ts';
import { pausedAt } from '@shared/domain/kitchen-promise.ts';
import { underDeliveryMinimum } from '@shared/domain/billing.ts';
import { toMinor } from '@shared/domain/money.ts';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { endTableVisit, tableTitle, useTableVisit } from '@client/data/table-visit.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useMoney, useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { useOwnRecord } from '@client/data/account-record.ts';
import { usePlaceTicket, useQuote } from '../api/checkout.ts';
import type { OnlineProvider } from '@shared/contract/payments.ts';
import { usePaymentProviders } from '@client/features/payments/api/payments.ts';
import { useOnline } from '@client/components/ui/offline-notice.tsx';
import { OFFLINE_TEXT } from '@shared/texts-ordering.ts';
import { ADDRESS_KEY, remembered } from './checkout-address.ts';

/** What the checkout shows and does, as `useCheckout` hands it to the form's fieldsets. */
export type Checkout = ReturnType<typeof useCheckout>;

export function useCheckout() {
  const money = useMoney();
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

  return {
    record,
    reservationId,
    tableName,
    dineIn,
    fulfilment,
    open,
    selected,
    placed,
    place,
    quote,
    when,
    setWhen,
    address,
    setAddress,
    method,
    setMethod,
    online,
    provider,
    account,
    setAccount,
    failure,
    restaurant,
    time,
    paused,
    blocked,
    toggle,
    choose,
    submit,
  };
}
