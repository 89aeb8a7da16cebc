import { useEffect, useRef } from 'react';
import { OFFLINE_TEXT, STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';

/**
 * "New order" after an order was kept on the tablet (offline, docs/decisions/044): the server
 * gives its number and promise when it arrives; the header counts it until then.
 */
export function QueuedOrder({ onNewOrder }: { onNewOrder: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="queued-order"
      className="flex flex-col gap-4 rounded-box border border-warning bg-base-100 p-6"
    >
      <h2 id="queued-order" ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {OFFLINE_TEXT.orderQueued}
      </h2>
      <p>{OFFLINE_TEXT.queued}</p>
      <button type="button" className="btn btn-primary btn-lg self-start" onClick={onNewOrder}>
        {STAFF_ORDER_TEXT.newOrder}
      </button>
    </section>
  );
}
