import { z } from 'zod';
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
  covers: 'Guests in the bookings counted under Reservations, split the same way.',
  orders: 'Every order placed today, whatever became of it: open (new, cooking or ready), completed and cancelled add up to this, as do the hours of the chart.',
  revenue: "What today's orders that are paid brought in; a cancelled order counts nothing, cash counts once it is taken.",
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
    revenue: z.number(),
    averagePrepMinutes: z.number().nullable(),
    onTimePercent: z.number().nullable(),
    ordersPerHour: z.array(z.object({ hour: z.number(), tickets: z.number() })),
  }),
});
export type TodayFigures = z.infer<typeof todayResponse>['data'];
