import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditQuery, auditResponse } from '../../../shared/contract/audit.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import type { Access } from '../auth/auth.service.ts';
import { type AuditService } from './audit.service.ts';
import { auditCsvOf } from './audit-entries.ts';
import type { BranchOf } from '../../http/request-branch.ts';

const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403);

/** The audit trail as the owner reads it (issue 60), at the request's branch (decision 062): entries and the voids and discounts per staff member and day, and as CSV (admin). Nothing here changes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; access: Access; branchOf: BranchOf }> = async (
  app,
  { audit, access, branchOf },
) => {
  app.get(
    '/api/v1/reports/audit',
    {
      schema: {
        tags: ['reports'],
        operationId: 'auditReport',
        summary:
          'Who changed money or power, when, from which address, and what from what; per staff member and day the discounts, cancels after cooking started, refunds and give-backs (admin)',
        security: bearer,
        querystring: auditQuery,
        response: { 200: auditResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await audit.report(request.query, await branchOf(request)) };
    },
  );

  app.get(
    '/api/v1/reports/audit.csv',
    {
      schema: {
        tags: ['reports'],
        operationId: 'auditReportCsv',
        summary: 'The audit entries as CSV (admin)',
        security: bearer,
        querystring: auditQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) => {
      const csv = auditCsvOf(await audit.report(request.query, await branchOf(request)));
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="audit-${request.query.from}-${request.query.to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
};
