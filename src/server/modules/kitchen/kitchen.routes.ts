import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import {
  allDayResponse,
  kitchenStatusBody,
  kitchenTicketChangedResponse,
  kitchenTicketResponse,
  kitchenTicketsQuery,
  kitchenTicketsResponse,
  moneyBackResponse,
} from '../../../shared/contract/kitchen.ts';
import { ticketIdParams } from '../../../shared/contract/tickets.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { KitchenService } from './kitchen.service.ts';
import { answerMessage } from '../../http/language.ts';

const staff = [{ bearer: [] }];

/** "Order 12 is now ready": each status the kitchen moves a ticket to has its own message. */
const ORDER_NOW = {
  received: 'orderNowReceived',
  preparing: 'orderNowPreparing',
  ready: 'orderNowReady',
  completed: 'orderNowCompleted',
  cancelled: 'orderNowCancelled',
} as const;

/** The kitchen board's calls (docs/reference/operations.md "The kitchen board"), staff only. */
export const kitchenRoutes: FastifyPluginAsyncZod<{
  kitchen: KitchenService;
  access: Access;
  audit: AuditService;
  branchOf: BranchOf;
}> = async (app, { kitchen: brand, access, audit, branchOf }) => {
  // The request's branch's kitchen (decision 062), worked out after the access check.
  const at = async (request: FastifyRequest) => brand.at(await branchOf(request));
  app.get(
    '/api/v1/kitchen/tickets',
    {
      schema: {
        tags: ['kitchen'],
        operationId: 'kitchenTickets',
        summary:
          'Open tickets and those completed in the last 30 minutes, by promised time: a page of at most limit (500) after cursor; nextCursor null on the last',
        security: staff,
        querystring: kitchenTicketsQuery,
        response: { 200: kitchenTicketsResponse, ...errorResponses(401, 403) },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      // Each line named in the reader's language (decision 050): a live event carries no card; the board patches its cards from it (decision 063).
      const page = await (await at(request)).board(request.query, callerOf(request).language);
      return { data: page.tickets, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/v1/kitchen/tickets/:id',
    {
      schema: {
        tags: ['kitchen'],
        operationId: 'kitchenTicket',
        summary:
          'One ticket’s card as the board shows it, whatever its status: a live event’s ticket the board does not have yet',
        security: staff,
        params: ticketIdParams,
        response: { 200: kitchenTicketResponse, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await (await at(request)).card(request.params.id, callerOf(request).language) };
    },
  );

  app.post(
    '/api/v1/kitchen/tickets/:id/status',
    {
      schema: {
        tags: ['kitchen'],
        operationId: 'setTicketStatus',
        summary:
          'Move a ticket on: received → preparing | ready | cancelled, preparing → ready | cancelled, ready → completed | preparing, completed → ready (within 30 minutes); cancelling needs a reason',
        security: staff,
        params: ticketIdParams,
        body: kitchenStatusBody,
        response: { 200: kitchenTicketChangedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
      onRequest: access.requireStaff,
    },
    async (request) => {
      const ticket = await (
        await at(request)
      ).setStatus(
        request.params.id,
        request.body.status,
        request.body.reason || undefined,
        request.body.key,
        callerOf(request).language,
      );
      if (ticket.status === 'cancelled') await audit.ticketMoved(request, request.params.id, await branchOf(request));
      const said = ticket.status in ORDER_NOW ? ORDER_NOW[ticket.status as keyof typeof ORDER_NOW] : undefined;
      const message = said
        ? answerMessage(request, said, { v0: ticket.number })
        : answerMessage(request, 'orderNow', { v0: ticket.number, v1: ticket.status });
      return { success: true as const, message, data: ticket };
    },
  );

  app.get(
    '/api/v1/kitchen/tickets/:id/money-back',
    {
      schema: {
        tags: ['kitchen'],
        operationId: 'ticketMoneyBack',
        summary:
          'What cancelling a ticket would give back of its bill’s money: refunded online at once, and given back by staff per method',
        security: staff,
        params: ticketIdParams,
        response: { 200: moneyBackResponse, ...errorResponses(401, 403, 404) },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await (await at(request)).moneyBack(request.params.id) };
    },
  );

  app.get(
    '/api/v1/kitchen/all-day',
    {
      schema: {
        tags: ['kitchen'],
        operationId: 'kitchenAllDay',
        summary: 'Portions still to cook across open tickets, per dish',
        security: staff,
        response: { 200: allDayResponse, ...errorResponses(401, 403) },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await (await at(request)).allDay(callerOf(request).language) };
    },
  );
};
