import { lineLabel } from '@shared/domain/option-choice.ts';
import type { KitchenTicket } from '@shared/contract/kitchen.ts';
import type { TicketStatus } from '@shared/contract/tickets.ts';
import { TICKET_TRANSITIONS } from '@shared/domain/workflows.ts';
import { t } from '@shared/i18n/i18n.ts';
import { allergenName } from '@shared/i18n/allergens.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { fulfilmentWord, statusWord } from './kitchen-words.ts';

/** The button that moves a ticket from one status to another, in the kitchen's words. */
function buttonFor(from: TicketStatus, to: TicketStatus): { label: string; recall: boolean } {
  if (to === 'cancelled') return { label: t('kitchen.cancelOrder', 'Cancel order'), recall: false };
  if (to === 'completed') return { label: t('kitchen.complete', 'Complete'), recall: false };
  if (from === 'received' && to === 'preparing') return { label: t('kitchen.start', 'Start'), recall: false };
  if ((from === 'ready' && to === 'preparing') || from === 'completed')
    return { label: t('kitchen.recall', 'Recall'), recall: true };
  return { label: t('kitchen.ready', 'Ready'), recall: false };
}

/** The time since a moment: "12:05" (minutes and seconds) within the hour, then "2 h 05". */
export function elapsed(fromIso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** Where the promise stands: fine, amber from warnMinutes before it, red once past it. */
export function urgencyOf(
  ticket: Pick<KitchenTicket, 'readyAt' | 'status'>,
  now: number,
  warnMinutes: number,
): 'ok' | 'soon' | 'late' {
  if (ticket.status !== 'received' && ticket.status !== 'preparing') return 'ok';
  const due = Date.parse(ticket.readyAt);
  if (now > due) return 'late';
  return now >= due - warnMinutes * 60_000 ? 'soon' : 'ok';
}

/** Whether handing the ticket over takes its money: a pick-up's or delivery's cash; a table's round is paid with its bill, on the Floor. */
export function cashDue(ticket: Pick<KitchenTicket, 'payment' | 'fulfilment'>): boolean {
  return ticket.payment === 'due' && ticket.fulfilment !== 'dine_in';
}

const URGENCY_STYLE = {
  ok: 'border-base-300',
  soon: 'border-warning bg-warning/10',
  late: 'border-error bg-error/10',
} as const;

export function TicketCard({
  ticket,
  now,
  warnMinutes,
  time,
  money,
  busy,
  onMove,
  onCancel,
}: {
  ticket: KitchenTicket;
  now: number;
  warnMinutes: number;
  /** How a moment is written: the restaurant's clock. */
  time: (instant: string) => string;
  /** How an amount is written: the restaurant's currency (useMoney). */
  money: (amount: number) => string;
  busy: boolean;
  onMove: (to: TicketStatus) => void;
  onCancel: () => void;
}) {
  const { digits } = useNumbers();
  const urgency = urgencyOf(ticket, now, warnMinutes);
  const stoppedAt = ticket.status === 'completed' && ticket.completedAt ? Date.parse(ticket.completedAt) : undefined;
  const timer = digits(elapsed(ticket.placedAt, stoppedAt ?? now).replace(' h ', ` ${t('kitchen.hours', 'h')} `));
  const booking = ticket.reservation;
  const where = ticket.table
    ? t('kitchen.tableName', 'Table {{name}}', { name: ticket.table.name })
    : booking
      ? `${t('kitchen.bookingAt', '{{name}}, {{n}} at {{time}}', { name: booking.name, n: digits(booking.partySize), time: digits(booking.time) })}${booking.tables.length ? ` (${booking.tables.join(' + ')})` : ''}`
      : ticket.customer.name;
  return (
    <article
      aria-label={t('kitchen.orderNumber', 'Order {{number}}', { number: ticket.number })}
      className={`flex flex-col gap-3 rounded-box border-4 bg-base-100 p-4 ${URGENCY_STYLE[urgency]}`}
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h3 className="text-3xl font-black tabular-nums">{ticket.number}</h3>
          <p className="text-lg font-semibold">
            {fulfilmentWord(ticket.fulfilment)} · {where}
          </p>
        </div>
        <div className="text-right">
          <p className="badge badge-lg badge-neutral">{statusWord(ticket.status)}</p>
          {/* A completed ticket's timer stopped when it was completed: how long it took. */}
          {stoppedAt === undefined ? (
            <p
              className="mt-1 text-sm tabular-nums"
              title={t('kitchen.timeSincePlaced', 'Time since the order was placed')}
            >
              <span className="sr-only">{t('kitchen.placed', 'Placed')} </span>
              {timer} <span className="sr-only">{t('kitchen.ago', 'ago')}</span>
            </p>
          ) : (
            <p className="mt-1 text-sm tabular-nums">{t('kitchen.tookTime', 'Took {{time}}', { time: timer })}</p>
          )}
        </div>
      </header>
      <ul className="flex flex-col gap-1 text-xl">
        {ticket.lines.map((line, index) => (
          <li key={`${line.orderMainId ?? 'line'}-${index}`}>
            <span className="font-bold tabular-nums">{digits(line.quantity)} ×</span>{' '}
            {lineLabel(line.name, line.options)}
            {line.note ? <span className="block text-base italic">“{line.note}”</span> : null}
            {line.allergens.length > 0 ? (
              <span className="block text-sm">
                {t('kitchen.allergens', 'Allergens: {{list}}', {
                  list: line.allergens.map((allergen) => allergenName(allergen)).join(', '),
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {ticket.address?.instructions && <p className="text-sm italic">“{ticket.address.instructions}”</p>}
      {/* The due time stays in the card's dark text whatever the state (white on light amber
          was unreadable, issue 41): the state is the border and a solid badge beside it. */}
      <p className="text-lg font-semibold">
        {urgency === 'soon' && (
          <span className="badge badge-warning mr-2 align-middle">{t('kitchen.dueSoon', 'Due soon')}</span>
        )}
        {urgency === 'late' ? (
          <span className="text-error">{t('kitchen.lateWasDue', 'Late · was due')}</span>
        ) : (
          t('kitchen.due', 'Due')
        )}{' '}
        {time(ticket.readyAt)}
        {cashDue(ticket) && (
          <span className="badge badge-outline ml-2 align-middle">
            {t('kitchen.cashDue', 'Cash due {{amount}}', { amount: money(ticket.total) })}
          </span>
        )}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        {TICKET_TRANSITIONS[ticket.status].map((to) =>
          to === 'cancelled' ? (
            <button
              key={to}
              type="button"
              className="btn btn-lg btn-outline btn-error"
              disabled={busy}
              onClick={onCancel}
            >
              {t('kitchen.cancelOrder', 'Cancel order')}
            </button>
          ) : (
            <button
              key={to}
              type="button"
              className={`btn btn-lg ${buttonFor(ticket.status, to).recall ? 'btn-ghost' : 'btn-primary'}`}
              disabled={busy}
              onClick={() => onMove(to)}
            >
              {buttonFor(ticket.status, to).label}
            </button>
          ),
        )}
      </div>
    </article>
  );
}
