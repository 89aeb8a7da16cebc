import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailBody, emailQuery, errorResponses } from '../../../shared/contract/common.ts';
import { orderIdParams, orderPatchBody, orderPatchResponse, orderResponse } from '../../../shared/contract/orders.ts';
import { type Access, assertActsForSelf, callerOf } from '../auth/auth.service.ts';
import type { LanguageOf } from '../../http/language.ts';
import { type OrdersService } from './orders.service.ts';
import { answerMessage } from '../../http/language.ts';
import type { BranchOf } from '../../http/request-branch.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * A guest's booking orders (docs/reference/storefront.md §7, issue 4): order, confirm a favourite into an order,
 * and delete, each only for the token's owner (paying one places a ticket: tickets.routes). The token is checked on request, before
 * the body is read. Static segments (favorites, reports) win over :orderMainId in the router.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  access: Access;
  language: LanguageOf;
  branchOf: BranchOf;
}> = async (app, { orders, access, language, branchOf }) => {
  app.patch(
    '/api/v1/users',
    {
      schema: {
        tags: ['orders'],
        operationId: 'placeOrder',
        summary: 'Book a dish as an order, or confirm a pending favourite into one (orderMainIdPending)',
        security: [{ bearer: [] }],
        querystring: emailQuery,
        body: orderPatchBody,
        response: { 201: orderPatchResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      assertActsForSelf(caller, request.query.email, body.userGmail);
      // The line goes in the bag at the request's branch (decision 062): the bag is one branch's.
      const branch = await branchOf(request);
      if (body.orderMainIdPending !== undefined) {
        const { order, favorite } = await orders.confirmFavorite(
          branch,
          caller.id,
          body.orderMainIdPending,
          body.orderQuantity,
          body.orderId,
          await language(request),
        );
        return reply.status(201).send({
          success: true as const,
          message: answerMessage(request, 'favoriteConfirmed'),
          data: order,
          favorite,
        });
      }
      // The schema's refinement guarantees orderId for a plain order.
      const order = await orders.place(
        branch,
        caller.id,
        body.orderId as number,
        body.orderQuantity,
        body.options,
        await language(request),
      );
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'addedToBag'), data: order });
    },
  );

  app.put(
    '/api/v1/users/:orderMainId',
    {
      schema: {
        tags: ['orders'],
        operationId: 'removeOrder',
        summary: 'Delete one of the caller’s booking orders',
        security: [{ bearer: [] }],
        params: orderIdParams,
        body: emailBody,
        response: { 200: orderResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const order = await orders.remove(caller.id, request.params.orderMainId, await language(request));
      return { success: true as const, message: answerMessage(request, 'orderRemoved'), data: order };
    },
  );
};
