import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/catalog-contract.ts';
import {
  adminRecordParams,
  favoriteDishParams,
  favoriteEntryBody,
  favoriteResponse,
  orderMainIdParams,
  orderPatchBody,
  orderPatchResponse,
  orderResponse,
  ownerEmailBody,
  ownerEmailQuery,
  parseRecordId,
  payOrderBody,
  reportEntryBody,
  reportResponse,
} from '../../../shared/orders-contract.ts';
import { forbidden, notFound } from '../../http-errors.ts';
import { type Access, type Caller, assertIsOwner, callerOf } from '../auth/access.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { ORDER_MESSAGES, createOrdersService } from './orders.service.ts';

interface OrdersRoutesOptions {
  orders: OrdersRepository;
  users: UsersRepository;
  access: Access;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** A path id that is not a positive integer cannot name a record: 404, like an unknown one. */
function pathId(raw: string, what: string): number {
  const id = parseRecordId(raw);
  if (id === null) throw notFound(`No ${what} with this id`);
  return id;
}

/** The e-mail of the query or body must be the caller's, and so must userGmail when the client sends it. */
function assertActsForSelf(caller: Caller, email: string, userGmail?: string): void {
  assertIsOwner(caller, email);
  if (userGmail !== undefined && userGmail !== caller.email) throw forbidden('userGmail must be your own e-mail');
}

/**
 * What a guest does with dishes (SPEC.md §7, issue 4): order, confirm a favourite, favourite,
 * report, pay and delete, each only for the token's owner; and the administrators' deletion
 * of one record of a user (issue 5). The token is checked on request, before the body is read.
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { orders, users, access }) => {
  if (!app.hasRequestDecorator('caller')) app.decorateRequest('caller', null);
  const service = createOrdersService(orders);

  // Static segments (favorites, reports) win over :orderMainId in the router, so the order of these does not matter.

  app.patch(
    '/api/v1/users',
    {
      schema: { tags: ['orders'], querystring: ownerEmailQuery, body: orderPatchBody, response: { 201: orderPatchResponse, ...errors } },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      assertActsForSelf(caller, request.query.email, body.userGmail);
      if (body.orderMainIdPending !== undefined) {
        const { order, favorite } = await service.confirmFavorite(caller.id, body.orderMainIdPending, body.orderQuantity, body.orderId);
        return reply.status(201).send({ success: true as const, message: ORDER_MESSAGES.favoriteConfirmed, data: order, favorite });
      }
      // The schema's refinement guarantees orderId for a plain order.
      const order = await service.placeOrder(caller.id, body.orderId as number, body.orderQuantity);
      return reply.status(201).send({ success: true as const, message: ORDER_MESSAGES.orderPlaced, data: order });
    },
  );

  app.patch(
    '/api/v1/users/favorites',
    {
      schema: { tags: ['orders'], querystring: ownerEmailQuery, body: favoriteEntryBody, response: { 200: favoriteResponse, 201: favoriteResponse, ...errors } },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      assertActsForSelf(caller, request.query.email, body.userGmail);
      const { favorite, created } = await service.addFavorite(caller.id, body.orderId, body.orderQuantity ?? 1);
      if (!created) return { success: true as const, message: ORDER_MESSAGES.favoriteExists, data: favorite };
      return reply.status(201).send({ success: true as const, message: ORDER_MESSAGES.favoriteAdded, data: favorite });
    },
  );

  app.put(
    '/api/v1/users/favorites/:id',
    {
      schema: { tags: ['orders'], params: favoriteDishParams, body: ownerEmailBody, response: { 200: favoriteResponse, ...errors } },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const dishId = pathId(request.params.id, 'favourite');
      const favorite = await service.removeFavoriteOfDish(caller.id, dishId);
      return { success: true as const, message: ORDER_MESSAGES.favoriteRemoved, data: favorite };
    },
  );

  app.patch(
    '/api/v1/users/reports',
    {
      schema: { tags: ['orders'], querystring: ownerEmailQuery, body: reportEntryBody, response: { 201: reportResponse, ...errors } },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      assertActsForSelf(caller, request.query.email, body.userGmail);
      const report = await service.addReport(caller.id, caller.email, body.orderId, body.reportText);
      return reply.status(201).send({ success: true as const, message: ORDER_MESSAGES.reportAdded, data: report });
    },
  );

  app.put(
    '/api/v1/users/reports/:orderMainId',
    {
      schema: { tags: ['orders'], params: orderMainIdParams, body: ownerEmailBody, response: { 200: reportResponse, ...errors } },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const report = await service.removeReport(caller.id, caller.email, pathId(request.params.orderMainId, 'report'));
      return { success: true as const, message: ORDER_MESSAGES.reportRemoved, data: report };
    },
  );

  app.put(
    '/api/v1/users/:orderMainId',
    {
      schema: { tags: ['orders'], params: orderMainIdParams, body: ownerEmailBody, response: { 200: orderResponse, ...errors } },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const order = await service.removeOrder(caller.id, pathId(request.params.orderMainId, 'order'));
      return { success: true as const, message: ORDER_MESSAGES.orderRemoved, data: order };
    },
  );

  app.patch(
    '/api/v1/users/:orderMainId',
    {
      schema: { tags: ['orders'], params: orderMainIdParams, body: payOrderBody, response: { 200: orderResponse, ...errors } },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const order = await service.payOrder(caller.id, pathId(request.params.orderMainId, 'order'), request.body.pay);
      return { success: true as const, message: ORDER_MESSAGES.orderPaid, data: order };
    },
  );

  /** Issue 5: an administrator removes exactly one record of one user; 404 when it is not that user's. */
  async function targetUser(email: string) {
    const user = await users.findByEmail(email);
    if (!user) throw notFound('No user with this e-mail');
    return user;
  }

  app.delete(
    '/api/v1/admin/users/:email/orders/:orderMainId',
    { schema: { tags: ['admin'], params: adminRecordParams, response: { 200: orderResponse, ...errors } }, onRequest: access.requireAdmin },
    async (request) => {
      const user = await targetUser(request.params.email);
      const order = await service.removeOrder(user.id, pathId(request.params.orderMainId, 'order'));
      return { success: true as const, message: ORDER_MESSAGES.adminOrderRemoved, data: order };
    },
  );

  app.delete(
    '/api/v1/admin/users/:email/favorites/:orderMainId',
    { schema: { tags: ['admin'], params: adminRecordParams, response: { 200: favoriteResponse, ...errors } }, onRequest: access.requireAdmin },
    async (request) => {
      const user = await targetUser(request.params.email);
      const favorite = await service.removeFavorite(user.id, pathId(request.params.orderMainId, 'favourite'));
      return { success: true as const, message: ORDER_MESSAGES.adminFavoriteRemoved, data: favorite };
    },
  );

  app.delete(
    '/api/v1/admin/users/:email/reports/:orderMainId',
    { schema: { tags: ['admin'], params: adminRecordParams, response: { 200: reportResponse, ...errors } }, onRequest: access.requireAdmin },
    async (request) => {
      const user = await targetUser(request.params.email);
      const report = await service.removeReport(user.id, user.email, pathId(request.params.orderMainId, 'report'));
      return { success: true as const, message: ORDER_MESSAGES.adminReportRemoved, data: report };
    },
  );
};
