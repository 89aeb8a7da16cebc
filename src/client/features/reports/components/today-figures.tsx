import type { TodayFigures as Figures } from '@shared/contract/dashboard.ts';
import { TODAY_FIGURE_DEFINITIONS as DEFINED } from '@shared/contract/values.ts';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useLiveEvents } from '@client/lib/live-events.ts';
import { useToday } from '../api/today.ts';
import { ChartFigure } from '@client/components/charts/chart-figure.tsx';
import { useMoney } from '@client/data/restaurant.ts';

/**
 * Today's real figures for staff (OPERATIONS.md "The kitchen board"): reservations and covers,
 * tickets by status, revenue from paid tickets, minutes from placing to ready, the share ready
 * on time, and orders per hour. Live: each ticket or reservation change reloads them.
 */
export function TodayFigures() {
  useLiveEvents();
  const today = useToday(true);
  if (today.isError) return <QueryError what="today's figures" error={today.error} onRetry={() => void today.refetch()} retrying={today.isFetching} />;
  if (!today.data) return <p role="status">Loading today's figures…</p>;
  return <TodayView figures={today.data} />;
}

function TodayView({ figures }: { figures: Figures }) {
  const money = useMoney();
  const byStatus = figures.ticketsByStatus;
  const open = byStatus.received + byStatus.preparing + byStatus.ready;
  const orders = open + byStatus.completed + byStatus.cancelled;
  const split = (f: Figures['reservations']) => `${f.pendingDeposit > 0 ? `${f.pendingDeposit} awaiting a deposit · ` : ''}${f.booked} booked · ${f.seated} seated · ${f.completed} completed · ${f.noShow} no-shows`;
  // Each figure with its one definition (TODAY_FIGURE_DEFINITIONS, the server's too), shown as its tooltip.
  const cards: { label: string; value: string; detail: string; definition: string }[] = [
    { label: 'Reservations', value: String(figures.reservations.total), detail: split(figures.reservations), definition: DEFINED.reservations },
    // Guests seated (the day report's covers): those still to come and no-shows are said beside, not counted.
    {
      label: 'Covers',
      value: String(figures.covers.seated + figures.covers.completed),
      detail: `${figures.covers.seated} seated · ${figures.covers.completed} completed · not counted: ${figures.covers.pendingDeposit + figures.covers.booked} to come, ${figures.covers.noShow} no-shows`,
      definition: DEFINED.covers,
    },
    { label: 'Orders', value: String(orders), detail: `${open} open · ${byStatus.completed} completed · ${byStatus.cancelled} cancelled`, definition: DEFINED.orders },
    { label: 'Net sales', value: money(figures.netSales), detail: 'as in the day report', definition: DEFINED.netSales },
    { label: 'Minutes to ready', value: figures.averagePrepMinutes === null ? '–' : String(figures.averagePrepMinutes), detail: 'on average, from placing', definition: DEFINED.minutesToReady },
    { label: 'On time', value: figures.onTimePercent === null ? '–' : `${figures.onTimePercent} %`, detail: 'ready no later than promised', definition: DEFINED.onTime },
  ];
  // The chart shows the hours that had orders, with the hours between them.
  const busy = figures.ordersPerHour.filter((h) => h.tickets > 0).map((h) => h.hour);
  const hours = busy.length === 0 ? [] : figures.ordersPerHour.filter((h) => h.hour >= Math.min(...busy) && h.hour <= Math.max(...busy));
  const rows = hours.map((h) => ({ hour: `${String(h.hour).padStart(2, '0')}:00`, tickets: h.tickets }));
  return (
    <section aria-labelledby="today-title" className="flex flex-col gap-4">
      <h2 id="today-title" className="text-2xl font-bold">
        Today <span className="text-base font-normal text-base-content/70">({figures.date})</span>
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {cards.map((card) => (
          <FigureCard key={card.label} {...card} />
        ))}
      </ul>
      <ChartFigure
        title="Orders per hour today"
        description="Orders placed in each hour of today, in the restaurant's time (the same orders as the Orders figure, cancelled ones too)."
        table={{ caption: 'Orders per hour today', columns: ['Hour', 'Orders'], rows: rows.map((r) => ({ label: r.hour, values: [r.tickets] })) }}
      >
        {rows.length === 0 ? (
          <p className="py-8 text-center">No orders yet today.</p>
        ) : (
          <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 300, height: 240 }}>
            <BarChart accessibilityLayer={false} data={rows} title="Orders per hour today" margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="hour" tick={{ fontSize: 12 }} />
              <YAxis width={36} allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip cursor={{ fill: 'rgba(194, 65, 12, 0.08)' }} />
              <Bar dataKey="tickets" name="Orders" fill="#c2410c" maxBarSize={40} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartFigure>
    </section>
  );
}

/** A figure, with what it counts behind its "?" (a tooltip on hover and focus, and the button's description). */
function FigureCard({ label, value, detail, definition }: { label: string; value: string; detail: string; definition: string }) {
  const id = useId();
  return (
    <li className="card border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="flex items-start justify-between gap-1">
        <p className="text-sm font-medium text-base-content/80">{label}</p>
        <span className="tooltip tooltip-left" data-tip={definition}>
          <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={`What ${label} counts`} aria-describedby={id}>
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
