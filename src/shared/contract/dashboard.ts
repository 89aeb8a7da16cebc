import { z } from 'zod';
import { TICKET_STATUSES } from './tickets.ts';

/**
 * Today's real figures (docs/reference/operations.md "The kitchen board"), staff only:
 *   GET /api/v1/dashboard/today → todayResponse
 * For the restaurant's local today: reservations and covers by status, tickets by status,
 * revenue from paid tickets, minutes from placing to ready, the share ready on time, and
 * tickets placed per local hour.
 */

export { TODAY_FIGURE_DEFINITIONS, type TodayFigureName } from './values.ts';

const byReservationStatus = z.object({
  total: z.number(),
  pendingDeposit: z.number(),
  booked: z.number(),
  seated: z.number(),
  completed: z.number(),
  noShow: z.number(),
  cancelled: z.number(),
});

const todayFiguresSchema = z.object({
  date: z.string(),
  reservations: byReservationStatus,
  covers: byReservationStatus,
  ticketsByStatus: z.object(
    Object.fromEntries(TICKET_STATUSES.map((s) => [s, z.number()])) as Record<
      (typeof TICKET_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  /** The paid orders placed today, their totals (delivery fees included): kept for API clients; the dashboard shows netSales. */
  revenue: z.number(),
  /** The day report's net sales for today (TODAY_FIGURE_DEFINITIONS.netSales). */
  netSales: z.number(),
  /** The currency of today's money: the day report's (its bills', decision 057). */
  currency: z.string(),
  averagePrepMinutes: z.number().nullable(),
  onTimePercent: z.number().nullable(),
  ordersPerHour: z.array(z.object({ hour: z.number(), tickets: z.number() })),
});
export const todayResponse = z.object({ data: todayFiguresSchema });
export type TodayFigures = z.infer<typeof todayResponse>['data'];

/**
 * GET /api/v1/dashboard/today?branch=all (brand admins; docs/reference/branches.md "Staff and the
 * owner"): today's figures of each open branch, side by side, each on its own local today.
 */
export const brandTodayResponse = z.object({
  data: z.object({
    branches: z.array(todayFiguresSchema.extend({ branchId: z.string(), slug: z.string(), name: z.string() })),
  }),
});
export type BrandToday = z.infer<typeof brandTodayResponse>['data'];
