import { t } from '@shared/i18n/i18n.ts';
import type { Ticket } from '@shared/contract/tickets.ts';

/** How a ticket reads to the guest (docs/reference/operations.md "The kitchen board"): its promise and where it stands. */

/** How a moment is written: the restaurant's clock (`useRestaurantTime`). */
type TimeText = (instant: string) => string;

/** "Ready at 19:45", or for a delivery "Arrives around 20:15". */
export function promiseText(ticket: Pick<Ticket, 'fulfilment' | 'readyAt' | 'arriveAt'>, time: TimeText): string {
  return ticket.fulfilment === 'delivery' && ticket.arriveAt
    ? t('ticket.arrivesAround', 'Arrives around {{time}}', { time: time(ticket.arriveAt) })
    : t('ticket.readyAt', 'Ready at {{time}}', { time: time(ticket.readyAt) });
}

export const FULFILMENT_NAMES: Record<Ticket['fulfilment'], string> = {
  get pickup() {
    return t('ticket.pickup', 'Pick-up');
  },
  get delivery() {
    return t('ticket.delivery', 'Delivery');
  },
  get dine_in() {
    return t('ticket.dineIn', 'Dine-in');
  },
};

/** The guest's words for where a ticket stands (docs/reference/operations.md "The kitchen board"). */
export function statusText(ticket: Ticket, time: TimeText): string {
  switch (ticket.status) {
    case 'received':
      return t('ticket.received', 'Received · {{promise}}', { promise: promiseText(ticket, time) });
    case 'preparing':
      return t('ticket.preparing', 'Preparing · {{promise}}', { promise: promiseText(ticket, time) });
    case 'ready':
      return ticket.fulfilment === 'delivery'
        ? t('ticket.onItsWay', 'On its way')
        : ticket.fulfilment === 'dine_in'
          ? t('ticket.served', 'Served')
          : t('ticket.readyForPickUp', 'Ready for pick-up');
    case 'completed':
      return ticket.fulfilment === 'delivery'
        ? t('ticket.delivered', 'Delivered')
        : ticket.fulfilment === 'dine_in'
          ? t('ticket.served', 'Served')
          : t('ticket.collected', 'Collected');
    case 'cancelled':
      return ticket.cancelReason
        ? t('ticket.cancelledBecause', 'Cancelled: {{reason}}', { reason: ticket.cancelReason })
        : t('ticket.cancelled', 'Cancelled');
    case 'awaiting_payment':
      return t('ticket.waitingForPayment', 'Waiting for the payment · {{promise}}', {
        promise: promiseText(ticket, time),
      });
  }
}
