import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bill, DayReport } from '../../../src/shared/contract/bills.ts';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import type { TestAccount } from '../../support/factories.ts';
import {
  deliverStripe,
  orderFor,
  paymentRow as paymentRowOf,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { call } from '../../support/records.ts';
import { until } from '../../support/until.ts';

/**
 * Kept deposits in the owner's day report (decision 032, addendum): a no-show's deposit and one
 * cancelled after its cut-off are kept by the restaurant, on no bill; the day report and its CSV
 * show them as `depositsKept` on the local day of the no-show or the cancel, net of refunds
 * written since. A deposit refunded by a cancel in time is not kept; a seated party's deposit is
 * a bill payment, counted once, not kept. On SQLite and (with TEST_DATABASE_URL) PostgreSQL,
 * the real `stripe` library talking to a local server that answers as Stripe does; the
 * restaurant's clock (UTC) is the test's.
 */
let w: PaymentsWorld;
const start = Date.now();
let clock = start;
const DAY = 86_400_000;
const dateIn = (days: number) => new Date(start + days * DAY).toISOString().slice(0, 10);
const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);
let n = 0;

beforeAll(async () => {
  w = await startPaymentsWorld({ clock: () => clock, paymentScheduler: true, paymentTiming: { recheckEveryMs: 200 } });
  // Deposits on: 6 or more pay 250.50 a guest (1503.00 for 6), refunded if cancelled a day ahead.
  const set = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
    reservations: { deposit: { fromPartySize: 6, perCover: 250.5, refundableUntilMinutes: 24 * 60 }, horizonDays: 120 },
  });
  if (set.statusCode !== 200) throw new Error(set.body);
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const paymentRow = (id: string | number) => paymentRowOf(w, id);
const deliver = (event: unknown) => deliverStripe(w, event);

