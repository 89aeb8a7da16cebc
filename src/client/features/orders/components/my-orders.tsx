import { PAY_DUE_TEXT, type Ticket } from '@shared/contract/tickets.ts';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { formatPrice } from '@client/lib/format.ts';
import { useMyTickets } from '../api/checkout.ts';
import { promiseText } from './checkout-form.tsx';

const FULFILMENT: Record<Ticket['fulfilment'], string> = { pickup: 'Pick-up', delivery: 'Delivery', dine_in: 'Dine-in' };

/** The guest's words for where a ticket stands (OPERATIONS.md "The kitchen board"). */
function statusText(ticket: Ticket): string {
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

/** "My Orders": each ticket with its number, lines, fulfilment, status and promise, newest first. */
export function MyOrders() {
  const tickets = useMyTickets();
  return (
    <ListStates pending={tickets.isPending} failed={tickets.isError} error={tickets.error} what="your orders" onRetry={() => void tickets.refetch()} retrying={tickets.isFetching} items={tickets.data} emptyText="You have placed no orders yet.">
      {(list) => (
        <ul className="flex flex-col gap-3">
          {list.map((ticket) => (
            <li key={ticket._id} className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4" aria-label={`Order ${ticket.number}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-lg font-semibold">
                  {ticket.number} · {FULFILMENT[ticket.fulfilment]}
                </p>
                <span className="badge badge-outline">{statusText(ticket)}</span>
              </div>
              <p className="text-sm">{ticket.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</p>
              <p className="text-sm">
                {formatPrice(ticket.total)} · {ticket.payment === 'paid' ? 'Paid' : PAY_DUE_TEXT[ticket.fulfilment]}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}
