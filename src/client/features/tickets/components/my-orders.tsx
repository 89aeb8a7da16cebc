import { Link } from 'react-router';
import { lineLabel } from '@shared/domain/option-choice.ts';
import { PATHS, pathTo } from '@shared/paths.ts';
import { PAY_DUE_TEXT } from '@shared/contract/values.ts';
import { CANCEL_MONEY_TEXT } from '@shared/texts-ordering.ts';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { useMoney, useNumbers, useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { BranchNamed, useBranchOf } from '@client/components/ui/branch-named.tsx';
import { restaurantTime } from '@client/lib/clock.ts';
import { useMyTickets } from '../api/checkout.ts';
import { FULFILMENT_NAMES, statusText } from './ticket-status.ts';
import { useLiveEvents } from '@client/lib/live-events.ts';
import { currentLanguage, t } from '@shared/i18n/i18n.ts';

/**
 * "My Orders": each ticket with its number, lines, fulfilment, status and promise, newest first,
 * live; from the second branch on each names its branch, its promise on that branch's clock.
 */
export function MyOrders() {
  const money = useMoney();
  // Each change the kitchen makes to one of these tickets reloads the list.
  useLiveEvents();
  const tickets = useMyTickets();
  const time = useRestaurantTime();
  const latinDigits = useRestaurant().data?.latinDigits ?? false;
  const branchOf = useBranchOf();
  const { number } = useNumbers();
  return (
    <ListStates
      pending={tickets.isPending}
      failed={tickets.isError}
      error={tickets.error}
      what={t('orders.yourOrders', 'your orders')}
      onRetry={() => void tickets.refetch()}
      retrying={tickets.isFetching}
      items={tickets.data}
      emptyText={t('orders.noOrdersYet', 'You have placed no orders yet.')}
    >
      {(list) => (
        <ul className="flex flex-col gap-3">
          {list.map((ticket) => {
            const branch = branchOf(ticket.branchId);
            const timeThere = branch
              ? (instant: string) =>
                  restaurantTime(instant, branch.timeZone, Date.now(), currentLanguage(), latinDigits)
              : time;
            return (
              <li
                key={ticket._id}
                className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4"
                aria-label={t('orders.orderN', 'Order {{number}}', { number: ticket.number })}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-lg font-semibold">
                    {ticket.number} · {FULFILMENT_NAMES[ticket.fulfilment]}
                  </p>
                  <span
                    className={`badge ${ticket.status === 'cancelled' ? 'badge-error' : ticket.status === 'ready' ? 'badge-success' : 'badge-outline'} h-auto py-1`}
                  >
                    {statusText(ticket, timeThere)}
                  </span>
                </div>
                <BranchNamed branch={branch} />
                <ul className="text-sm">
                  {ticket.lines.map((l, index) => (
                    <li key={`${l.orderMainId ?? 'line'}-${index}`}>
                      {number(l.quantity)} × {lineLabel(l.name, l.options)}
                    </li>
                  ))}
                </ul>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-sm">
                    {money(ticket.total)} ·{' '}
                    {ticket.refunded !== undefined
                      ? CANCEL_MONEY_TEXT.refunded(money(ticket.refunded))
                      : ticket.payment === 'paid'
                        ? t('orders.paid', 'Paid')
                        : ticket.status === 'cancelled'
                          ? t('orders.nothingToPay', 'Nothing to pay')
                          : PAY_DUE_TEXT[ticket.fulfilment]}
                  </p>
                  {/* Its bill: every figure of it, what is due, paying online, the receipt (docs/reference/ordering.md "The bill"). */}
                  {ticket.billId !== undefined && ticket.status !== 'cancelled' ? (
                    <Link
                      className="link min-h-11 content-center text-sm"
                      to={pathTo(PATHS.bill, { id: ticket.billId })}
                    >
                      {t('orders.bill', 'Bill')}
                      <span className="sr-only">
                        {' '}
                        {t('orders.ofOrder', 'of order {{number}}', { number: ticket.number })}
                      </span>
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </ListStates>
  );
}
