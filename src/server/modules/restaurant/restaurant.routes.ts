import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import { restaurantPatchBody, restaurantResponse } from '../../../shared/contract/restaurant.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { RestaurantService } from './restaurant.service.ts';

/** GET /api/v1/restaurant (anyone) and PATCH /api/v1/restaurant (admins; staff the busy controls). */
export const restaurantRoutes: FastifyPluginAsyncZod<{
  restaurant: RestaurantService;
  access: Access;
  audit: AuditService;
}> = async (app, { restaurant, access, audit }) => {
  app.get(
    '/api/v1/restaurant',
    {
      schema: {
        tags: ['restaurant'],
        operationId: 'getRestaurant',
        summary: "The restaurant's settings",
        security: [],
        response: { 200: restaurantResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=0, must-revalidate');
      return { success: true as const, data: await restaurant.get() };
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
        response: { 200: restaurantResponse, ...errorResponses(400, 401, 403) },
      },
      onRequest: access.requireStaff,
    },
    async (request) => {
      const before = await restaurant.get();
      const after = await restaurant.update(request.body, callerOf(request).role);
      await audit.settingsChanged(request, before, after);
      return { success: true as const, data: after };
    },
  );
};
