import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import { type TodayFigures, todayResponse } from '../../../shared/contract/dashboard.ts';
import { localToday } from '../../../shared/domain/wall-clock.ts';
import type { Access } from '../auth/auth.service.ts';
import type { TicketsService } from '../orders/tickets.service.ts';
import type { ReservationsService } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';

interface DashboardDeps {
  access: Access;
  restaurant: RestaurantService;
  reservations: ReservationsService;
  tickets: TicketsService;
  now?: () => number;
}

/** GET /api/v1/dashboard/today (staff): the restaurant's real figures for its local today. */
export const dashboardRoutes: FastifyPluginAsyncZod<DashboardDeps> = async (app, { access, restaurant, reservations, tickets, now = Date.now }) => {
  async function today(): Promise<TodayFigures> {
    const { timeZone } = await restaurant.get();
    const date = localToday(now(), timeZone);
    const [booked, sold] = await Promise.all([reservations.dayFigures(date), tickets.dayFigures(date, timeZone)]);
    const pick = (which: 'reservations' | 'covers') =>
      ({ total: booked.total[which], booked: booked.booked[which], seated: booked.seated[which], completed: booked.completed[which], noShow: booked.noShow[which], cancelled: booked.cancelled[which] });
    return { date, reservations: pick('reservations'), covers: pick('covers'), ...sold };
  }

  app.get(
    '/api/v1/dashboard/today',
    { schema: { tags: ['dashboard'], operationId: 'today', summary: "Today's reservations and covers, tickets by status, revenue, minutes to ready and on-time share", security: [{ bearer: [] }], response: { 200: todayResponse, ...errorResponses(401, 403) } }, preHandler: access.requireStaff },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await today() };
    },
  );
};
