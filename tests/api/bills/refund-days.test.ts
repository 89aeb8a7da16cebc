import { afterAll, beforeAll, expect, test } from 'vitest';
import { localToday } from '../../../src/shared/domain/wall-clock.ts';
import { type PaymentsWorld, orderFor, payOnline, startPaymentsWorld } from '../../support/payments-world.ts';
import { call } from '../../support/records.ts';

/**
 * The day report's `refunds` are "the refunds made that day" (docs/reference/ordering.md "The bill"): two part
 * refunds of one payment made on two days count each on its own day (migration 0015). Before,
 * the bill payment kept one day, the latest, and both counted there. SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL; the real `stripe` library against the local fake.
 */
const DAY = 24 * 60 * 60 * 1000;
let shift = 0;
let w: PaymentsWorld;
let timeZone = 'UTC';

beforeAll(async () => {
  w = await startPaymentsWorld({ clock: () => Date.now() + shift });
  timeZone = (await call(w.t, 'GET', '/api/v1/restaurant')).json().data.timeZone as string;
}, 60_000);
afterAll(async () => {
  await w?.close();
});

async function refundsOn(date: string): Promise<number> {
  const res = await call(w.t, 'GET', `/api/v1/reports/day?date=${date}`, w.admin);
  expect(res.statusCode, res.body).toBe(200);
  return Math.round((res.json().data.refunds as number) * 100);
}

test('two part refunds on two days: each counts on the day it was made', { timeout: 30_000 }, async () => {
  const placed = await payOnline(w, w.alice, [await orderFor(w, w.alice, 0, 3)], 'stripe');
  expect(placed.statusCode, placed.body).toBe(201);
  const { payment } = placed.json() as { payment: { _id: string } };
  const session = (
    await w.t.database.db
      .selectFrom('payments')
      .select('provider_ref')
      .where('id', '=', Number(payment._id))
      .executeTakeFirstOrThrow()
  ).provider_ref as string;
  w.stripe.pay(session);
  const paid = await call(w.t, 'GET', `/api/v1/payments/${payment._id}?session_id=${session}`, w.alice);
  expect(paid.json().data.status).toBe('succeeded');

  const first = localToday(Date.now() + shift, timeZone);
  const before = { first: await refundsOn(first) };
  const one = await call(w.t, 'POST', `/api/v1/payments/${payment._id}/refund`, w.admin, {
    amount: 1.25,
    reason: 'Cold fries',
    key: `day-one-${payment._id}`,
  });
  expect(one.statusCode, one.body).toBe(200);

  shift = DAY;
  const second = localToday(Date.now() + shift, timeZone);
  expect(second).not.toBe(first);
  const secondBefore = await refundsOn(second);
  const two = await call(w.t, 'POST', `/api/v1/payments/${payment._id}/refund`, w.admin, {
    amount: 2,
    reason: 'Late',
    key: `day-two-${payment._id}`,
  });
  expect(two.statusCode, two.body).toBe(200);

  expect((await refundsOn(first)) - before.first).toBe(125);
  expect((await refundsOn(second)) - secondBefore).toBe(200);
  const bill = await w.t.database.db
    .selectFrom('bill_payments')
    .select('refunded')
    .where('payment_id', '=', Number(payment._id))
    .executeTakeFirstOrThrow();
  expect(Number(bill.refunded)).toBe(325);
});
