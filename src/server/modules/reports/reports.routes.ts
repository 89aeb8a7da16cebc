import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyDayReportResponse, cashCountBody, cashCountResponse, dayQuery } from '../../../shared/contract/bills.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { brandTodayResponse, todayResponse } from '../../../shared/contract/dashboard.ts';
import { type Access, callerOf, holdsEveryBranch } from '../auth/auth.service.ts';
import { forbidden } from '../../http/errors.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import type { LanguageOf } from '../../http/language.ts';
import type { ReportsService } from './reports.service.ts';

const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409, 410);
/** A day, at the request's branch or, with `branch=all`, the brand's with a row per branch. */
const dayOfBranchQuery = dayQuery.extend({
  branch: z
    .string()
    .max(100)
    .optional()
    .describe("A branch's slug or id (default: the request's branch), or `all`: the brand's day, one row per branch"),
});

/**
 * The owner's figures: the day report, its CSV and the cash count (admin), and today's dashboard
 * (staff), each at the request's branch (`branchOf`); the day report and its CSV for the whole
 * brand with `branch=all` (admins hold every branch until roles are held at branches).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  access: Access;
  branchOf: BranchOf;
  language: LanguageOf;
}> = async (app, { reports, access, branchOf, language }) => {
  /** The brand's day and its branches' today are read by brand admins only; in the request's language (its branches' names). */
  const brandLanguage = async (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    if (caller.role !== 'admin' || !holdsEveryBranch(caller)) throw forbidden('onlyBrandAdmins');
    return language(request);
  };

  app.get(
    '/api/v1/reports/day',
    {
      schema: {
        tags: ['reports'],
        operationId: 'dayReport',
        summary: "The figures of the bills paid on a local day at a branch, or the brand's by branch (admin)",
        security: bearer,
        querystring: dayOfBranchQuery,
        response: { 200: anyDayReportResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { date, branch } = request.query;
      if (branch === 'all') return { data: await reports.brandDay(date, await brandLanguage(request)) };
      return { data: await reports.at(await branchOf(request)).dayReport(date) };
    },
  );

  app.get(
    '/api/v1/reports/day.csv',
    {
      schema: {
        tags: ['reports'],
        operationId: 'dayReportCsv',
        summary: "The day report as CSV (admin): a branch's, or the brand's with a column per branch",
        security: bearer,
        querystring: dayOfBranchQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) => {
      const { date, branch } = request.query;
      const csv =
        branch === 'all'
          ? await reports.brandCsv(date, await brandLanguage(request))
          : await reports.at(await branchOf(request)).dayCsv(date);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="day-${date}${branch === 'all' ? '-brand' : ''}.csv"`)
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
    async (request) => ({
      data: await reports
        .at(await branchOf(request))
        .cashCount(callerOf(request), request.body.date, request.body.counted),
    }),
  );

  app.get(
    '/api/v1/dashboard/today',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'today',
        summary:
          "Today's reservations and covers, tickets by status, revenue, minutes to ready and on-time share (`branch=all`: each branch's, brand admins)",
        security: bearer,
        querystring: z.object({
          branch: z
            .string()
            .max(100)
            .optional()
            .describe(
              "A branch's slug or id (default: the request's branch), or `all`: each branch's today (brand admins)",
            ),
        }),
        response: { 200: z.union([brandTodayResponse, todayResponse]), ...errorResponses(401, 403, 404, 410) },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (request.query.branch === 'all') return { data: await reports.brandToday(await brandLanguage(request)) };
      return { data: await reports.at(await branchOf(request)).today() };
    },
  );
};
