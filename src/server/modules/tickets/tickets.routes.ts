import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleAtLeast } from '../../../shared/constants.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import {
  checkoutBody,
  checkoutResponse,
  quoteQuery,
  quoteResponse,
  ticketIdParams,
  ticketListQuery,
  ticketListResponse,
  ticketResponse,
  ticketChangedResponse,
} from '../../../shared/contract/tickets.ts';
import { type Access, assertActsForSelf, callerOf } from '../auth/auth.service.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import { staffOrderBody, staffQuoteBody } from '../../../shared/contract/staff-orders.ts';
import { orderIdParams, orderResponse, payOrderBody } from '../../../shared/contract/orders.ts';
import { type OrdersService } from '../orders/orders.service.ts';
import type { LanguageOf } from '../../http/language.ts';
import type { TicketsService } from './tickets.service.ts';
import { answerMessage } from '../../http/language.ts';

const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Checkout and tickets (docs/reference/operations.md "Tickets"), and the spec's pay call, which places a booking order as a ticket (docs/reference/storefront.md §7). */
export const ticketsRoutes: FastifyPluginAsyncZod<{
  tickets: TicketsService;
  orders: OrdersService;
  access: Access;
  language: LanguageOf;
  branchOf: BranchOf;
}> = async (app, { tickets, orders, access, language, branchOf }) => {
  // The request's branch's tickets (decision 062): a checkout, a quote and a staff order are the kitchen's of that branch.
  const at = async (request: FastifyRequest) => tickets.at(await branchOf(request));
  app.get(
    '/api/v1/checkout/quote',
    {
      schema: {
        tags: ['tickets'],
        operationId: 'checkoutQuote',
        summary: 'Subtotal, delivery fee, total, the ASAP promise and the free times for some of your orders',
        security: bearer,
        querystring: quoteQuery,
        response: { 200: quoteResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        data: await (await at(request)).quote(callerOf(request), request.query.fulfilment, request.query.orderIds),
      };
    },
  );

  app.post(
    '/api/v1/checkout',
    {
      schema: {
        tags: ['tickets'],
        operationId: 'checkout',
        summary:
          'Place some of your orders as one ticket: fulfilment, time, payment; with pay: { provider } the ticket awaits its online payment and the answer carries payment: { _id, redirectUrl }',
        security: bearer,
        body: checkoutBody,
        response: { 201: checkoutResponse, ...errors, ...errorResponses(429, 502) },
      },
      onRequest: access.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: access.limitKey } },
    },
    async (request, reply) => {
      const body = request.body;
      if ('provider' in body.pay) {
        const placed = await tickets.checkoutOnline(await branchOf(request), callerOf(request), {
          ...body,
          pay: body.pay,
        });
        return reply.status(201).send({
          success: true as const,
          message: answerMessage(request, 'yourOrderHasBeenPlaced'),
          data: placed.ticket,
          payment: placed.payment,
        });
      }
      return reply.status(201).send({
        success: true as const,
        message: answerMessage(request, 'yourOrderHasBeenPlaced'),
        data: await (await at(request)).checkout(callerOf(request), body),
      });
    },
  );

  app.post(
    '/api/v1/tickets',
    {
      schema: {
        tags: ['tickets'],
        operationId: 'staffOrder',
        summary:
          'Staff: take an order (phone, counter, a table) as a ticket; a repeat of its key answers the ticket already placed (200)',
        security: bearer,
        body: staffOrderBody,
        response: { 201: ticketChangedResponse, 200: ticketChangedResponse, ...errors, ...errorResponses(429) },
      },
      // Who may call is decided before the body is read: a guest learns nothing from a 400.
      onRequest: access.requireStaff,
      config: { rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: access.limitKey } },
    },
    async (request, reply) => {
      const { ticket, created } = await (await at(request)).staffOrder(callerOf(request), request.body);
      return reply.status(created ? 201 : 200).send({
        success: true as const,
        message: created
          ? answerMessage(request, 'orderHasBeenSentKitchen')
          : answerMessage(request, 'orderWasAlreadySentKitchen'),
        data: ticket,
      });
    },
  );

  app.post(
    '/api/v1/tickets/quote',
    {
      schema: {
        tags: ['tickets'],
        operationId: 'staffOrderQuote',
        summary: 'Staff: subtotal, delivery fee, total, the ASAP promise and the free times for an order being taken',
        security: bearer,
        body: staffQuoteBody,
        response: { 200: quoteResponse, ...errors, ...errorResponses(429) },
      },
      onRequest: access.requireStaff,
      config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: access.limitKey } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await (await at(request)).staffQuote(request.body) };
    },
  );

  app.get(
    '/api/v1/tickets/mine',
    {
      schema: {
        tags: ['tickets'],
        operationId: 'myTickets',
        summary: 'Your tickets, newest first: a page of at most limit (500) after cursor; nextCursor null on the last',
        security: bearer,
        querystring: ticketListQuery,
        response: { 200: ticketListResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const page = await tickets.mine(callerOf(request), request.query);
      return { data: page.tickets, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/v1/tickets/:id',
    {
      schema: {
        tags: ['tickets'],
        operationId: 'getTicket',
        summary: 'One ticket (its owner, or staff)',
        security: bearer,
        params: ticketIdParams,
        response: { 200: ticketResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const caller = callerOf(request);
      return {
        success: true as const,
        data: await tickets.one(caller, request.params.id, roleAtLeast(caller.role, 'staff')),
      };
    },
  );

  app.patch(
    '/api/v1/users/:orderMainId',
    {
      schema: {
        tags: ['orders'],
        operationId: 'payOrder',
        summary: 'Pay one of the caller’s booking orders',
        security: [{ bearer: [] }],
        params: orderIdParams,
        body: payOrderBody,
        response: { 200: orderResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const { pay, fulfilment, when, address } = request.body;
      await (
        await at(request)
      ).payOne(caller, {
        orderIds: [request.params.orderMainId],
        fulfilment: fulfilment ?? 'pickup',
        when: when ?? 'asap',
        ...(address ? { address } : {}),
        pay,
      });
      return {
        success: true as const,
        message: answerMessage(request, 'orderPaid'),
        data: await orders.listedOne(caller.id, request.params.orderMainId, await language(request)),
      };
    },
  );
};
