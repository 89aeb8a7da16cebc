import { t } from '@shared/i18n/i18n.ts';
import { useEffect, useRef } from 'react';
import { lineLabel } from '@shared/domain/option-choice.ts';
import type { Ticket } from '@shared/contract/tickets.ts';
import { PAY_DUE_TEXT } from '@shared/contract/values.ts';
import { useMoney, useRestaurantTime } from '@client/data/restaurant.ts';
import { useTicket } from '../api/checkout.ts';
import { promiseText, statusText } from './ticket-status.ts';
import { useLiveEvents } from '@client/lib/live-events.ts';

/**
 * The placed ticket: its number and promise, then where it stands, live. It takes the place of
 * the checkout's form, whose "Place order" sat far down a phone's page: the page is brought to it
 * and its heading focused, so that neither the eye nor a screen reader is left at an empty screen.
 */
export function PlacedTicket({ placed }: { placed: Ticket }) {
  const money = useMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  useLiveEvents();
  const ticket = useTicket(placed).data ?? placed;
  const time = useRestaurantTime();
  return (
    <section
      ref={section}
      role="status"
      aria-labelledby="placed-title"
      className="flex scroll-mt-24 flex-col gap-3 rounded-box border border-success/50 bg-base-100 p-6"
    >
      <h2 id="placed-title" ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t('checkout.placed', 'Order {{number}} placed', { number: ticket.number })}
      </h2>
      <p className="text-xl font-semibold">
        {ticket.status === 'received' ? promiseText(ticket, time) : statusText(ticket, time)}
      </p>
      <ul>
        {ticket.lines.map((l, index) => (
          <li key={`${l.orderMainId ?? 'line'}-${index}`}>
            {l.quantity} × {lineLabel(l.name, l.options)}
          </li>
        ))}
      </ul>
      <p>
        {money(ticket.total)} · {ticket.payment === 'due' ? PAY_DUE_TEXT[ticket.fulfilment] : t('orders.paid', 'Paid')}
      </p>
    </section>
  );
}
