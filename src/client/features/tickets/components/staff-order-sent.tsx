/**
 * What staff's "New order" shows once an order is sent: its number and the promise to tell the
 * caller, its lines, and "New order".
 */
import type { Ticket } from '@shared/contract/tickets.ts';
import { lineLabel } from '@shared/domain/option-choice.ts';
import { STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import type { ReactNode, RefObject } from 'react';
import { useMoney, useNumbers, useRestaurantTime } from '@client/data/restaurant.ts';
import { promiseText } from './ticket-status.ts';

export function SentOrder({
  formId,
  placed,
  liveRegion,
  resultHeading,
  startNewOrder,
}: {
  formId: string;
  placed: Ticket;
  liveRegion: ReactNode;
  resultHeading: RefObject<HTMLHeadingElement | null>;
  startNewOrder: () => void;
}) {
  const money = useMoney();
  const { digits } = useNumbers();
  const time = useRestaurantTime();
  return (
    <section
      aria-labelledby={`${formId}-sent`}
      className="flex flex-col gap-4 rounded-box border border-success/50 bg-base-100 p-6"
    >
      {liveRegion}
      <h2 id={`${formId}-sent`} ref={resultHeading} tabIndex={-1} className="text-2xl font-bold">
        {t('staffOrder.sentToKitchen', 'Order {{number}} sent to the kitchen', { number: placed.number })}
      </h2>
      <p className="text-4xl font-black">{promiseText(placed, time)}</p>
      {placed.fulfilment !== 'dine_in' && (
        <p>{t('staffOrder.tellCaller', 'Tell the caller: {{promise}}.', { promise: promiseText(placed, time) })}</p>
      )}
      <ul className="list-inside list-disc">
        {placed.lines.map((line, index) => (
          <li key={index}>
            {digits(line.quantity)} × {lineLabel(line.name, line.options)}
            {line.note ? ` (${line.note})` : ''}
          </li>
        ))}
      </ul>
      <p>
        {placed.customer.name}
        {placed.customer.phone ? ` · ${placed.customer.phone}` : ''} · {money(placed.total)} ·{' '}
        {t('staffOrder.toPayOnBill', 'to pay on the bill')}
      </p>
      <button type="button" className="btn btn-primary btn-lg self-start" onClick={startNewOrder}>
        {STAFF_ORDER_TEXT.newOrder}
      </button>
    </section>
  );
}