/** A party of 6 booked by `who` at 19:00 `2 + n` days ahead with Stripe and paid (the webhook): booked. */
async function paidLarge(who: TestAccount): Promise<{ reservation: Reservation; paymentId: string }> {
  n += 1;
  const res = await call(w.t, 'POST', '/api/v1/reservations', who, {
    date: dateIn(2 + n),
    time: '19:00',
    partySize: 6,
    name: 'Big Party',
    phone: '+880 1711-000000',
    pay: { provider: 'stripe' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: Reservation; payment: { _id: string } };
  const session = (await paymentRow(body.payment._id)).provider_ref as string;
  for (const event of w.stripe.pay(session)) expect((await deliver(event)).statusCode).toBe(200);
  expect((await paymentRow(body.payment._id)).status).toBe('succeeded');
  return { reservation: body.data, paymentId: body.payment._id };
}

async function report(date: string): Promise<DayReport> {
  const res = await call(w.t, 'GET', `/api/v1/reports/day?date=${date}`, w.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DayReport;
}
async function csvKept(date: string): Promise<string[]> {
  const res = await call(w.t, 'GET', `/api/v1/reports/day.csv?date=${date}`, w.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.body.split('\r\n').filter((line) => line.startsWith('depositsKept'));
}

describe('kept deposits in the day report', () => {
  test("a no-show's deposit: kept on the no-show's day, in the report and its CSV; booked again it is not; an admin's refund lowers it and is not a bill refund", async () => {
    const { reservation, paymentId } = await paidLarge(w.alice);
    const at = Date.parse(reservation.startsAt) + 30 * 60_000;
    const day = dayOf(at);
    expect(await report(day)).toMatchObject({ depositsKept: { count: 0, amount: 0 } });
    const saved = clock;
    clock = at;
    try {
      const noShow = await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, {
        status: 'no_show',
      });
      expect(noShow.statusCode, noShow.body).toBe(200);
      expect(await paymentRow(paymentId)).toMatchObject({
        status: 'succeeded',
        kept_at: new Date(at).toISOString(),
        kept_date: day,
        bill_id: null,
      });
      const kept = await report(day);
      expect(kept).toMatchObject({
        depositsKept: { count: 1, amount: 1503 },
        bills: 0,
        payments: [],
        refunds: 0,
        cashExpected: 0,
      });
      expect(await csvKept(day)).toEqual(['depositsKept count,1', 'depositsKept amount,1503.00']);
      // Not on the day before or after.
      expect((await report(dayOf(at - DAY))).depositsKept).toEqual({ count: 0, amount: 0 });
      expect((await report(dayOf(at + DAY))).depositsKept).toEqual({ count: 0, amount: 0 });

      // Booked again the same day (the party came after all): not kept; a no-show again: kept again.
      expect(
        (await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, { status: 'booked' }))
          .statusCode,
      ).toBe(200);
      expect((await report(day)).depositsKept).toEqual({ count: 0, amount: 0 });
      expect(await paymentRow(paymentId)).toMatchObject({ kept_at: null, kept_date: null });
      expect(
        (await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, { status: 'no_show' }))
          .statusCode,
      ).toBe(200);
      expect((await report(day)).depositsKept).toEqual({ count: 1, amount: 1503 });

      // The admin gives 500.25 back: kept is what is left; the day's refunds (bill refunds) do not count it a second time.
      const refund = await call(w.t, 'POST', `/api/v1/payments/${paymentId}/refund`, w.admin, {
        amount: 500.25,
        reason: 'Goodwill',
        key: `kept-goodwill-${paymentId}`,
      });
      expect(refund.statusCode, refund.body).toBe(200);
      await until(async () => (await paymentRow(paymentId)).status === 'partially_refunded', 'the refund');
      expect(await report(day)).toMatchObject({ depositsKept: { count: 1, amount: 1002.75 }, refunds: 0 });
      expect(await csvKept(day)).toEqual(['depositsKept count,1', 'depositsKept amount,1002.75']);
      // The rest too: nothing is kept any more.
      expect(
        (
          await call(w.t, 'POST', `/api/v1/payments/${paymentId}/refund`, w.admin, {
            reason: 'Goodwill',
            key: `kept-rest-${paymentId}`,
          })
        ).statusCode,
      ).toBe(200);
      await until(async () => (await paymentRow(paymentId)).status === 'refunded', 'the second refund');
      expect((await report(day)).depositsKept).toEqual({ count: 0, amount: 0 });
    } finally {
      clock = saved;
    }
  });

  test('a cancel after the cut-off keeps the deposit on the day of the cancel; a cancel in time the same day is refunded and not counted', async () => {
    const late = await paidLarge(w.alice);
    const early = await paidLarge(w.bob);
    // 10 hours before the first one's start (past its 24-hour cut-off); 34 hours before the second's.
    const at = Date.parse(late.reservation.startsAt) - 10 * 3_600_000;
    const day = dayOf(at);
    const saved = clock;
    clock = at;
    try {
      const cancelLate = await call(w.t, 'POST', `/api/v1/reservations/${late.reservation._id}/cancel`, w.alice);
      expect(cancelLate.statusCode, cancelLate.body).toBe(200);
      expect(cancelLate.json().data).toMatchObject({
        status: 'cancelled',
        deposit: { status: 'succeeded', refunded: 0 },
      });
      const cancelEarly = await call(w.t, 'POST', `/api/v1/reservations/${early.reservation._id}/cancel`, w.bob);
      expect(cancelEarly.statusCode, cancelEarly.body).toBe(200);
      await until(
        async () => (await paymentRow(early.paymentId)).status === 'refunded',
        'the refund of the cancel in time',
      );
      expect(await paymentRow(early.paymentId)).toMatchObject({ kept_at: null, kept_date: null });
      expect(await report(day)).toMatchObject({ depositsKept: { count: 1, amount: 1503 }, bills: 0, payments: [] });
      expect(await csvKept(day)).toEqual(['depositsKept count,1', 'depositsKept amount,1503.00']);
      // Not on the day before.
      expect((await report(dayOf(at - DAY))).depositsKept).toEqual({ count: 0, amount: 0 });
    } finally {
      clock = saved;
    }
  });

  test("a seated party's deposit is a bill payment, counted once, not kept", async () => {
    // A deposit smaller than the meal: 6 × 2.00.
    expect(
      (
        await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
          reservations: { deposit: { fromPartySize: 6, perCover: 2, refundableUntilMinutes: 24 * 60 } },
        })
      ).statusCode,
    ).toBe(200);
    const { reservation, paymentId } = await paidLarge(w.alice);
    const at = Date.parse(reservation.startsAt) + 5 * 60_000;
    const day = dayOf(at);
    const saved = clock;
    clock = at;
    try {
      const seated = await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, {
        status: 'seated',
      });
      expect(seated.statusCode, seated.body).toBe(200);
      const orderId = await orderFor(w, w.alice, 0, 4);
      const checkout = await call(w.t, 'POST', '/api/v1/checkout', w.alice, {
        orderIds: [orderId],
        fulfilment: 'dine_in',
        reservationId: reservation._id,
        when: 'asap',
        pay: { Method: 'cash' },
      });
      expect(checkout.statusCode, checkout.body).toBe(201);
      const billId = String(checkout.json().data.billId);
      const bill = (await call(w.t, 'GET', `/api/v1/bills/${billId}`, w.staff)).json().data as Bill;
      const pay = await call(w.t, 'POST', `/api/v1/bills/${billId}/payments`, w.staff, {
        method: 'cash',
        amount: bill.due,
        key: `kept-seated-${billId}`,
      });
      expect(pay.statusCode, pay.body).toBe(201);
      expect(await paymentRow(paymentId)).toMatchObject({ kept_at: null, kept_date: null });
      const seen = await report(day);
      expect(seen.payments.find((p) => p.method === 'card')).toEqual({ method: 'card', count: 1, amount: 12 });
      expect(seen.depositsKept).toEqual({ count: 0, amount: 0 });
      expect(await csvKept(day)).toEqual(['depositsKept count,0', 'depositsKept amount,0.00']);
    } finally {
      clock = saved;
    }
  });
});
