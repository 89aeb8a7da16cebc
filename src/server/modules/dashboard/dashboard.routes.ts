import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import { todayResponse } from '../../../shared/contract/dashboard.ts';
import type { Access } from '../auth/auth.service.ts';
import type { DashboardService } from './dashboard.service.ts';

/** GET /api/v1/dashboard/today (staff): the restaurant's real figures for its local today. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ access: Access; dashboard: DashboardService }> = async (app, { access, dashboard }) => {
  app.get(
    '/api/v1/dashboard/today',
    { schema: { tags: ['dashboard'], operationId: 'today', summary: "Today's reservations and covers, tickets by status, revenue, minutes to ready and on-time share", security: [{ bearer: [] }], response: { 200: todayResponse, ...errorResponses(401, 403) } }, onRequest: access.requireStaff },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await dashboard.today() };
    },
  );
};
