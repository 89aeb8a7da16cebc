import { PAYMENT_PAID } from '../../../shared/constants.ts';
import type { TodayFigures } from '../../../shared/contract/dashboard.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/contract/tickets.ts';
import { localHourOn, localToday } from '../../../shared/domain/wall-clock.ts';
import type { ReservationsAt } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TicketsAt } from '../tickets/tickets.service.ts';
import { ZERO, addMinor, asMinor } from '../../../shared/domain/money.ts';
import type { BranchId } from '../../db/branch.ts';

const MINUTE = 60_000;

export interface TodayDeps {
  restaurant: RestaurantService;
  /** The branch whose today it is. */
  branch: BranchId;
  reservations: ReservationsAt<'dayFigures'>;
  /** A local day's tickets, as the tickets module publishes them for its figures. */
  tickets: TicketsAt<'ofDay'>;
  /** The day report of a local day: its net sales, the figure the dashboard shows, and the currency its money was taken in. */
  salesOn: (date: string) => Promise<{ netSales: number; currency: string }>;
  now: () => number;
}

/** A branch's real figures for its local today (staff's dashboard, GET /api/v1/dashboard/today). */
export function createToday({ restaurant, branch, reservations, tickets, salesOn, now }: TodayDeps) {
  /**
   * The day's tickets in figures, each by its definition in TODAY_FIGURE_DEFINITIONS:
   * - ticketsByStatus / ordersPerHour: every ticket placed today (cancelled ones too), so the
   *   statuses and the hours add up to the same number of orders;
   * - revenue: paid tickets, not cancelled;
   * - averagePrepMinutes: placing to marked ready, over tickets marked ready, not cancelled;
   * - onTimePercent: over tickets not cancelled that are marked ready or past their promise at
   *   `at` (one past its promise and not ready is late), the share marked ready by the promise.
   */
  async function ticketFigures(date: string, timeZone: string, at: number) {
    const rows = await tickets.at(branch).ofDay(date);
    const ticketsByStatus = Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<
      TicketStatus,
      number
    >;
    const perHour = new Array<number>(24).fill(0);
    let revenue = ZERO;
    const readyMinutes: number[] = [];
    let onTime = 0;
    let judged = 0;
    const hourOf = localHourOn(date, timeZone);
    for (const row of rows) {
      ticketsByStatus[row.status as TicketStatus] += 1;
      const hour = hourOf(row.placed_at);
      perHour[hour] = (perHour[hour] ?? 0) + 1;
      if (row.status === 'cancelled') continue;
      // Minor units summed exactly, answered in the currency (migration 0017).
      if (row.payment === PAYMENT_PAID) revenue = addMinor(revenue, asMinor(row.total));
      if (row.ready_marked_at) {
        readyMinutes.push((Date.parse(row.ready_marked_at) - Date.parse(row.placed_at)) / MINUTE);
        judged += 1;
        if (row.ready_marked_at <= row.ready_at) onTime += 1;
      } else if (Date.parse(row.ready_at) < at) {
        judged += 1; // past its promise and not ready: late
      }
    }
    const average =
      readyMinutes.length > 0
        ? Math.round((readyMinutes.reduce((a, b) => a + b, 0) / readyMinutes.length) * 10) / 10
        : null;
    return {
      ticketsByStatus,
      revenue: fromMinorUnits(revenue),
      averagePrepMinutes: average,
      onTimePercent: judged > 0 ? Math.round((onTime / judged) * 100) : null,
      ordersPerHour: perHour.map((tickets, hour) => ({ hour, tickets })),
    };
  }

  return async function today(): Promise<TodayFigures> {
    // The branch's own local today, on its own clock.
    const { timeZone } = await restaurant.at(branch).get();
    const at = now();
    const date = localToday(at, timeZone);
    const [booked, sold, { netSales, currency }] = await Promise.all([
      reservations.at(branch).dayFigures(date),
      ticketFigures(date, timeZone, at),
      salesOn(date),
    ]);
    const pick = (which: 'reservations' | 'covers') => ({
      total: booked.total[which],
      pendingDeposit: booked.pendingDeposit[which],
      booked: booked.booked[which],
      seated: booked.seated[which],
      completed: booked.completed[which],
      noShow: booked.noShow[which],
      cancelled: booked.cancelled[which],
    });
    return { date, reservations: pick('reservations'), covers: pick('covers'), ...sold, netSales, currency };
  };
}
