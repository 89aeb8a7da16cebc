import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type PaymentsWorld, orderFor, payOnline, startPaymentsWorld } from '../../support/payments-world.ts';

/**
 * A checkout's payment settled by an app server that has not built the kitchen's bucket loads
 * yet (it started after the checkout, or has served no quote or checkout since): the settling
 * holds the kitchen shared (decision 042), so the loads are made ready before its transaction
 * (the purpose's `prepare`), never inside it. Before, the webhook answered 500 on such a server
 * until something else built them. Runs with TEST_DATABASE_URL (postgres-* files need it).
 */
let w: PaymentsWorld;
let fresh: FastifyInstance;

beforeAll(async () => {
  w = await startPaymentsWorld();
  // A second server on the same database, started after the world: its loads are not built.
  fresh = await buildApp({ config: w.t.config, database: w.t.database, logger: false, paymentScheduler: false });
  await fresh.ready();
}, 60_000);

afterAll(async () => {
  await fresh?.close();
  await w?.close();
});

describe('settling on a server that has not built the kitchen loads', () => {
  test('a Stripe checkout paid through the other server: the webhook is 200 and the ticket reaches the board', async () => {
    expect(w.t.database.engine).toBe('postgres');
    const res = await payOnline(w, w.alice, [await orderFor(w, w.alice)], 'stripe');
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().data as Ticket;
    expect(ticket.status).toBe('awaiting_payment');
    const row = await w.t.database.db
      .selectFrom('payments')
      .select(['provider_ref'])
      .where('ticket_id', '=', Number(ticket._id))
      .executeTakeFirstOrThrow();
    for (const event of w.stripe.pay(row.provider_ref as string)) {
      const payload = JSON.stringify(event);
      const answer = await fresh.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': w.stripe.signer(payload) },
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const settled = await w.t.database.db
      .selectFrom('tickets')
      .select(['status', 'payment'])
      .where('id', '=', Number(ticket._id))
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'received', payment: 'paid' });
  });
});
