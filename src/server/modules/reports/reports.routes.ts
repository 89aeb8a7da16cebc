import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cashCountBody, cashCountResponse, dayQuery, dayReportResponse } from '../../../shared/contract/bills.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { todayResponse } from '../../../shared/contract/dashboard.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import type { ReportsService } from './reports.service.ts';

const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

/** The owner's figures: the day report, its CSV and the cash count (admin), and today's dashboard (staff). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService; access: Access }> = async (
  app,
  { reports, access },
) => {
  app.get(
    '/api/v1/reports/day',
    {
      schema: {
        tags: ['reports'],
        operationId: 'dayReport',
        summary: 'The figures of the bills paid on a local day (admin)',
        security: bearer,
        querystring: dayQuery,
        response: { 200: dayReportResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await reports.dayReport(request.query.date) };
    },
  );

  app.get(
    '/api/v1/reports/day.csv',
    {
      schema: {
        tags: ['reports'],
        operationId: 'dayReportCsv',
        summary: 'The day report as CSV (admin)',
        security: bearer,
        querystring: dayQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) => {
      const csv = await reports.dayCsv(request.query.date);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="day-${request.query.date}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.post(
    '/api/v1/reports/cash-count',
    {
      schema: {
        tags: ['reports'],
        operationId: 'cashCount',
        summary: "Keep the cash counted for a day against what the day's bills expect (admin)",
        security: bearer,
        body: cashCountBody,
        response: { 200: cashCountResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({ data: await reports.cashCount(callerOf(request), request.body.date, request.body.counted) }),
  );

  app.get(
    '/api/v1/dashboard/today',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'today',
        summary: "Today's reservations and covers, tickets by status, revenue, minutes to ready and on-time share",
        security: bearer,
        response: { 200: todayResponse, ...errorResponses(401, 403) },
      },
      onRequest: access.requireStaff,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await reports.today() };
    },
  );
};
