import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import { restaurantPatchBody, restaurantResponse } from '../../../shared/contract/restaurant.ts';
import { type Access, callerOf, holdsEveryBranch } from '../auth/auth.service.ts';
import { forbidden } from '../../http/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import { BRAND_FIELDS, type RestaurantService } from './restaurant.service.ts';

/**
 * GET /api/v1/restaurant (anyone) and PATCH /api/v1/restaurant (admins; staff the busy
 * controls): the settings of the request's branch (`?branch=`, the guest's chosen branch, the first).
 */
export const restaurantRoutes: FastifyPluginAsyncZod<{
  restaurant: RestaurantService;
  access: Access;
  audit: AuditService;
  branchOf: BranchOf;
}> = async (app, { restaurant, access, audit, branchOf }) => {
  app.get(
    '/api/v1/restaurant',
    {
      schema: {
        tags: ['restaurant'],
        operationId: 'getRestaurant',
        summary: "The restaurant's settings",
        security: [],
        response: { 200: restaurantResponse, ...errorResponses(404, 410) },
      },
    },
    async (request, reply) => {
      // A guest's chosen branch is a cookie: a shared cache keeps one answer per cookie.
      reply.header('cache-control', 'public, max-age=0, must-revalidate').header('vary', 'cookie');
      return { success: true as const, data: await restaurant.at(await branchOf(request)).shown() };
    },
  );

  app.patch(
    '/api/v1/restaurant',
    {
      schema: {
        tags: ['restaurant'],
        operationId: 'updateRestaurant',
        summary: 'Change settings: any subset, objects merge, arrays replace (admin; staff the busy controls)',
        security: [{ bearer: [] }],
        body: restaurantPatchBody,
        response: { 200: restaurantResponse, ...errorResponses(400, 401, 403, 404, 410) },
      },
      onRequest: access.requireStaff,
    },
    async (request) => {
      const caller = callerOf(request);
      // The brand's own fields are every branch's: changed by brand admins only (sent unchanged, as
      // the settings page sends the whole form, they change nothing and are taken).
      if (!holdsEveryBranch(caller)) {
        const brand = await restaurant.brand();
        const body: Partial<Record<(typeof BRAND_FIELDS)[number], unknown>> = request.body;
        if (BRAND_FIELDS.some((field) => body[field] !== undefined && body[field] !== brand[field]))
          throw forbidden('onlyBrandAdmins');
      }
      const settings = restaurant.at(await branchOf(request));
      const before = await settings.shown();
      const after = await settings.update(request.body, caller.role);
      await audit.settingsChanged(request, before, after);
      return { success: true as const, data: after };
    },
  );
};
