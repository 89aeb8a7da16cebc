import type { Ticket } from '@shared/contract/tickets.ts';

/** How a ticket reads to the guest (OPERATIONS.md "The kitchen board"): its promise and where it stands. */

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** "Ready at 19:45", or for a delivery "Arrives around 20:15". */
export function promiseText(ticket: Pick<Ticket, 'fulfilment' | 'readyAt' | 'arriveAt'>): string {
  return ticket.fulfilment === 'delivery' && ticket.arriveAt ? `Arrives around ${clock(ticket.arriveAt)}` : `Ready at ${clock(ticket.readyAt)}`;
}

export const FULFILMENT_NAMES: Record<Ticket['fulfilment'], string> = { pickup: 'Pick-up', delivery: 'Delivery', dine_in: 'Dine-in' };

/** The guest's words for where a ticket stands (OPERATIONS.md "The kitchen board"). */
export function statusText(ticket: Ticket): string {
  switch (ticket.status) {
    case 'received':
      return `Received · ${promiseText(ticket)}`;
    case 'preparing':
      return `Preparing · ${promiseText(ticket)}`;
    case 'ready':
      return ticket.fulfilment === 'delivery' ? 'On its way' : ticket.fulfilment === 'dine_in' ? 'Served' : 'Ready for pick-up';
    case 'completed':
      return ticket.fulfilment === 'delivery' ? 'Delivered' : ticket.fulfilment === 'dine_in' ? 'Served' : 'Collected';
    case 'cancelled':
      return `Cancelled${ticket.cancelReason ? `: ${ticket.cancelReason}` : ''}`;
  }
}
