import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Payment } from '../../../src/shared/contract/payments.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount, createAdmin, orderDish } from '../../support/factories.ts';
import { allDayKitchen, call, menu } from '../../support/records.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Issue 44 point 9 (docs/reference/ordering.md "Money that agrees on every screen": "The demo provider works on
 * `POST /api/v1/payments` when no other provider is set up: a guest pays their bill or share
 * online with it like with Stripe"), on SQLite and (with TEST_DATABASE_URL) PostgreSQL, with
 * neither Stripe nor bKash set up: a table guest pays a share and then the rest, each pending,
 * then confirmed on the demo's page (the spec's form: the return address says `success` and the
 * method), counted on the bill by that method; the last one pays the bill. Before, the demo was
 * refused with "provider must be one of: stripe, bkash".
 */
let t: TestApp;
let admin: TestAccount;
let guest: TestAccount;
let other: TestAccount;
let dish: string;
let tableIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database, { email: `demo-admin-${Date.now()}@example.com` });
  const set = await call(t, 'PATCH', '/api/v1/restaurant', admin, {
    ...allDayKitchen(60),
    fulfilment: { pickup: true, delivery: true, dineIn: true, deliveryMinutes: 30, deliveryFee: 3, deliveryMinimum: 0 },
    unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
  });
  if (set.statusCode !== 200) throw new Error(set.body);
  guest = await createAccount(t.app, { name: 'Table Guest' });
  other = await createAccount(t.app, { name: 'Someone Else' });
  dish = (await menu(t))[0]?._id as string;
  tableIds = ((await call(t, 'GET', '/api/v1/tables', admin)).json().data as { _id: string }[]).map((x) => x._id);
}, 60_000);
afterAll(() => t?.close());

async function tableBill(who: TestAccount, table: string, quantity: number): Promise<Bill> {
  const line = await orderDish(t.app, who, dish, quantity);
  const res = await call(t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'dine_in',
    tableId: table,
    when: 'asap',
    pay: { Method: 'cash' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return getBill(who, (res.json().data as Ticket).billId as string);
}
async function getBill(who: TestAccount, id: string): Promise<Bill> {
  const res = await call(t, 'GET', `/api/v1/bills/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Bill;
}
const pay = (who: TestAccount | undefined, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/v1/payments', who, body);

describe('the demo provider on POST /api/v1/payments', () => {
  test('listed when no other provider is set up', async () => {
    const res = await call(t, 'GET', '/api/v1/payments/providers');
    expect(res.json().data).toEqual([{ provider: 'demo' }]);
  });

  test('a table guest pays a share, then the rest: pending, the demo form confirmed, counted by its method; the bill is paid', async () => {
    const bill = await tableBill(guest, tableIds[0] as string, 3);
    const dueMinor = Math.round(bill.due * 100);
    const shareMinor = Math.floor(dueMinor / 3);
    const share = shareMinor / 100;

    const created = await pay(guest, { billId: bill._id, provider: 'demo', amount: share, key: 'demo-share-001' });
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data as Payment;
    expect(payment).toMatchObject({ provider: 'demo', status: 'pending', amount: share, billId: bill._id });
    expect(payment.redirectUrl).toBe(`${t.config.publicUrl}/payments/${payment._id}`);
    // The same key and body: the same payment; the same key for another share: 409.
    expect(
      (await pay(guest, { billId: bill._id, provider: 'demo', amount: share, key: 'demo-share-001' })).statusCode,
    ).toBe(200);
    expect(
      (await pay(guest, { billId: bill._id, provider: 'demo', amount: share + 1, key: 'demo-share-001' })).statusCode,
    ).toBe(409);

    // The guest has not confirmed yet: still pending, nothing counted.
    expect((await call(t, 'GET', `/api/v1/payments/${payment._id}`, guest)).json().data.status).toBe('pending');
    expect((await getBill(guest, bill._id)).due).toBe(bill.due);
    // Somebody else cannot confirm it.
    expect(
      (await call(t, 'GET', `/api/v1/payments/${payment._id}?status=success&method=nagod`, other)).statusCode,
    ).toBe(404);

    const confirmed = await call(t, 'GET', `/api/v1/payments/${payment._id}?status=success&method=nagod`, guest);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'succeeded', counted: true, amount: share });
    const after = await getBill(guest, bill._id);
    expect(Math.round(after.due * 100)).toBe(dueMinor - shareMinor);
    expect(after.status).toBe('open');
    expect(after.payments.at(-1)).toMatchObject({
      method: 'nagad',
      provider: 'demo',
      amount: share,
      status: 'succeeded',
    });

    const rest = await pay(guest, { billId: bill._id, provider: 'demo', key: 'demo-rest-0001' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.amount).toBe(after.due);
    const done = await call(t, 'GET', `/api/v1/payments/${rest.json().data._id}?status=success&method=bkash`, guest);
    expect(done.json().data).toMatchObject({ status: 'succeeded', counted: true });
    const paid = await getBill(guest, bill._id);
    expect(paid).toMatchObject({ status: 'paid', due: 0 });
    expect(paid.receiptNumber).toEqual(expect.any(Number));
    expect(paid.payments.map((p) => p.method)).toEqual(['nagad', 'bkash']);
  });

  test('a share above the due is 409, with three decimals 400; "Do not pay" fails it and nothing is counted', async () => {
    const bill = await tableBill(guest, tableIds[1] as string, 1);
    const above = await pay(guest, {
      billId: bill._id,
      provider: 'demo',
      amount: bill.due + 0.01,
      key: 'demo-above-01',
    });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toMatch(/^The amount is more than the bill's due/);
    expect(
      (await pay(guest, { billId: bill._id, provider: 'demo', amount: 1.005, key: 'demo-cents-01' })).statusCode,
    ).toBe(400);
    const created = await pay(guest, { billId: bill._id, provider: 'demo', amount: 1, key: 'demo-cancel-1' });
    expect(created.statusCode).toBe(201);
    const cancelled = await call(t, 'GET', `/api/v1/payments/${created.json().data._id}?status=cancel`, guest);
    expect(cancelled.json().data.status).toBe('failed');
    expect((await getBill(guest, bill._id)).due).toBe(bill.due);
    expect((await pay(guest, { billId: bill._id, provider: 'stripe', key: 'demo-stripe-1' })).json().message).toBe(
      'Payments by stripe are not set up',
    );
  });
});
