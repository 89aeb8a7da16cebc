import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailBody, emailQuery, errorResponses } from '../../../shared/contract/common.ts';
import { reportEntryBody, reportIdParams, reportResponse } from '../../../shared/contract/reports.ts';
import { type Access, assertActsForSelf, callerOf } from '../auth/auth.service.ts';
import type { LanguageOf } from '../../http/language.ts';
import { type DishReportsService } from './dish-reports.service.ts';
import { answerMessage } from '../../http/language.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A guest's reports on dishes (docs/reference/storefront.md §7): add and delete, only for the token's owner. */
export const dishReportsRoutes: FastifyPluginAsyncZod<{
  reports: DishReportsService;
  access: Access;
  language: LanguageOf;
}> = async (app, { reports, access, language }) => {
  app.patch(
    '/api/v1/users/reports',
    {
      schema: {
        tags: ['reports'],
        operationId: 'addReport',
        summary: 'Report a dish (one report per guest and dish)',
        security: [{ bearer: [] }],
        querystring: emailQuery,
        body: reportEntryBody,
        response: { 201: reportResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      assertActsForSelf(caller, request.query.email, body.userGmail);
      const report = await reports.add(caller.id, caller.email, body.orderId, body.reportText, await language(request));
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'thankYouYourReportHas'), data: report });
    },
  );

  app.put(
    '/api/v1/users/reports/:orderMainId',
    {
      schema: {
        tags: ['reports'],
        operationId: 'removeReport',
        summary: 'Delete one of the caller’s reports',
        security: [{ bearer: [] }],
        params: reportIdParams,
        body: emailBody,
        response: { 200: reportResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const report = await reports.remove(caller.id, caller.email, request.params.orderMainId, await language(request));
      return { success: true as const, message: answerMessage(request, 'yourReportHasBeenDeleted'), data: report };
    },
  );
};
