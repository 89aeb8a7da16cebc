import { z } from 'zod';
import { DAY_FIGURE_DEFINITIONS } from './bills.ts';
import { TICKET_STATUSES } from './tickets.ts';

/**
 * Today's real figures (OPERATIONS.md "The kitchen board"), staff only:
 *   GET /api/v1/dashboard/today → todayResponse
 * For the restaurant's local today: reservations and covers by status, tickets by status,
 * revenue from paid tickets, minutes from placing to ready, the share ready on time, and
 * tickets placed per local hour.
 */

/**
 * What each of today's figures counts: one definition per figure, the one the server computes
 * (dashboard.service.ts) and the one the dashboard shows beside it (a tooltip), so the figures
 * never contradict each other (issue 41). "Today" is the restaurant's local day; an order
 * belongs to the day it was placed, a booking to the day it is for.
 */
export const TODAY_FIGURE_DEFINITIONS = {
  reservations: "Today's bookings that were not cancelled: awaiting a deposit, booked, seated, completed and no-shows (they add up to this).",
  /** As the day report counts them (issue 48, point 5). */
  covers: DAY_FIGURE_DEFINITIONS.covers,
  orders: 'Every order placed today, whatever became of it: open (new, cooking or ready), completed and cancelled add up to this, as do the hours of the chart.',
  /** As the day report counts it, for today (issue 48, point 5). */
  netSales: DAY_FIGURE_DEFINITIONS.netSales,
  minutesToReady: "The average minutes from placing to being marked ready, over today's orders marked ready (not cancelled).",
  onTime:
    "Of today's orders that are ready or past their promise (not cancelled), the share marked ready no later than promised. An order past its promise and not ready yet counts as late.",
} as const;
export type TodayFigureName = keyof typeof TODAY_FIGURE_DEFINITIONS;

const byReservationStatus = z.object({ total: z.number(), pendingDeposit: z.number(), booked: z.number(), seated: z.number(), completed: z.number(), noShow: z.number(), cancelled: z.number() });

export const todayResponse = z.object({
  data: z.object({
    date: z.string(),
    reservations: byReservationStatus,
    covers: byReservationStatus,
    ticketsByStatus: z.object(Object.fromEntries(TICKET_STATUSES.map((s) => [s, z.number()])) as Record<(typeof TICKET_STATUSES)[number], z.ZodNumber>),
    /** The paid orders placed today, their totals (delivery fees included): kept for API clients; the dashboard shows netSales. */
    revenue: z.number(),
    /** The day report's net sales for today (TODAY_FIGURE_DEFINITIONS.netSales). */
    netSales: z.number(),
    averagePrepMinutes: z.number().nullable(),
    onTimePercent: z.number().nullable(),
    ordersPerHour: z.array(z.object({ hour: z.number(), tickets: z.number() })),
  }),
});
export type TodayFigures = z.infer<typeof todayResponse>['data'];
