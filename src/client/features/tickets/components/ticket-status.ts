import type { Ticket } from '@shared/contract/tickets.ts';

/** How a ticket reads to the guest (OPERATIONS.md "The kitchen board"): its promise and where it stands. */

/** How a moment is written: the restaurant's clock (`useRestaurantTime`). */
type TimeText = (instant: string) => string;

/** "Ready at 19:45", or for a delivery "Arrives around 20:15". */
export function promiseText(ticket: Pick<Ticket, 'fulfilment' | 'readyAt' | 'arriveAt'>, time: TimeText): string {
  return ticket.fulfilment === 'delivery' && ticket.arriveAt ? `Arrives around ${time(ticket.arriveAt)}` : `Ready at ${time(ticket.readyAt)}`;
}

export const FULFILMENT_NAMES: Record<Ticket['fulfilment'], string> = { pickup: 'Pick-up', delivery: 'Delivery', dine_in: 'Dine-in' };

/** The guest's words for where a ticket stands (OPERATIONS.md "The kitchen board"). */
export function statusText(ticket: Ticket, time: TimeText): string {
  switch (ticket.status) {
    case 'received':
      return `Received · ${promiseText(ticket, time)}`;
    case 'preparing':
      return `Preparing · ${promiseText(ticket, time)}`;
    case 'ready':
      return ticket.fulfilment === 'delivery' ? 'On its way' : ticket.fulfilment === 'dine_in' ? 'Served' : 'Ready for pick-up';
    case 'completed':
      return ticket.fulfilment === 'delivery' ? 'Delivered' : ticket.fulfilment === 'dine_in' ? 'Served' : 'Collected';
    case 'cancelled':
      return `Cancelled${ticket.cancelReason ? `: ${ticket.cancelReason}` : ''}`;
    case 'awaiting_payment':
      return `Waiting for the payment · ${promiseText(ticket, time)}`;
  }
}
