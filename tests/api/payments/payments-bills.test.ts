import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Payment } from '../../../src/shared/contract/payments.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount, createAdmin, orderDish } from '../../support/factories.ts';
import {
  billOf,
  deliverStripe,
  openEveryWay,
  orderFor,
  paymentRow as paymentRowOf,
  type PaymentsWorld,
  payOnline,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { allDayKitchen, call } from '../../support/records.ts';

/**
 * Online payments on bills (docs/reference/ordering.md "The bill": "An online payment's `succeeded` counts the
 * same way"; "Payments": `POST /api/v1/payments`; decision 031, addendum), on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL, the real `stripe` library talking to a local server that answers
 * as Stripe does. A checkout paid by Stripe pays its bill once, with one receipt number, however
 * often the webhook and the return page repeat; refunds show on the bill and in the day report;
 * a bill's guest or staff pay its due online; of two payments racing for one due, the first to
 * succeed counts and the other is refunded whole.
 */
let w: PaymentsWorld;
let tableIds: string[] = [];
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  w = await startPaymentsWorld();
  tableIds = await openEveryWay(w);
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const deliver = (event: unknown) => deliverStripe(w, event);
const paymentRow = (id: string | number) => paymentRowOf(w, id);
const sessionOf = async (paymentId: string) => (await paymentRow(paymentId)).provider_ref as string;
const ticketRow = (id: string) =>
  w.t.database.db.selectFrom('tickets').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
const readPayment = async (who: TestAccount, id: string, query = '') => {
  const res = await call(w.t, 'GET', `/api/v1/payments/${id}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Payment;
};
const getBill = (who: TestAccount, id: string) => billOf(w, id, who);
async function dayReport() {
  const res = await call(w.t, 'GET', `/api/v1/reports/day?date=${today()}`, w.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    refunds: number;
    payments: { method: string; count: number; amount: number }[];
    tips: number;
    bills: number;
  };
}
const receiptCounter = async () =>
  Number(
    (await w.t.database.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow()).last_number,
  );
const billPaymentsOf = (billId: string) =>
  w.t.database.db.selectFrom('bill_payments').selectAll().where('bill_id', '=', Number(billId)).orderBy('id').execute();

/** A Stripe checkout of one dish by `who`, paid at Stripe; its ticket, payment and the events Stripe sends. */
async function paidCheckout(who: TestAccount, quantity = 1) {
  const orderId = await orderFor(w, who, 0, quantity);
  const res = await payOnline(w, who, [orderId], 'stripe');
  expect(res.statusCode, res.body).toBe(201);
  const { data: ticket, payment } = res.json() as { data: Ticket; payment: { _id: string; redirectUrl: string } };
  const events = w.stripe.pay(await sessionOf(payment._id));
  return { ticket, payment, events };
}

/** A dine-in ticket at a table, to be paid at the table (cash); its bill id. */
async function tableTicket(who: TestAccount, table: string, quantity = 2): Promise<{ ticket: Ticket; billId: string }> {
  const line = await orderDish(w.t.app, who, w.dishes[0]?._id as string, quantity);
  const res = await call(w.t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'dine_in',
    tableId: table,
    when: 'asap',
    pay: { Method: 'cash' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const ticket = res.json().data as Ticket;
  expect(ticket.billId).toBeDefined();
  return { ticket, billId: ticket.billId as string };
}

const payBill = (who: TestAccount | undefined, body: Record<string, unknown>) =>
  call(w.t, 'POST', '/api/v1/payments', who, body);

describe('a checkout paid online pays its bill', () => {
  test('Stripe checkout paid: its bill is paid with a receipt number, once, with the webhook replayed and the return page read twice', async () => {
    const counter = await receiptCounter();
    const { ticket, payment, events } = await paidCheckout(w.alice, 2);
    // The payment was written with its ticket's bill.
    expect(String((await paymentRow(payment._id)).bill_id)).toBe(ticket.billId);
    expect((await getBill(w.alice, ticket.billId as string)).status).toBe('open');

    for (const event of [...events, ...events]) expect((await deliver(event)).statusCode).toBe(200);
    const session = await sessionOf(payment._id);
    expect((await readPayment(w.alice, payment._id, `?session_id=${session}`)).status).toBe('succeeded');
    expect(await readPayment(w.alice, payment._id, `?session_id=${session}`)).toMatchObject({
      status: 'succeeded',
      counted: true,
    });

    const bill = await getBill(w.alice, ticket.billId as string);
    expect(bill).toMatchObject({ status: 'paid', due: 0, paid: ticket.total, receiptNumber: counter + 1 });
    expect(bill.payments).toEqual([
      expect.objectContaining({
        method: 'card',
        provider: 'stripe',
        amount: ticket.total,
        tip: 0,
        status: 'succeeded',
        paymentId: payment._id,
      }),
    ]);
    expect(await receiptCounter()).toBe(counter + 1);
    expect(
      (await billPaymentsOf(ticket.billId as string)).filter((p) => p.payment_id === Number(payment._id)),
    ).toHaveLength(1);
    expect(await ticketRow(ticket._id)).toMatchObject({ status: 'received', payment: 'paid' });
  });

  test('a refund shows on the bill payment and in the day report: an admin part refund, then a board cancel refunding in full', async () => {
    const before = await dayReport();
    const { ticket, payment, events } = await paidCheckout(w.bob, 3);
    expect((await deliver(events[0])).statusCode).toBe(200);
    expect((await getBill(w.bob, ticket.billId as string)).status).toBe('paid');

    // Part of it, twice with the same key: refunded once.
    for (let i = 0; i < 2; i++) {
      const part = await call(w.t, 'POST', `/api/v1/payments/${payment._id}/refund`, w.admin, {
        amount: 1.5,
        reason: 'Cold fries',
        key: `part-${payment._id}-1`,
      });
      expect(part.statusCode, part.body).toBe(200);
    }
    let bill = await getBill(w.bob, ticket.billId as string);
    expect(bill.payments[0]).toMatchObject({ paymentId: payment._id, refunded: 1.5 });
    expect(bill).toMatchObject({ status: 'paid', paid: ticket.total, due: 0 });
    let after = await dayReport();
    expect(Math.round((after.refunds - before.refunds) * 100)).toBe(150);
    // The receipt shows it under the payment.
    expect((await call(w.t, 'GET', `/api/v1/bills/${ticket.billId}/receipt`, w.bob)).body).toMatch(
      /Refunded<\/td><td class="num">−BDT\s1\.50/,
    );

    // Cancelled on the board: the rest is refunded.
    const cancel = await call(w.t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, w.staff, {
      status: 'cancelled',
      reason: 'Out of fish',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await paymentRow(payment._id)).status).toBe('refunded');
    bill = await getBill(w.staff, ticket.billId as string);
    expect(bill.payments[0]).toMatchObject({ refunded: ticket.total });
    expect(bill.payments[0]?.refundedAt).toBeDefined();
    after = await dayReport();
    expect(Math.round((after.refunds - before.refunds) * 100)).toBe(Math.round(ticket.total * 100));
    expect(w.stripe.refundedOn((await paymentRow(payment._id)).capture_ref as string)).toBe(
      Math.round(ticket.total * 100),
    );
  });

  test('a checkout whose payment fails: its ticket is cancelled and its bill, with nothing else on it, void', async () => {
    const orderId = await orderFor(w, w.alice);
    const res = await payOnline(w, w.alice, [orderId], 'stripe');
    const { data: ticket, payment } = res.json() as { data: Ticket; payment: { _id: string } };
    const [expired] = w.stripe.expire(await sessionOf(payment._id));
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await ticketRow(ticket._id)).status).toBe('cancelled');
    expect((await getBill(w.alice, ticket.billId as string)).status).toBe('void');
  });
});

describe('POST /api/v1/payments: a bill paid online', () => {
  test('who may: no token 401, another guest 404, the bill guest, staff and admin 201; bad bodies 400; a repeated key 200, another body 409', async () => {
    const { billId } = await tableTicket(w.alice, tableIds[0] as string);
    const bill = await getBill(w.alice, billId);
    const body = (key: string, extra: Record<string, unknown> = {}) => ({ billId, provider: 'stripe', key, ...extra });

    expect((await payBill(undefined, body('anon-key-1'))).statusCode).toBe(401);
    const stranger = await payBill(w.bob, body('bob-key-001'));
    expect(stranger.statusCode).toBe(404);
    expect((await payBill(w.alice, body('alice-key-x', { billId: '999999' }))).statusCode).toBe(404);
    for (const bad of [
      { billId, provider: 'paypal', key: 'bad-key-01' },
      { billId, provider: 'stripe' },
      { billId: 'x', provider: 'stripe', key: 'bad-key-02' },
      { billId, provider: 'stripe', key: 'short' },
      { billId, provider: 'stripe', key: 'bad-key-03', tip: -1 },
      { billId, provider: 'stripe', key: 'bad-key-04', extra: 1 },
      { billId, provider: 'demo', key: 'bad-key-05' },
    ]) {
      const res = await payBill(w.alice, bad);
      expect([JSON.stringify(bad), res.statusCode]).toEqual([JSON.stringify(bad), 400]);
    }
    expect(
      await w.t.database.db.selectFrom('payments').select('id').where('bill_id', '=', Number(billId)).execute(),
    ).toEqual([]);

    const created = await payBill(w.alice, body('alice-key-001', { tip: 2 }));
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data as Payment;
    expect(payment).toMatchObject({
      status: 'pending',
      amount: Math.round((bill.due + 2) * 100) / 100,
      currency: 'BDT',
      billId,
    });
    const session = w.stripe.sessions.get(await sessionOf(payment._id));
    expect(payment.redirectUrl).toBe(session?.url);
    expect(session?.amount_total).toBe(Math.round((bill.due + 2) * 100));

    const again = await payBill(w.alice, body('alice-key-001', { tip: 2 }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(payment._id);
    const other = await payBill(w.alice, body('alice-key-001', { tip: 3 }));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This key was already used for another payment');
    // Keys are each caller's own: Bob's same key is his, and he is not on this bill.
    expect((await payBill(w.bob, body('alice-key-001', { tip: 2 }))).statusCode).toBe(404);

    for (const who of [w.staff, w.admin]) {
      const res = await payBill(who, body(`till-key-${who.userId}`));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'pending', amount: bill.due });
      // Staff may read the payment they made.
      expect((await readPayment(who, res.json().data._id)).status).toBe('pending');
    }
    expect((await call(w.t, 'GET', `/api/v1/payments/${payment._id}`, w.bob)).statusCode).toBe(404);
    // A payment staff made for this bill is followed by the bill's guest too (its page handed over), not by others.
    const byStaff = (await payBill(w.staff, body(`till-key-${w.staff.userId}`))).json().data as Payment;
    expect((await readPayment(w.alice, byStaff._id)).billId).toBe(billId);
    expect((await call(w.t, 'GET', `/api/v1/payments/${byStaff._id}`, w.bob)).statusCode).toBe(404);
    expect((await call(w.t, 'GET', `/api/v1/payments/${byStaff._id}`)).statusCode).toBe(401);
  });

  test('a guest pays a dine-in table bill by Stripe: the bill is paid with its tip and a receipt number; then nothing is due (409)', async () => {
    const { ticket, billId } = await tableTicket(w.alice, tableIds[1] as string, 3);
    const before = await getBill(w.alice, billId);
    expect(before.serviceCharge).toBeGreaterThan(0);
    const counter = await receiptCounter();
    const res = await payBill(w.alice, { billId, provider: 'stripe', tip: 5, key: `table-${billId}-1` });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().data as Payment;
    const session = await sessionOf(payment._id);
    // Back from Stripe before paying: still waiting, the bill still due.
    expect((await readPayment(w.alice, payment._id, `?session_id=${session}`)).status).toBe('pending');
    expect((await getBill(w.alice, billId)).due).toBe(before.due);

    const events = w.stripe.pay(session);
    expect((await readPayment(w.alice, payment._id, `?session_id=${session}`)).status).toBe('succeeded');
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    const bill = await getBill(w.alice, billId);
    expect(bill).toMatchObject({ status: 'paid', due: 0, paid: before.due, tips: 5, receiptNumber: counter + 1 });
    expect(bill.payments).toEqual([
      expect.objectContaining({
        method: 'card',
        provider: 'stripe',
        amount: before.due,
        tip: 5,
        paymentId: payment._id,
      }),
    ]);
    expect((await ticketRow(ticket._id)).payment).toBe('paid');
    const receipt = await call(w.t, 'GET', `/api/v1/bills/${billId}/receipt`, w.alice);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain(String(counter + 1));

    const nothing = await payBill(w.alice, { billId, provider: 'stripe', key: `table-${billId}-2` });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Nothing is due on this bill');
  });

  test('two payments racing for one due: the first to succeed pays the bill, the other is refunded whole; the bill is paid once', async () => {
    const { billId } = await tableTicket(w.bob, tableIds[2] as string, 2);
    const due = (await getBill(w.bob, billId)).due;
    const counter = await receiptCounter();
    const a = (await payBill(w.bob, { billId, provider: 'stripe', key: `race-${billId}-a` })).json().data as Payment;
    const b = (await payBill(w.staff, { billId, provider: 'stripe', tip: 1, key: `race-${billId}-b` })).json()
      .data as Payment;
    expect([a.amount, b.amount]).toEqual([due, Math.round((due + 1) * 100) / 100]);
    const eventsA = w.stripe.pay(await sessionOf(a._id));
    const eventsB = w.stripe.pay(await sessionOf(b._id));
    // Both succeed at Stripe; the return pages and the webhooks all arrive at once.
    const settled = await Promise.all([
      readPayment(w.bob, a._id),
      readPayment(w.staff, b._id),
      ...[...eventsA, ...eventsB].map((e) => deliver(e)),
    ]);
    expect(settled.slice(2).every((r) => (r as { statusCode: number }).statusCode === 200)).toBe(true);

    const rows = [await paymentRow(a._id), await paymentRow(b._id)];
    const statuses = rows.map((r) => r.status).sort();
    expect(statuses).toEqual(['refunded', 'succeeded']);
    const loser = rows.find((r) => r.status === 'refunded') as (typeof rows)[number];
    const winner = rows.find((r) => r.status === 'succeeded') as (typeof rows)[number];
    expect(Number(loser.refunded)).toBe(Number(loser.amount));
    expect(w.stripe.refundedOn(loser.capture_ref as string)).toBe(Number(loser.amount));
    expect(w.stripe.refundedOn(winner.capture_ref as string)).toBe(0);

    const bill = await getBill(w.bob, billId);
    expect(bill).toMatchObject({ status: 'paid', due: 0, paid: due, receiptNumber: counter + 1 });
    expect(bill.payments).toHaveLength(1);
    expect(bill.payments[0]?.paymentId).toBe(String(winner.id));
    expect(await receiptCounter()).toBe(counter + 1);

    // The payment's answer tells them apart: the winner counted on the bill, the other did not and was refunded in full.
    const byId = { [a._id]: w.bob, [b._id]: w.staff };
    const winnerAnswer = await readPayment(byId[String(winner.id)] as TestAccount, String(winner.id));
    const loserAnswer = await readPayment(byId[String(loser.id)] as TestAccount, String(loser.id));
    expect(winnerAnswer).toMatchObject({ status: 'succeeded', counted: true, refunded: 0 });
    expect(loserAnswer).toMatchObject({ status: 'refunded', counted: false, refunded: loserAnswer.amount });
    // Staff read the guest's payment the same way.
    expect(await readPayment(w.staff, String(winner.id))).toMatchObject({ counted: true });
  });

  test('a payment arriving after staff took the due in cash is refunded whole; the bill keeps the cash', async () => {
    const { billId } = await tableTicket(w.alice, tableIds[3] as string, 1);
    const due = (await getBill(w.alice, billId)).due;
    const online = (await payBill(w.alice, { billId, provider: 'stripe', key: `late-${billId}-1` })).json()
      .data as Payment;
    // Pending: nothing is said yet about counting.
    expect(online.counted).toBeUndefined();
    const cash = await call(w.t, 'POST', `/api/v1/bills/${billId}/payments`, w.staff, {
      method: 'cash',
      amount: due,
      key: `cash-${billId}-1`,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const events = w.stripe.pay(await sessionOf(online._id));
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    expect((await paymentRow(online._id)).status).toBe('refunded');
    // Its page must not read as a payment that paid the bill: it did not count and came back whole.
    expect(await readPayment(w.alice, online._id)).toMatchObject({
      status: 'refunded',
      counted: false,
      refunded: due,
      billId,
    });
    // Its repeated create (same key and body) answers the same.
    const again = await payBill(w.alice, { billId, provider: 'stripe', key: `late-${billId}-1` });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ _id: online._id, counted: false });
    const bill = await getBill(w.alice, billId);
    expect(bill.payments.map((p) => p.method)).toEqual(['cash']);
    expect(bill).toMatchObject({ status: 'paid', paid: due });
  });

  test('a table bill paid by bKash counts as method bkash; an admin refund of it shows on the bill', async () => {
    const { billId } = await tableTicket(w.alice, tableIds[4] as string, 1);
    const due = (await getBill(w.alice, billId)).due;
    const res = await payBill(w.alice, { billId, provider: 'bkash', key: `bkash-${billId}-1` });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().data as Payment;
    const paymentID = await sessionOf(payment._id);
    expect(payment.redirectUrl).toBe(`${w.bkash.base}/pay/${paymentID}`);
    w.bkash.approve(paymentID);
    expect((await readPayment(w.alice, payment._id, `?paymentID=${paymentID}&status=success`)).status).toBe(
      'succeeded',
    );
    let bill = await getBill(w.alice, billId);
    expect(bill).toMatchObject({ status: 'paid', paid: due });
    expect(bill.payments).toEqual([
      expect.objectContaining({ method: 'bkash', provider: 'bkash', amount: due, paymentId: payment._id }),
    ]);
    const refund = await call(w.t, 'POST', `/api/v1/payments/${payment._id}/refund`, w.admin, {
      reason: 'Wrong table',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    bill = await getBill(w.alice, billId);
    expect(bill.payments[0]).toMatchObject({ refunded: due });
    // Staff and guests cannot refund.
    expect(
      (await call(w.t, 'POST', `/api/v1/payments/${payment._id}/refund`, w.staff, { reason: 'x' })).statusCode,
    ).toBe(403);
  });

  test(
    'creating a bill payment with Stripe answering at once: p50 and p95 printed, p50 at most 50 ms',
    { timeout: 60_000 },
    async () => {
      const { billId } = await tableTicket(w.bob, tableIds[5] as string, 1);
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        const res = await payBill(w.bob, { billId, provider: 'stripe', key: `timing-${billId}-${i}` });
        times.push(performance.now() - started);
        expect(res.statusCode).toBe(201);
      }
      times.sort((x, y) => x - y);
      const p50 = times[Math.floor(times.length * 0.5)] as number;
      const p95 = times[Math.ceil(times.length * 0.95) - 1] as number;
      console.log(
        `POST /api/v1/payments (40, Stripe answering at once): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
      );
      // The machine is shared: p95 is printed, p50 held.
      expect(p50).toBeLessThanOrEqual(50);
    },
  );

  test(
    'a provider not set up is refused with 400 "Payments by stripe are not set up"',
    { timeout: 60_000 },
    async () => {
      const { createTestApp } = await import('../../support/test-app.ts');
      const bare = await createTestApp();
      try {
        const owner = await createAdmin(bare.app, bare.database, { email: `bare-admin-${Date.now()}@example.com` });
        expect((await call(bare, 'PATCH', '/api/v1/restaurant', owner, allDayKitchen(60))).statusCode).toBe(200);
        const guest = await createAccount(bare.app, { name: 'Dora' });
        const dish = (await call(bare, 'GET', '/api/v1/allProductsData')).json().data[0];
        const line = await orderDish(bare.app, guest, dish._id, 1);
        const placed = await call(bare, 'POST', '/api/v1/checkout', guest, {
          orderIds: [line.orderMainId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { Method: 'cash' },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const res = await call(bare, 'POST', '/api/v1/payments', guest, {
          billId: placed.json().data.billId,
          provider: 'stripe',
          key: 'bare-key-01',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Payments by stripe are not set up');
        expect(await bare.database.db.selectFrom('payments').select('id').execute()).toEqual([]);
      } finally {
        await bare.close();
      }
    },
  );
});
