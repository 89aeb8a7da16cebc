import type { TodayFigures as Figures } from '@shared/contract/dashboard.ts';
import { TODAY_FIGURE_DEFINITIONS as DEFINED } from '@shared/contract/values.ts';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useLiveEvents } from '@client/lib/live-events.ts';
import { useToday } from '../api/today.ts';
import { ChartFigure } from '@client/components/charts/chart-figure.tsx';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * Today's real figures for staff (docs/reference/operations.md "The kitchen board"): reservations and covers,
 * tickets by status, revenue from paid tickets, minutes from placing to ready, the share ready
 * on time, and orders per hour. Live: each ticket or reservation change reloads them.
 */
export function TodayFigures() {
  useLiveEvents();
  const today = useToday(true);
  if (today.isError)
    return (
      <QueryError
        what={t('reports.todaysFigures', "today's figures")}
        error={today.error}
        onRetry={() => void today.refetch()}
        retrying={today.isFetching}
      />
    );
  if (!today.data) return <p role="status">{t('reports.loadingToday', "Loading today's figures…")}</p>;
  return <TodayView figures={today.data} />;
}

function TodayView({ figures }: { figures: Figures }) {
  // In the currency today's money was taken in, not a newer setting's (issue 58, point 6).
  const money = useMoney(figures.currency);
  const { number, digits } = useNumbers();
  const byStatus = figures.ticketsByStatus;
  const open = byStatus.received + byStatus.preparing + byStatus.ready;
  const orders = open + byStatus.completed + byStatus.cancelled;
  const split = (f: Figures['reservations']) =>
    `${f.pendingDeposit > 0 ? `${t('reports.awaitingDeposit', '{{n}} awaiting a deposit', { n: number(f.pendingDeposit) })} · ` : ''}${t('reports.reservationSplit', '{{booked}} booked · {{seated}} seated · {{completed}} completed · {{noShow}} no-shows', { booked: number(f.booked), seated: number(f.seated), completed: number(f.completed), noShow: number(f.noShow) })}`;
  // Each figure with its one definition (TODAY_FIGURE_DEFINITIONS, the server's too), shown as its tooltip.
  const cards: { label: string; value: string; detail: string; definition: string }[] = [
    {
      label: t('reports.reservations', 'Reservations'),
      value: number(figures.reservations.total),
      detail: split(figures.reservations),
      definition: DEFINED.reservations,
    },
    // Guests seated (the day report's covers): those still to come and no-shows are said beside, not counted.
    {
      label: t('reports.covers', 'Covers'),
      value: number(figures.covers.seated + figures.covers.completed),
      detail: t(
        'reports.coversSplit',
        '{{seated}} seated · {{completed}} completed · not counted: {{toCome}} to come, {{noShow}} no-shows',
        {
          seated: number(figures.covers.seated),
          completed: number(figures.covers.completed),
          toCome: number(figures.covers.pendingDeposit + figures.covers.booked),
          noShow: number(figures.covers.noShow),
        },
      ),
      definition: DEFINED.covers,
    },
    {
      label: t('reports.orders', 'Orders'),
      value: number(orders),
      detail: t('reports.ordersSplit', '{{open}} open · {{completed}} completed · {{cancelled}} cancelled', {
        open: number(open),
        completed: number(byStatus.completed),
        cancelled: number(byStatus.cancelled),
      }),
      definition: DEFINED.orders,
    },
    {
      label: t('reports.netSales', 'Net sales'),
      value: money(figures.netSales),
      detail: t('reports.asInDayReport', 'as in the day report'),
      definition: DEFINED.netSales,
    },
    {
      label: t('reports.minutesToReady', 'Minutes to ready'),
      value: figures.averagePrepMinutes === null ? '–' : number(figures.averagePrepMinutes),
      detail: t('reports.onAverage', 'on average, from placing'),
      definition: DEFINED.minutesToReady,
    },
    {
      label: t('reports.onTime', 'On time'),
      value: figures.onTimePercent === null ? '–' : `${number(figures.onTimePercent)} %`,
      detail: t('reports.readyInTime', 'ready no later than promised'),
      definition: DEFINED.onTime,
    },
  ];
  // The chart shows the hours that had orders, with the hours between them.
  const busy = figures.ordersPerHour.filter((h) => h.tickets > 0).map((h) => h.hour);
  const hours =
    busy.length === 0
      ? []
      : figures.ordersPerHour.filter((h) => h.hour >= Math.min(...busy) && h.hour <= Math.max(...busy));
  const rows = hours.map((h) => ({ hour: digits(`${String(h.hour).padStart(2, '0')}:00`), tickets: h.tickets }));
  return (
    <section aria-labelledby="today-title" className="flex flex-col gap-4">
      <h2 id="today-title" className="text-2xl font-bold">
        {t('reports.today', 'Today')}{' '}
        <span className="text-base font-normal text-base-content/70">({digits(figures.date)})</span>
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {cards.map((card) => (
          <FigureCard key={card.label} {...card} />
        ))}
      </ul>
      <ChartFigure
        title={t('reports.perHour', 'Orders per hour today')}
        description={t(
          'reports.perHourDescription',
          "Orders placed in each hour of today, in the restaurant's time (the same orders as the Orders figure, cancelled ones too).",
        )}
        table={{
          caption: t('reports.perHour', 'Orders per hour today'),
          columns: [t('reports.hour', 'Hour'), t('reports.orders', 'Orders')],
          rows: rows.map((r) => ({ label: r.hour, values: [number(r.tickets)] })),
        }}
      >
        {rows.length === 0 ? (
          <p className="py-8 text-center">{t('reports.noOrdersYet', 'No orders yet today.')}</p>
        ) : (
          <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 300, height: 240 }}>
            <BarChart
              accessibilityLayer={false}
              data={rows}
              title={t('reports.perHour', 'Orders per hour today')}
              margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="hour" tick={{ fontSize: 12 }} />
              <YAxis width={36} allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip cursor={{ fill: 'rgba(194, 65, 12, 0.08)' }} />
              <Bar
                dataKey="tickets"
                name={t('reports.orders', 'Orders')}
                fill="#c2410c"
                maxBarSize={40}
                radius={[4, 4, 0, 0]}
              />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartFigure>
    </section>
  );
}

/** A figure, with what it counts behind its "?" (a tooltip on hover and focus, and the button's description). */
function FigureCard({
  label,
  value,
  detail,
  definition,
}: {
  label: string;
  value: string;
  detail: string;
  definition: string;
}) {
  const id = useId();
  return (
    <li className="card border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="flex items-start justify-between gap-1">
        <p className="text-sm font-medium text-base-content/80">{label}</p>
        <span className="tooltip tooltip-left" data-tip={definition}>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            aria-label={t('reports.whatCounts', 'What {{label}} counts', { label })}
            aria-describedby={id}
          >
            ?
          </button>
        </span>
      </div>
      <p className="font-display text-2xl font-bold tabular-nums">{value}</p>
      <p className="text-xs text-base-content/70">{detail}</p>
      <p id={id} hidden>
        {definition}
      </p>
    </li>
  );
}
