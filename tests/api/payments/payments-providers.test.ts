import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Payment } from '../../../src/shared/contract/payments.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import {
  orderFor,
  paymentRow as paymentRowOf,
  type PaymentsWorld,
  payOnline,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { call, storedBucketLoads } from '../../support/records.ts';
import type { TestAccount } from '../../support/factories.ts';

/**
 * Online payments (docs/reference/ordering.md "Payments", issue 39) through the HTTP API, with the real
 * `stripe` library and our bKash client talking to local servers that answer as the providers'
 * documented APIs do, and fail as providers fail: slow (10 s), down, 500, success twice, a
 * webhook replayed or wrongly signed, amounts that do not match. At the end the file counts what
 * was tried, succeeded and refunded, and what was lost or doubled, which must be none.
 */
let w: PaymentsWorld;
/** The restaurant's clock runs with the real one, moved on by `later` (a payment made long after its checkout, a bKash token near its end). */
let later = 0;
beforeAll(async () => {
  w = await startPaymentsWorld({ clock: () => Date.now() + later });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const webhookUrl = () => '/api/v1/payments/webhooks/stripe';

/** Sends a Stripe event into the app (inject keeps the exact bytes that were signed). */
async function deliver(event: unknown, options: { secret?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? w.stripe.signer(payload, options.secret);
  return w.t.app.inject({
    method: 'POST',
    url: webhookUrl(),
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function placeOnline(account: TestAccount, provider: 'stripe' | 'bkash', dish = 0, quantity = 1) {
  const orderId = await orderFor(w, account, dish, quantity);
  const res = await payOnline(w, account, [orderId], provider);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: Ticket; payment: { _id: string; redirectUrl: string } };
  return { orderId, ticket: body.data, payment: body.payment };
}

const readPayment = (account: TestAccount, id: string, query = '') =>
  call(w.t, 'GET', `/api/v1/payments/${id}${query}`, account);
const paymentRow = (id: string | number) => paymentRowOf(w, id);
const ticketRow = (id: string) =>
  w.t.database.db.selectFrom('tickets').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
const sessionOf = async (paymentId: string) => (await paymentRow(paymentId)).provider_ref as string;
async function kitchenUnits(): Promise<number> {
  return (await storedBucketLoads(w.t)).reduce((sum, [, units]) => sum + units, 0);
}
async function onBoard(ticketId: string): Promise<boolean> {
  const board = await call(w.t, 'GET', '/api/v1/kitchen/tickets', w.staff);
  return (board.json().data as { _id: string }[]).some((card) => card._id === ticketId);
}
function resetFaults() {
  for (const fake of [w.stripe, w.bkash])
    Object.assign(fake.faults, {
      slow: false,
      error: false,
      successTwice: false,
      amountShort: 0,
      otherCurrency: undefined,
    });
}

describe('providers on offer', () => {
  test('Stripe and bKash in BDT; bKash is refused in another currency with 400', async () => {
    const list = await w.t.app.inject({ method: 'GET', url: '/api/v1/payments/providers' });
    expect(list.json()).toEqual({ data: [{ provider: 'stripe' }, { provider: 'bkash' }] });
    await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { currency: 'USD' });
    try {
      expect((await w.t.app.inject({ method: 'GET', url: '/api/v1/payments/providers' })).json()).toEqual({
        data: [{ provider: 'stripe' }],
      });
      const orderId = await orderFor(w, w.alice);
      const refused = await payOnline(w, w.alice, [orderId], 'bkash');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Payments by bkash are taken in BDT only');
      expect(
        await w.t.database.db
          .selectFrom('tickets')
          .select('id')
          .where('user_id', '=', Number(w.alice.userId))
          .where('status', '=', 'awaiting_payment')
          .execute(),
      ).toEqual([]);
    } finally {
      await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { currency: 'BDT' });
    }
  });

  test(
    'without keys only demo is offered, and Stripe or bKash is refused with 400 "Payments by … are not set up"',
    { timeout: 60_000 },
    async () => {
      const { createTestApp } = await import('../../support/test-app.ts');
      const { createAccount } = await import('../../support/factories.ts');
      const bare = await createTestApp();
      try {
        expect((await bare.app.inject({ method: 'GET', url: '/api/v1/payments/providers' })).json()).toEqual({
          data: [{ provider: 'demo' }],
        });
        const guest = await createAccount(bare.app, { name: 'Dora' });
        const dish = (await call(bare, 'GET', '/api/v1/allProductsData')).json().data[0];
        const order = await call(bare, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, guest, {
          orderId: dish._id,
          orderQuantity: 1,
          userGmail: guest.email,
          status: 'Conform',
        });
        for (const provider of ['stripe', 'bkash']) {
          const refused = await call(bare, 'POST', '/api/v1/checkout', guest, {
            orderIds: [order.json().data.orderMainId],
            fulfilment: 'pickup',
            when: 'asap',
            pay: { provider },
          });
          expect(refused.statusCode).toBe(400);
          expect(refused.json().message).toBe(`Payments by ${provider} are not set up`);
        }
        const hook = await bare.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhooks/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
          payload: '{}',
        });
        expect(hook.statusCode).toBe(400);
        expect(hook.json().message).toBe('Payments by stripe are not set up');
        expect(await bare.database.db.selectFrom('tickets').select('id').execute()).toEqual([]);
      } finally {
        await bare.close();
      }
    },
  );

  test('checkout validates the provider (400) and needs a token (401)', async () => {
    const orderId = await orderFor(w, w.alice);
    expect((await payOnline(w, w.alice, [orderId], 'paypal')).statusCode).toBe(400);
    expect(
      (
        await call(w.t, 'POST', '/api/v1/checkout', undefined, {
          orderIds: [orderId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { provider: 'stripe' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('Stripe Checkout', () => {
  test('the ticket awaits its payment holding its room, off the board; the return page asks Stripe; paid → received', async () => {
    const before = await kitchenUnits();
    const { ticket, payment } = await placeOnline(w.alice, 'stripe', 0, 2);
    expect(ticket.status).toBe('awaiting_payment');
    expect(ticket.payment).toBe('due');
    expect(payment.redirectUrl).toBe(w.stripe.sessions.get(await sessionOf(payment._id))?.url);
    expect(await kitchenUnits()).toBeGreaterThan(before);
    expect(await onBoard(ticket._id)).toBe(false);
    // The session Stripe made carries our amount, our return address and our payment's id.
    const session = w.stripe.sessions.get(await sessionOf(payment._id));
    expect(session).toMatchObject({
      amount_total: Math.round(ticket.total * 100),
      currency: 'bdt',
      client_reference_id: payment._id,
      metadata: { paymentId: payment._id },
    });
    expect(session?.success_url).toBe(`${w.t.config.publicUrl}/payments/${payment._id}?session_id=${session?.id}`);

    // Back from Stripe without paying: the page asks Stripe, which says open.
    const asked = w.stripe.calls.get('GET /v1/checkout/sessions/:id') ?? 0;
    const waiting = await readPayment(w.alice, payment._id, `?session_id=${session?.id}`);
    expect(waiting.json().data).toMatchObject({
      status: 'pending',
      amount: ticket.total,
      currency: 'BDT',
      redirectUrl: payment.redirectUrl,
    });
    expect(w.stripe.calls.get('GET /v1/checkout/sessions/:id')).toBe(asked + 1);

    w.stripe.pay(session?.id as string);
    const paid = (await readPayment(w.alice, payment._id)).json().data as Payment;
    expect(paid).toMatchObject({ status: 'succeeded', amount: ticket.total, refunded: 0 });
    expect(paid.redirectUrl).toBeUndefined();
    expect(await ticketRow(ticket._id)).toMatchObject({ status: 'received', payment: 'paid', pay_method: 'stripe' });
    expect(await onBoard(ticket._id)).toBe(true);
  });

  test('a webhook settles the payment; replayed, it counts once; success sent twice places the ticket once', async () => {
    w.stripe.faults.successTwice = true;
    try {
      const { ticket, payment } = await placeOnline(w.alice, 'stripe');
      const events = w.stripe.pay(await sessionOf(payment._id));
      expect(events.length).toBe(3);
      const first = await deliver(events[0]);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      expect((await paymentRow(payment._id)).status).toBe('succeeded');
      const replay = await deliver(events[0]);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      const answers = await Promise.all(events.slice(1).map((e) => deliver(e)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(await ticketRow(ticket._id)).toMatchObject({ status: 'received', payment: 'paid' });
      const seen = await w.t.database.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('payment_id', '=', Number(payment._id))
        .execute();
      expect(seen.length).toBe(3);
    } finally {
      resetFaults();
    }
  });

  test('a webhook with a wrong signature, another secret, no signature or a changed body is refused with 400 and changes nothing', async () => {
    const { payment } = await placeOnline(w.alice, 'stripe');
    const [event] = w.stripe.pay(await sessionOf(payment._id));
    expect((await deliver(event, { secret: 'whsec_someoneelse123' })).statusCode).toBe(400);
    expect((await deliver(event, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    const unsigned = await w.t.app.inject({
      method: 'POST',
      url: webhookUrl(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const signature = w.stripe.signer(JSON.stringify(event));
    const tampered = await w.t.app.inject({
      method: 'POST',
      url: webhookUrl(),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify(event).replace('"livemode":false', '"livemode":true'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe('The Stripe-Signature of this event is not valid');
    expect((await paymentRow(payment._id)).status).toBe('pending');
    expect(
      await w.t.database.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('event_id', '=', (event as { id: string }).id)
        .execute(),
    ).toEqual([]);
    // Signed right, it goes through.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await paymentRow(payment._id)).status).toBe('succeeded');
  });

  test('an amount that does not match is failed: the ticket is cancelled, its room freed, its lines free again', async () => {
    w.stripe.faults.amountShort = 1;
    try {
      const before = await kitchenUnits();
      const { ticket, payment, orderId } = await placeOnline(w.alice, 'stripe', 1, 1);
      expect(await kitchenUnits()).toBeGreaterThan(before);
      const [event] = w.stripe.pay(await sessionOf(payment._id));
      expect((await deliver(event)).statusCode).toBe(200);
      expect(await paymentRow(payment._id)).toMatchObject({
        status: 'failed',
        failure: expect.stringContaining('reported'),
      });
      expect(await ticketRow(ticket._id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'Payment failed',
        payment: 'due',
      });
      expect(await kitchenUnits()).toBe(before);
      resetFaults();
      // The guest can place the same line again.
      const again = await payOnline(w, w.alice, [orderId], 'stripe');
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      resetFaults();
    }
  });

  test('paid long after the checkout: received with its promise checked again (moved to what the kitchen can keep), its load moved with it', async () => {
    const { ticket, payment } = await placeOnline(w.bob, 'stripe');
    const units = await kitchenUnits();
    const [event] = w.stripe.pay(await sessionOf(payment._id));
    later = 2 * 60 * 60_000;
    try {
      expect((await deliver(event)).statusCode).toBe(200);
      const row = await ticketRow(ticket._id);
      expect(row.status).toBe('received');
      // The old promise is two hours gone: the new one is at least the kitchen's 20 minutes from now.
      expect(Date.parse(row.ready_at)).toBeGreaterThanOrEqual(Date.now() + later + 20 * 60_000 - 60_000);
      expect(Date.parse(row.ready_at)).toBeGreaterThan(Date.parse(ticket.readyAt));
      expect(await kitchenUnits()).toBe(units);
      const from = new Date(Date.parse(ticket.readyAt) - 15 * 60_000).toISOString();
      const old = (await storedBucketLoads(w.t)).filter(([bucket]) => bucket <= ticket.readyAt && bucket >= from);
      expect(old.every(([, units]) => units >= 0)).toBe(true);
    } finally {
      later = 0;
    }
  });

  test('an expired session cancels the ticket', async () => {
    const { ticket, payment } = await placeOnline(w.bob, 'stripe');
    const [event] = w.stripe.expire(await sessionOf(payment._id));
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await paymentRow(payment._id)).status).toBe('expired');
    expect(await ticketRow(ticket._id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Payment expired' });
  });

  test(
    'Stripe down, answering 500, or slow (10 s): checkout answers 502, charges nothing and frees the lines',
    { timeout: 60_000 },
    async () => {
      for (const fault of ['down', 'error', 'slow'] as const) {
        const before = await kitchenUnits();
        const orderId = await orderFor(w, w.bob);
        if (fault === 'down') await w.stripe.down();
        else w.stripe.faults[fault] = true;
        const started = Date.now();
        try {
          const res = await payOnline(w, w.bob, [orderId], 'stripe');
          expect(res.statusCode, fault).toBe(502);
          expect(res.json().message).toBe('Stripe is not answering right now: nothing was charged, please try again');
          expect(Date.now() - started, fault).toBeLessThan(15_000);
        } finally {
          if (fault === 'down') await w.stripe.up();
          resetFaults();
        }
        const ticket = await w.t.database.db
          .selectFrom('tickets')
          .selectAll()
          .where('user_id', '=', Number(w.bob.userId))
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(ticket, fault).toMatchObject({ status: 'cancelled' });
        expect(await kitchenUnits(), fault).toBe(before);
        const again = await payOnline(w, w.bob, [orderId], 'stripe');
        expect(again.statusCode, fault).toBe(201);
        expect(await onBoard(String(ticket.id))).toBe(false);
      }
    },
  );

  test('the return page while Stripe is down still answers (pending); the webhook then answers 502 so Stripe sends it again', async () => {
    const { payment } = await placeOnline(w.alice, 'stripe');
    const [event] = w.stripe.pay(await sessionOf(payment._id));
    w.stripe.faults.error = true;
    try {
      const page = await readPayment(w.alice, payment._id);
      expect(page.statusCode).toBe(200);
      expect(page.json().data.status).toBe('pending');
      expect((await deliver(event)).statusCode).toBe(502);
    } finally {
      resetFaults();
    }
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await paymentRow(payment._id)).status).toBe('succeeded');
  });
});

describe('bKash tokenized checkout', () => {
  test('create → approve → the callback executes and asks the status; the token is granted once and kept', async () => {
    const grants = w.bkash.calls.get('POST /token/grant') ?? 0;
    const { ticket, payment } = await placeOnline(w.alice, 'bkash', 2, 1);
    const paymentID = (await paymentRow(payment._id)).provider_ref as string;
    expect(payment.redirectUrl).toBe(`${w.bkash.base}/pay/${paymentID}`);
    expect(w.bkash.payments.get(paymentID)).toMatchObject({
      amount: ticket.total.toFixed(2),
      currency: 'BDT',
      callbackURL: `${w.t.config.publicUrl}/payments/${payment._id}`,
    });
    // The guest comes back saying success before approving: bKash has nothing completed, so it waits.
    const early = await readPayment(w.alice, payment._id, `?paymentID=${paymentID}&status=success`);
    expect(early.json().data.status).toBe('pending');
    w.bkash.approve(paymentID);
    const done = await readPayment(w.alice, payment._id, `?paymentID=${paymentID}&status=success`);
    expect(done.json().data).toMatchObject({ status: 'succeeded', amount: ticket.total, currency: 'BDT' });
    expect(w.bkash.payments.get(paymentID)?.state).toBe('Completed');
    expect(await ticketRow(ticket._id)).toMatchObject({ status: 'received', payment: 'paid', pay_method: 'bkash' });
    expect(await paymentRow(payment._id)).toMatchObject({ capture_ref: w.bkash.payments.get(paymentID)?.trxID });
    expect((w.bkash.calls.get('POST /token/grant') ?? 0) - grants).toBeLessThanOrEqual(1);
  });

  test('success answered twice and the callback opened again: paid once', async () => {
    w.bkash.faults.successTwice = true;
    try {
      const { ticket, payment } = await placeOnline(w.bob, 'bkash');
      const paymentID = (await paymentRow(payment._id)).provider_ref as string;
      w.bkash.approve(paymentID);
      const both = await Promise.all([
        readPayment(w.bob, payment._id, '?status=success'),
        readPayment(w.bob, payment._id, '?status=success'),
      ]);
      expect(both.map((r) => r.json().data.status)).toEqual(['succeeded', 'succeeded']);
      expect((await readPayment(w.bob, payment._id)).json().data.status).toBe('succeeded');
      expect(await ticketRow(ticket._id)).toMatchObject({ status: 'received' });
    } finally {
      resetFaults();
    }
  });

  test('cancelled at bKash: failed, the ticket cancelled; another currency reported: failed', async () => {
    const cancelled = await placeOnline(w.bob, 'bkash');
    const paymentID = (await paymentRow(cancelled.payment._id)).provider_ref as string;
    w.bkash.cancel(paymentID);
    expect((await readPayment(w.bob, cancelled.payment._id, '?status=cancel')).json().data.status).toBe('failed');
    expect((await ticketRow(cancelled.ticket._id)).status).toBe('cancelled');

    w.bkash.faults.otherCurrency = 'USD';
    try {
      const mismatched = await placeOnline(w.bob, 'bkash');
      w.bkash.approve((await paymentRow(mismatched.payment._id)).provider_ref as string);
      expect((await readPayment(w.bob, mismatched.payment._id, '?status=success')).json().data.status).toBe('failed');
      expect((await ticketRow(mismatched.ticket._id)).status).toBe('cancelled');
    } finally {
      resetFaults();
    }
  });

  test('a token bKash no longer takes is granted again; an expiring one is refreshed', async () => {
    w.bkash.revokeTokens();
    const { payment } = await placeOnline(w.alice, 'bkash');
    expect(payment.redirectUrl).toContain('/pay/');
    w.bkash.setTokenSeconds(61);
    w.bkash.revokeTokens();
    await placeOnline(w.alice, 'bkash');
    const refreshes = w.bkash.calls.get('POST /token/refresh') ?? 0;
    later += 1_100;
    await placeOnline(w.alice, 'bkash');
    expect(w.bkash.calls.get('POST /token/refresh') ?? 0).toBe(refreshes + 1);
    w.bkash.setTokenSeconds(3600);
  });

  test('bKash down or slow at checkout: 502 and nothing held', { timeout: 40_000 }, async () => {
    await w.bkash.down();
    try {
      const orderId = await orderFor(w, w.bob);
      expect((await payOnline(w, w.bob, [orderId], 'bkash')).statusCode).toBe(502);
    } finally {
      await w.bkash.up();
    }
    w.bkash.faults.slow = true;
    try {
      const orderId = await orderFor(w, w.bob);
      const res = await payOnline(w, w.bob, [orderId], 'bkash');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('bKash is not answering right now: nothing was charged, please try again');
    } finally {
      resetFaults();
    }
  });
});

describe('who may see and refund a payment', () => {
  test('the payer and staff read it; another guest gets 404, no token 401', async () => {
    const { payment } = await placeOnline(w.alice, 'stripe');
    expect((await readPayment(w.alice, payment._id)).statusCode).toBe(200);
    expect((await readPayment(w.staff, payment._id)).statusCode).toBe(200);
    expect((await readPayment(w.bob, payment._id)).statusCode).toBe(404);
    expect((await call(w.t, 'GET', `/api/v1/payments/${payment._id}`)).statusCode).toBe(401);
    expect((await readPayment(w.alice, '999999')).statusCode).toBe(404);
    expect((await readPayment(w.alice, 'abc')).statusCode).toBe(400);
  });

  test('refunds: admin only, part then the rest, never more than paid, one per key however often repeated', async () => {
    const { payment, ticket } = await placeOnline(w.alice, 'stripe', 0, 3);
    w.stripe.pay(await sessionOf(payment._id));
    await readPayment(w.alice, payment._id);
    const url = `/api/v1/payments/${payment._id}/refund`;
    expect((await call(w.t, 'POST', url, undefined, { reason: 'x' })).statusCode).toBe(401);
    expect((await call(w.t, 'POST', url, w.alice, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(w.t, 'POST', url, w.staff, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(w.t, 'POST', url, w.admin, { amount: 1 })).statusCode).toBe(400);
    expect((await call(w.t, 'POST', url, w.admin, { amount: 1.001, reason: 'x' })).statusCode).toBe(400);
    const part = { amount: 1.5, reason: 'Cold fries', key: 'refund-cold-fries-1' };
    const repeated = await Promise.all([
      call(w.t, 'POST', url, w.admin, part),
      call(w.t, 'POST', url, w.admin, part),
      call(w.t, 'POST', url, w.admin, part),
    ]);
    expect(repeated.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(repeated[2]?.json().data).toMatchObject({ status: 'partially_refunded', refunded: 1.5 });
    const intent = (await paymentRow(payment._id)).capture_ref as string;
    expect(w.stripe.refundedOn(intent)).toBe(150);
    const tooMuch = await call(w.t, 'POST', url, w.admin, { amount: ticket.total, reason: 'All of it' });
    expect(tooMuch.statusCode).toBe(409);
    // In the payment's currency (this world's restaurant takes taka); Intl puts a no-break space after the code.
    expect(tooMuch.json().message).toBe(`At most BDT\u00a0${(ticket.total - 1.5).toFixed(2)} can be refunded`);
    const rest = await call(w.t, 'POST', url, w.admin, { reason: 'All the rest' });
    expect(rest.json().data).toMatchObject({ status: 'refunded', refunded: ticket.total });
    expect(w.stripe.refundedOn(intent)).toBe(Math.round(ticket.total * 100));
    expect((await call(w.t, 'POST', url, w.admin, { amount: 0.01, reason: 'more' })).statusCode).toBe(409);
  });

  test('a refund Stripe cannot take now is kept and sent once it answers, once', async () => {
    const { payment } = await placeOnline(w.bob, 'stripe');
    w.stripe.pay(await sessionOf(payment._id));
    await readPayment(w.bob, payment._id);
    w.stripe.faults.error = true;
    let answer;
    try {
      answer = await call(w.t, 'POST', `/api/v1/payments/${payment._id}/refund`, w.admin, {
        amount: 1,
        reason: 'Late',
        key: 'late-order-refund',
      });
    } finally {
      resetFaults();
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.status).toBe('succeeded');
    const refund = await w.t.database.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('key', '=', `admin-${payment._id}-late-order-refund`)
      .executeTakeFirstOrThrow();
    expect(refund.status).toBe('pending');
    // The same request again sends it (the same Idempotency-Key), once.
    const again = await call(w.t, 'POST', `/api/v1/payments/${payment._id}/refund`, w.admin, {
      amount: 1,
      reason: 'Late',
      key: 'late-order-refund',
    });
    expect(again.json().data).toMatchObject({ status: 'partially_refunded', refunded: 1 });
    expect(w.stripe.refundedOn((await paymentRow(payment._id)).capture_ref as string)).toBe(100);
  });

  test('cancelling a ticket paid online on the board refunds it in full, once (Stripe and bKash)', async () => {
    for (const provider of ['stripe', 'bkash'] as const) {
      const { payment, ticket } = await placeOnline(w.alice, provider);
      const ref = (await paymentRow(payment._id)).provider_ref as string;
      if (provider === 'stripe') w.stripe.pay(ref);
      else w.bkash.approve(ref);
      expect((await readPayment(w.alice, payment._id, '?status=success')).json().data.status).toBe('succeeded');
      const cancel = await call(w.t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, w.staff, {
        status: 'cancelled',
        reason: 'Out of fish',
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(
        (
          await call(w.t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, w.staff, {
            status: 'cancelled',
            reason: 'Again',
          })
        ).statusCode,
      ).toBe(409);
      expect(await paymentRow(payment._id)).toMatchObject({
        status: 'refunded',
        refunded: Math.round(ticket.total * 100),
      });
      const atProvider =
        provider === 'stripe'
          ? w.stripe.refundedOn((await paymentRow(payment._id)).capture_ref as string)
          : (w.bkash.payments.get(ref)?.refunded ?? 0);
      expect(atProvider, provider).toBe(Math.round(ticket.total * 100));
    }
  });
});

describe('pending payments asked again', () => {
  test(
    'a payment nobody came back for is settled by the scheduler, with a lease so one server asks',
    { timeout: 30_000 },
    async () => {
      const { createTestApp } = await import('../../support/test-app.ts');
      const { paymentsEnv } = await import('../../support/payments-world.ts');
      // A second app on its own database, with the scheduler on and minutes made milliseconds.
      const app = await createTestApp(paymentsEnv(w.stripe, w.bkash), {
        paymentTiming: { recheckAfterMs: 300, recheckEveryMs: 200 },
      });
      try {
        const { createAdmin, createAccount } = await import('../../support/factories.ts');
        const admin = await createAdmin(app.app, app.database, { email: `sched-admin-${Date.now()}@example.com` });
        await call(app, 'PATCH', '/api/v1/restaurant', admin, {
          currency: 'BDT',
          timeZone: 'UTC',
          openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        });
        const guest = await createAccount(app.app, { name: 'Carol' });
        const dish = (await call(app, 'GET', '/api/v1/allProductsData')).json().data[0];
        const order = await call(app, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, guest, {
          orderId: dish._id,
          orderQuantity: 1,
          userGmail: guest.email,
          status: 'Conform',
        });
        const placed = await call(app, 'POST', '/api/v1/checkout', guest, {
          orderIds: [order.json().data.orderMainId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { provider: 'stripe' },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const id = Number(placed.json().payment._id);
        const row = await app.database.db
          .selectFrom('payments')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        w.stripe.pay(row.provider_ref as string);
        const deadline = Date.now() + 10_000;
        let status = row.status;
        while (status === 'pending' && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          status = (
            await app.database.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()
          ).status;
        }
        expect(status).toBe('succeeded');
        const lease = await app.database.db.selectFrom('scheduler_leases').selectAll().execute();
        expect(lease.map((l) => l.name)).toEqual(['payments']);
      } finally {
        await app.close();
      }
    },
  );
});

describe('counts', () => {
  test('tried, succeeded, refunded; lost or doubled: none', async () => {
    const db = w.t.database.db;
    const rows = await db.selectFrom('payments').selectAll().execute();
    const succeeded = rows.filter((r) => ['succeeded', 'partially_refunded', 'refunded'].includes(r.status));
    const refunds = await db.selectFrom('payment_refunds').selectAll().where('status', '=', 'succeeded').execute();
    let lost = 0;
    let doubled = 0;
    for (const row of rows) {
      // What the provider says happened, against what we wrote.
      const paidThere =
        row.provider === 'stripe'
          ? w.stripe.sessions.get(row.provider_ref ?? '')?.payment_status === 'paid'
          : w.bkash.payments.get(row.provider_ref ?? '')?.state === 'Completed';
      const mismatch = row.failure?.includes('reported') ?? false;
      const oursPaid = succeeded.includes(row);
      if (paidThere && !oursPaid && !mismatch) lost++;
      if (!paidThere && oursPaid) doubled++;
      const ticket =
        row.ticket_id === null
          ? undefined
          : await db
              .selectFrom('tickets')
              .select(['status', 'payment'])
              .where('id', '=', row.ticket_id)
              .executeTakeFirst();
      if (oursPaid && ticket?.payment !== 'paid') lost++;
      if (!oursPaid && ticket?.payment === 'paid') doubled++;
      // Refunds: what the provider refunded equals what we counted as refunded.
      const oursRefunded = refunds.filter((r) => r.payment_id === row.id).reduce((s, r) => s + Number(r.amount), 0);
      const theirs =
        row.provider === 'stripe'
          ? row.capture_ref
            ? w.stripe.refundedOn(row.capture_ref)
            : 0
          : (w.bkash.payments.get(row.provider_ref ?? '')?.refunded ?? 0);
      if (theirs > oursRefunded) doubled++;
      if (theirs < oursRefunded) lost++;
    }
    // Each ticket paid by at most one payment.
    const perTicket = new Map<number, number>();
    for (const row of succeeded)
      if (row.ticket_id !== null) perTicket.set(row.ticket_id, (perTicket.get(row.ticket_id) ?? 0) + 1);
    doubled += [...perTicket.values()].filter((n) => n > 1).length;
    console.log(
      `payments: tried ${rows.length}, succeeded ${succeeded.length}, refunded ${refunds.length} (${refunds.reduce((s, r) => s + Number(r.amount), 0) / 100} BDT), lost ${lost}, doubled ${doubled}`,
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(succeeded.length).toBeGreaterThan(5);
    expect(lost).toBe(0);
    expect(doubled).toBe(0);
  });
});
