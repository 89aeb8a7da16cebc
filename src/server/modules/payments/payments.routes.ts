import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import {
  paymentChangedResponse,
  paymentIdParams,
  paymentResponse,
  paymentReturnQuery,
  providersResponse,
  refundBody,
} from '../../../shared/contract/payments.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import type { PaymentsService } from './payments.service.ts';
import { answerMessage } from '../../http/language.ts';

const bearer = [{ bearer: [] }];

/** Payments (docs/reference/ordering.md "Payments"): the providers on offer, a payment read (the provider asked first), refunds, Stripe's webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; access: Access }> = async (
  app,
  { payments, access },
) => {
  app.get(
    '/api/v1/payments/providers',
    {
      schema: {
        tags: ['payments'],
        operationId: 'paymentProviders',
        summary: 'The payment providers set up here (demo when no other is; bkash only in BDT)',
        security: [],
        response: { 200: providersResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: (await payments.providers()).map((provider) => ({ provider })) };
    },
  );

  app.get(
    '/api/v1/payments/:id',
    {
      schema: {
        tags: ['payments'],
        operationId: 'getPayment',
        summary:
          "One payment (its payer's, or staff's); a pending one is asked of the provider first. The provider's return address may add its query (paymentID, status, session_id), never believed alone",
        security: bearer,
        params: paymentIdParams,
        querystring: paymentReturnQuery,
        response: { 200: paymentResponse, ...errorResponses(400, 401, 404) },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        data: await payments.one(callerOf(request), request.params.id, request.query.status, request.query.method),
      };
    },
  );

  app.post(
    '/api/v1/payments/:id/refund',
    {
      schema: {
        tags: ['payments'],
        operationId: 'refundPayment',
        summary:
          'Refund part (amount) or all of a paid payment, at most what is left; the same key sends one refund however often it repeats',
        security: bearer,
        params: paymentIdParams,
        body: refundBody,
        response: { 200: paymentChangedResponse, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'refundHasBeenSent'),
      data: await payments.refund(callerOf(request), request.params.id, request.body),
    }),
  );

  // Stripe signs the exact bytes it sends: this route reads its body raw, in a scope of its own.
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/v1/payments/webhooks/stripe',
      {
        schema: {
          tags: ['payments'],
          operationId: 'stripeWebhook',
          summary:
            "Stripe's events (checkout.session.*, payment_intent.*), verified by their Stripe-Signature; each event id is processed once",
          security: [],
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            ...errorResponses(400, 415, 502),
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw Object.assign(new Error('The event must be sent as application/json'), { statusCode: 415 });
        const signature = request.headers['stripe-signature'];
        const result = await payments.stripeWebhook(
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });
};
