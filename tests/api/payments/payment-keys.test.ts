import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount, createAdmin, orderDish } from '../../support/factories.ts';
import {
  openEveryWay,
  orderFor,
  type PaymentsWorld,
  payOnline,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { allDayKitchen, call } from '../../support/records.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Issue 44 point 8 and the first half of 11 (docs/reference/ordering.md "Money that agrees on every screen"),
 * on SQLite and (with TEST_DATABASE_URL) PostgreSQL, the real `stripe` library talking to a local
 * server that answers as Stripe does: a key is bound to what it did (a bill-payment key sent for
 * another bill, a refund key sent with another amount: 409, nothing changes, also when the
 * requests race over HTTP); the keys sent to Stripe carry the install's own id, so two installs
 * on one Stripe account never collide; a webhook event delivered ten times at once is processed
 * once, Stripe asked once, the others told `duplicate: true`.
 */
let w: PaymentsWorld;
let base: string;
let tableIds: string[] = [];
const DEPOSIT_SETTINGS = {
  reservations: { deposit: { fromPartySize: 6, perCover: 10, refundableUntilMinutes: 60 }, horizonDays: 60 },
};

beforeAll(async () => {
  w = await startPaymentsWorld();
  tableIds = await openEveryWay(w, { ...DEPOSIT_SETTINGS });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(w.t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const post = (who: TestAccount, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const billPayments = (billId: string) =>
  w.t.database.db.selectFrom('bill_payments').selectAll().where('bill_id', '=', Number(billId)).execute();
const installOf = async (t: TestApp) =>
  (await t.database.db.selectFrom('install').select('install_id').executeTakeFirstOrThrow()).install_id;

/** A dine-in ticket at a table, left to pay at the table; its bill id. */
async function tableBill(who: TestAccount, table: string): Promise<string> {
  const line = await orderDish(w.t.app, who, w.dishes[0]?._id as string, 2);
  const res = await call(w.t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'dine_in',
    tableId: table,
    when: 'asap',
    pay: { Method: 'cash' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as Ticket).billId as string;
}

/** A Stripe checkout of one dish by `who`, paid and told by its webhook: its payment id and the events Stripe sent. */
async function paidCheckout(who: TestAccount) {
  const res = await payOnline(w, who, [await orderFor(w, who)], 'stripe');
  expect(res.statusCode, res.body).toBe(201);
  const paymentId = (res.json() as { payment: { _id: string } }).payment._id;
  const session = (
    await w.t.database.db
      .selectFrom('payments')
      .select('provider_ref')
      .where('id', '=', Number(paymentId))
      .executeTakeFirstOrThrow()
  ).provider_ref as string;
  const events = w.stripe.pay(session);
  return { paymentId, session, events };
}

describe('keys sent to the provider carry the install id', () => {
  test('two installs on one Stripe account book the deposit of their reservation 1: two sessions, two keys, each with its own install id', async () => {
    // A second restaurant, its own database, on the same Stripe account (the same fake Stripe).
    const other = await createTestApp(w.env, { paymentScheduler: false });
    try {
      const admin = await createAdmin(other.app, other.database, { email: `second-admin-${Date.now()}@example.com` });
      const set = await call(other, 'PATCH', '/api/v1/restaurant', admin, {
        ...allDayKitchen(60),
        currency: 'BDT',
        ...DEPOSIT_SETTINGS,
      });
      expect(set.statusCode, set.body).toBe(200);
      const guest = await createAccount(other.app, { name: 'Guest' });
      const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      const booking = {
        date,
        time: '19:00',
        partySize: 6,
        name: 'Big Party',
        phone: '+880 1711-000000',
        pay: { provider: 'stripe' },
      };
      const first = await call(w.t, 'POST', '/api/v1/reservations', w.alice, booking);
      const second = await call(other, 'POST', '/api/v1/reservations', guest, booking);
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode, second.body).toBe(201);
      // The same reservation number in both: before, both sent `create-deposit-1` to Stripe.
      expect(second.json().data._id).toBe(first.json().data._id);
      const [installA, installB] = [await installOf(w.t), await installOf(other)];
      expect(installA).not.toBe(installB);
      expect(installA).toMatch(/^[0-9a-f-]{36}$/);
      const sessionOf = async (t: TestApp, id: string) =>
        (
          await t.database.db
            .selectFrom('payments')
            .select('provider_ref')
            .where('id', '=', Number(id))
            .executeTakeFirstOrThrow()
        ).provider_ref;
      const [sessionA, sessionB] = [
        await sessionOf(w.t, first.json().payment._id),
        await sessionOf(other, second.json().payment._id),
      ];
      expect(sessionA).not.toBe(sessionB);
      const reservationId = first.json().data._id as string;
      const sent = w.stripe.keys.filter((k) => k.call === 'POST /v1/checkout/sessions').map((k) => k.key);
      expect(sent).toContain(`create-${installA}-deposit-${reservationId}`);
      expect(sent).toContain(`create-${installB}-deposit-${reservationId}`);
      expect(sent).not.toContain(`create-deposit-${reservationId}`);
    } finally {
      await other.close();
    }
  });

  test('every idempotency key this install sends to Stripe carries its id: creates, refunds', async () => {
    const install = await installOf(w.t);
    const from = w.stripe.keys.length;
    const { paymentId, events } = await paidCheckout(w.alice);
    for (const event of events)
      expect((await w.stripe.deliver(`${base}/api/v1/payments/webhooks/stripe`, event)).status).toBe(200);
    const refund = await post(w.admin, `/api/v1/payments/${paymentId}/refund`, {
      amount: 1,
      reason: 'Cold soup',
      key: 'install-refund-1',
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    const sent = w.stripe.keys.slice(from);
    expect(sent.map((k) => k.call)).toEqual(expect.arrayContaining(['POST /v1/checkout/sessions', 'POST /v1/refunds']));
    for (const { key } of sent) expect(key).toContain(install);
  });
});

describe('a key is bound to what it did', () => {
  test('a bill-payment key sent for another bill is 409 and takes nothing; the same again answers the first payment', async () => {
    const [billA, billB] = [
      await tableBill(w.alice, tableIds[0] as string),
      await tableBill(w.bob, tableIds[1] as string),
    ];
    const first = await post(w.staff, `/api/v1/bills/${billA}/payments`, {
      method: 'cash',
      amount: 1,
      key: 'till-key-bound-1',
    });
    expect(first.status, await first.clone().text()).toBe(201);
    const elsewhere = await post(w.staff, `/api/v1/bills/${billB}/payments`, {
      method: 'cash',
      amount: 1,
      key: 'till-key-bound-1',
    });
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).message).toBe('This key was already used for another payment');
    expect(await billPayments(billB)).toEqual([]);
    const again = await post(w.staff, `/api/v1/bills/${billA}/payments`, {
      method: 'cash',
      amount: 1,
      key: 'till-key-bound-1',
    });
    expect(again.status).toBe(200);
    expect(await billPayments(billA)).toHaveLength(1);
  });

  test('one key sent for two bills at once (10 requests over HTTP): one payment is taken, on one bill; the other bill answers 409 every time', async () => {
    const [billA, billB] = [
      await tableBill(w.alice, tableIds[2] as string),
      await tableBill(w.bob, tableIds[3] as string),
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(w.staff, `/api/v1/bills/${i % 2 === 0 ? billA : billB}/payments`, {
          method: 'cash',
          amount: 1,
          key: 'till-key-race-1',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    const taken = [...(await billPayments(billA)), ...(await billPayments(billB))];
    expect(taken).toHaveLength(1);
  });

  test('a refund key sent again with another amount, or for another payment, is 409 and refunds nothing; with the same amount it answers the first refund', async () => {
    const one = await paidCheckout(w.alice);
    const two = await paidCheckout(w.bob);
    for (const event of [...one.events, ...two.events])
      expect((await w.stripe.deliver(`${base}/api/v1/payments/webhooks/stripe`, event)).status).toBe(200);
    const refunds = () => w.stripe.refunds.size;
    const first = await post(w.admin, `/api/v1/payments/${one.paymentId}/refund`, {
      amount: 2,
      reason: 'Late',
      key: 'refund-key-bound-1',
    });
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await first.json()).data.refunded).toBe(2);
    const before = refunds();
    const more = await post(w.admin, `/api/v1/payments/${one.paymentId}/refund`, {
      amount: 3,
      reason: 'Late',
      key: 'refund-key-bound-1',
    });
    expect(more.status).toBe(409);
    expect((await more.json()).message).toBe('This key was already used for another refund');
    const whole = await post(w.admin, `/api/v1/payments/${one.paymentId}/refund`, {
      reason: 'Late',
      key: 'refund-key-bound-1',
    });
    expect(whole.status).toBe(409);
    const elsewhere = await post(w.admin, `/api/v1/payments/${two.paymentId}/refund`, {
      amount: 2,
      reason: 'Late',
      key: 'refund-key-bound-1',
    });
    expect(elsewhere.status).toBe(409);
    const same = await post(w.admin, `/api/v1/payments/${one.paymentId}/refund`, {
      amount: 2,
      reason: 'Late',
      key: 'refund-key-bound-1',
    });
    expect(same.status).toBe(200);
    expect((await same.json()).data.refunded).toBe(2);
    expect(refunds()).toBe(before);
    const row = (id: string) =>
      w.t.database.db.selectFrom('payments').select('refunded').where('id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(Number((await row(one.paymentId)).refunded)).toBe(200);
    expect(Number((await row(two.paymentId)).refunded)).toBe(0);
  });

  test('one refund key with two amounts at once (10 requests over HTTP): one refund, of one amount; the other amount 409 every time', async () => {
    const paid = await paidCheckout(w.alice);
    for (const event of paid.events)
      expect((await w.stripe.deliver(`${base}/api/v1/payments/webhooks/stripe`, event)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(w.admin, `/api/v1/payments/${paid.paymentId}/refund`, {
          amount: i % 2 === 0 ? 1 : 2,
          reason: 'Race',
          key: 'refund-key-race-1',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const rows = await w.t.database.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('payment_id', '=', Number(paid.paymentId))
      .execute();
    expect(rows).toHaveLength(1);
    const payment = await w.t.database.db
      .selectFrom('payments')
      .select('refunded')
      .where('id', '=', Number(paid.paymentId))
      .executeTakeFirstOrThrow();
    expect(Number(payment.refunded)).toBe(Number(rows[0]?.amount));
  });
});

describe('a Stripe event delivered again', () => {
  test('ten deliveries of one event at once: one processes it, nine answer duplicate true, Stripe is asked once, the bill counts it once', async () => {
    const paid = await paidCheckout(w.alice);
    const completed = paid.events.find((e) => e.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed');
    const asked = () => w.stripe.calls.get('GET /v1/checkout/sessions/:id') ?? 0;
    const before = asked();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => w.stripe.deliver(`${base}/api/v1/payments/webhooks/stripe`, completed)),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { duplicate: boolean }[];
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(9);
    expect(asked() - before).toBe(1);
    const payment = await w.t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', Number(paid.paymentId))
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('succeeded');
    expect(
      await w.t.database.db.selectFrom('bill_payments').select('id').where('payment_id', '=', payment.id).execute(),
    ).toHaveLength(1);
    // Later: a duplicate, Stripe not asked.
    const late = await w.stripe.deliver(`${base}/api/v1/payments/webhooks/stripe`, completed);
    expect(await late.json()).toMatchObject({ duplicate: true });
    expect(asked() - before).toBe(1);
  });

  test('an event whose processing failed (Stripe down) is processed when it comes again', async () => {
    const paid = await paidCheckout(w.bob);
    const completed = paid.events.find((e) => e.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed');
    w.stripe.faults.error = true;
    try {
      expect((await w.stripe.deliver(`${base}/api/v1/payments/webhooks/stripe`, completed)).status).toBe(502);
    } finally {
      w.stripe.faults.error = false;
    }
    const again = await w.stripe.deliver(`${base}/api/v1/payments/webhooks/stripe`, completed);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: false });
    const payment = await w.t.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', Number(paid.paymentId))
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('succeeded');
  });
});
