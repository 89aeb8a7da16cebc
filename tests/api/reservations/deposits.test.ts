import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Payment } from '../../../src/shared/contract/payments.ts';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import type { TestAccount } from '../../support/factories.ts';
import {
  deliverStripe,
  openEveryWay,
  orderFor,
  paymentRow as paymentRowOf,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { call } from '../../support/records.ts';
import { until } from '../../support/until.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/**
 * Deposits for large parties (docs/reference/ordering.md "Payments": "A booking of that size is
 * `pending_deposit` and holds its table 15 minutes; the paid deposit makes it `booked`;
 * cancelling before `refundableUntilMinutes` refunds it; a no-show keeps it; seated, it is a
 * payment on the table's bill"; decision 032), on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL, the real `stripe` library talking to a local server that answers as Stripe does.
 * The restaurant's clock is the test's: it starts at the real now (Stripe's pages run on real
 * time) and is moved on to end a hold or to pass a cut-off.
 */
let w: PaymentsWorld;
const start = Date.now();
let clock = start;
const DAY = 86_400_000;
const dateIn = (days: number) => new Date(start + days * DAY).toISOString().slice(0, 10);
let n = 0;
/** A booking at 19:00 `days` ahead, a different day each time so that tables never run out. */
const booking = (partySize: number, extra: Record<string, unknown> = {}) => {
  n += 1;
  return { date: dateIn(2 + n), time: '19:00', partySize, name: 'Big Party', phone: '+880 1711-000000', ...extra };
};

beforeAll(async () => {
  // The payments scheduler runs every 200 ms (real time), asking about what the test's clock makes due.
  w = await startPaymentsWorld({ clock: () => clock, paymentScheduler: true, paymentTiming: { recheckEveryMs: 200 } });
  // Deposits on: 6 or more pay 250.50 a guest, refunded if cancelled a day ahead.
  await openEveryWay(w, {
    reservations: { deposit: { fromPartySize: 6, perCover: 250.5, refundableUntilMinutes: 24 * 60 }, horizonDays: 120 },
  });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paymentRow = (id: string | number) => paymentRowOf(w, id);
const holdsOf = (reservationId: string) =>
  w.t.database.db.selectFrom('table_holds').selectAll().where('reservation_id', '=', Number(reservationId)).execute();
const refundsOf = (paymentId: string) =>
  w.t.database.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', Number(paymentId)).execute();
const billPaymentsOfPayment = (paymentId: string) =>
  w.t.database.db.selectFrom('bill_payments').selectAll().where('payment_id', '=', Number(paymentId)).execute();
const deliver = (event: unknown) => deliverStripe(w, event);
async function mine(who: TestAccount, id: string): Promise<Reservation> {
  const res = await call(w.t, 'GET', '/api/v1/reservations/mine', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Reservation[]).find((r) => r._id === id) as Reservation;
}

/** A large party booked by `who` with Stripe: the pending booking, its payment and the Stripe session. */
async function bookLarge(who: TestAccount, partySize = 6, extra: Record<string, unknown> = {}) {
  const res = await call(
    w.t,
    'POST',
    '/api/v1/reservations',
    who,
    booking(partySize, { pay: { provider: 'stripe' }, ...extra }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { message: string; data: Reservation; payment: { _id: string; redirectUrl: string } };
  const session = (await paymentRow(body.payment._id)).provider_ref as string;
  return { reservation: body.data, payment: body.payment, session, message: body.message };
}

/** A large party booked and paid (the webhook): booked. */
async function paidLarge(who: TestAccount, partySize = 6, extra: Record<string, unknown> = {}) {
  const booked = await bookLarge(who, partySize, extra);
  const events = w.stripe.pay(booked.session);
  for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
  expect((await mine(who, booked.reservation._id)).status).toBe('booked');
  return booked;
}

describe('settings', () => {
  test('reservations.deposit is validated, naming the field; null switches it off; absent it is off', async () => {
    const bad: [unknown, RegExp][] = [
      [
        { fromPartySize: 0, perCover: 10, refundableUntilMinutes: 60 },
        /reservations\.deposit\.fromPartySize: must be at least 1/,
      ],
      [
        { fromPartySize: 51, perCover: 10, refundableUntilMinutes: 60 },
        /reservations\.deposit\.fromPartySize: must be at most 50/,
      ],
      [
        { fromPartySize: 6, perCover: 0, refundableUntilMinutes: 60 },
        /reservations\.deposit\.perCover: must be at least 0\.01/,
      ],
      [
        { fromPartySize: 6, perCover: 10.005, refundableUntilMinutes: 60 },
        /reservations\.deposit\.perCover: may carry at most two decimals/,
      ],
      [
        { fromPartySize: 6, perCover: 10, refundableUntilMinutes: -1 },
        /reservations\.deposit\.refundableUntilMinutes: must be at least 0/,
      ],
      [
        { fromPartySize: 6, perCover: 10, refundableUntilMinutes: 1.5 },
        /reservations\.deposit\.refundableUntilMinutes: must be a whole number/,
      ],
      [{ fromPartySize: 6, perCover: 10 }, /reservations\.deposit\.refundableUntilMinutes/],
      [{ fromPartySize: 6, perCover: 10, refundableUntilMinutes: 60, extra: 1 }, /reservations\.deposit/],
      ['yes', /reservations\.deposit: must be \{ fromPartySize, perCover, refundableUntilMinutes \}/],
    ];
    const before = (await call(w.t, 'GET', '/api/v1/restaurant')).json().data;
    expect(before.reservations.deposit).toEqual({ fromPartySize: 6, perCover: 250.5, refundableUntilMinutes: 1440 });
    for (const [deposit, message] of bad) {
      const res = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { reservations: { deposit } });
      expect([JSON.stringify(deposit), res.statusCode]).toEqual([JSON.stringify(deposit), 400]);
      expect(res.json().message).toMatch(message);
    }
    // Staff may not change it.
    expect(
      (await call(w.t, 'PATCH', '/api/v1/restaurant', w.staff, { reservations: { deposit: null } })).statusCode,
    ).toBe(403);
    expect((await call(w.t, 'GET', '/api/v1/restaurant')).json().data).toEqual(before);

    // Off: a party of 8 is booked at once, no payment.
    const off = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { reservations: { deposit: null } });
    expect(off.statusCode, off.body).toBe(200);
    expect('deposit' in off.json().data.reservations).toBe(false);
    const plain = await call(w.t, 'POST', '/api/v1/reservations', w.bob, booking(8));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ message: 'Table reserved!', data: { status: 'booked', deposit: null } });
    expect(plain.json().payment).toBeUndefined();
    const on = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
      reservations: { deposit: { fromPartySize: 6, perCover: 250.5, refundableUntilMinutes: 1440 } },
    });
    expect(on.statusCode, on.body).toBe(200);
    // Other reservation settings merge around it and leave it be.
    const merged = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { reservations: { leadMinutes: 30 } });
    expect(merged.json().data.reservations).toMatchObject({
      leadMinutes: 30,
      deposit: { fromPartySize: 6, perCover: 250.5, refundableUntilMinutes: 1440 },
    });
  });
});

describe('a large party pays a deposit', () => {
  test('a party of 6 is pending_deposit with its table held and a Stripe payment of perCover × partySize; a party of 5 is booked at once', async () => {
    const small = await call(w.t, 'POST', '/api/v1/reservations', w.alice, booking(5, { pay: { provider: 'stripe' } }));
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json().data).toMatchObject({ status: 'booked', deposit: null });
    expect(small.json().payment).toBeUndefined();

    const { reservation, payment, message } = await bookLarge(w.alice, 6);
    expect(message).toBe('Table held: pay the deposit within 15 minutes to confirm it');
    expect(reservation.status).toBe('pending_deposit');
    expect(reservation.tables.length).toBeGreaterThan(0);
    expect(payment.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    // 6 × 250.50 = 1503.00, in minor units on the payment row, in BDT.
    const row = await paymentRow(payment._id);
    expect(row).toMatchObject({
      status: 'pending',
      amount: 150_300,
      currency: 'BDT',
      provider: 'stripe',
      reservation_id: Number(reservation._id),
      ticket_id: null,
      bill_id: null,
    });
    expect(w.stripe.sessions.get(row.provider_ref as string)?.amount_total).toBe(150_300);
    expect(reservation.deposit).toMatchObject({
      paymentId: payment._id,
      amount: 1503,
      currency: 'BDT',
      status: 'pending',
      refunded: 0,
      dueBy: new Date(Date.parse(row.created_at) + 15 * 60_000).toISOString(),
    });
    const holds = await holdsOf(reservation._id);
    expect(holds.length).toBeGreaterThan(0);
    expect(holds.every((h) => h.active === 1)).toBe(true);
    // The guest's list says so; the host's book shows it, and today's figures count it.
    expect((await mine(w.alice, reservation._id)).status).toBe('pending_deposit');
    const book = await call(w.t, 'GET', `/api/v1/reservations?date=${reservation.date}`, w.staff);
    expect((book.json().data as Reservation[]).find((r) => r._id === reservation._id)).toMatchObject({
      status: 'pending_deposit',
      deposit: { status: 'pending' },
    });
    // A guest cannot order ahead on it, nor change it (its deposit was asked for its size).
    const change = await call(w.t, 'PATCH', `/api/v1/reservations/${reservation._id}`, w.alice, { partySize: 7 });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toMatch(/pending-deposit/);
  });

  test('a provider not set up is 400; bad pay is 400; staff by phone book a large party without a deposit', async () => {
    const unknown = await call(
      w.t,
      'POST',
      '/api/v1/reservations',
      w.alice,
      booking(6, { pay: { provider: 'paypal' } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/provider must be one of: demo, stripe, bkash/);
    // The demo is not offered where Stripe is.
    const demo = await call(w.t, 'POST', '/api/v1/reservations', w.alice, booking(6, { pay: { provider: 'demo' } }));
    expect(demo.statusCode).toBe(400);
    expect(demo.json().message).toBe('Payments by demo are not set up');
    const phone = await call(w.t, 'POST', '/api/v1/reservations', w.staff, booking(8, { source: 'phone' }));
    expect(phone.statusCode, phone.body).toBe(201);
    expect(phone.json().data).toMatchObject({ status: 'booked', deposit: null });
    // bKash takes it too (BDT): its page is bKash's.
    const bkash = await call(w.t, 'POST', '/api/v1/reservations', w.bob, booking(6, { pay: { provider: 'bkash' } }));
    expect(bkash.statusCode, bkash.body).toBe(201);
    expect(bkash.json().data.status).toBe('pending_deposit');
    expect(bkash.json().payment.redirectUrl).toMatch(/bkash|127\.0\.0\.1/);
  });

  test('paid (the webhook, replayed, and the return page) → booked once; the payment succeeded once', async () => {
    const { reservation, payment, session } = await bookLarge(w.alice, 7);
    const events = w.stripe.pay(session);
    for (const event of [...events, ...events]) expect((await deliver(event)).statusCode).toBe(200);
    const read = await call(w.t, 'GET', `/api/v1/payments/${payment._id}?session_id=${session}`, w.alice);
    expect(read.statusCode).toBe(200);
    expect(read.json().data as Payment).toMatchObject({
      status: 'succeeded',
      amount: 1753.5,
      reservationId: reservation._id,
    });
    const after = await mine(w.alice, reservation._id);
    expect(after).toMatchObject({ status: 'booked', deposit: { status: 'succeeded', amount: 1753.5, dueBy: null } });
    expect((await holdsOf(reservation._id)).every((h) => h.active === 1)).toBe(true);
  });

  test("a guest cannot read or pay another guest's deposit; no token is 401", async () => {
    const { reservation, payment } = await bookLarge(w.alice, 6);
    expect((await call(w.t, 'GET', `/api/v1/payments/${payment._id}`, w.bob)).statusCode).toBe(404);
    expect((await call(w.t, 'GET', `/api/v1/payments/${payment._id}`)).statusCode).toBe(401);
    expect((await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/cancel`, w.bob)).statusCode).toBe(404);
    const bobs = (await call(w.t, 'GET', '/api/v1/reservations/mine', w.bob)).json().data as Reservation[];
    expect(bobs.some((r) => r._id === reservation._id)).toBe(false);
    // Staff see it.
    expect((await call(w.t, 'GET', `/api/v1/payments/${payment._id}`, w.staff)).statusCode).toBe(200);
  });
});

describe('an unpaid deposit ends its hold after 15 minutes', () => {
  test('the scheduler at 15 minutes closes the Stripe page, expires the payment, cancels the booking and frees its table', async () => {
    const { reservation, payment, session } = await bookLarge(w.bob, 6);
    // 14 minutes: nothing happens.
    clock += 14 * 60_000;
    await pause(800);
    expect((await mine(w.bob, reservation._id)).status).toBe('pending_deposit');
    expect((await paymentRow(payment._id)).status).toBe('pending');
    clock += 2 * 60_000;
    await until(async () => (await paymentRow(payment._id)).status !== 'pending', 'the deposit to end');
    expect((await paymentRow(payment._id)).status).toBe('expired');
    expect(w.stripe.sessions.get(session)?.status).toBe('expired');
    const after = await mine(w.bob, reservation._id);
    expect(after).toMatchObject({ status: 'cancelled', deposit: { status: 'expired' } });
    expect((await holdsOf(reservation._id)).every((h) => h.active === 0)).toBe(true);
    // The table is free again: the same party books the same time.
    const again = await call(w.t, 'POST', '/api/v1/reservations', w.staff, {
      ...booking(6),
      date: reservation.date,
      time: reservation.time,
      source: 'phone',
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  test('paid at Stripe just before the page closed: the scheduler finds it paid and books it', async () => {
    const { reservation, payment, session } = await bookLarge(w.bob, 6);
    w.stripe.pay(session);
    clock += 16 * 60_000;
    await until(async () => (await paymentRow(payment._id)).status !== 'pending', 'the scheduler to ask');
    expect((await paymentRow(payment._id)).status).toBe('succeeded');
    expect((await mine(w.bob, reservation._id)).status).toBe('booked');
  });

  test('cancelled by its guest unpaid: the page is closed; a payment arriving after is refunded whole', async () => {
    const { reservation, payment, session } = await bookLarge(w.alice, 6);
    const cancel = await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/cancel`, w.alice);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled');
    expect((await paymentRow(payment._id)).status).toBe('expired');
    expect(w.stripe.sessions.get(session)?.status).toBe('expired');
    expect((await holdsOf(reservation._id)).every((h) => h.active === 0)).toBe(true);

    // Another: paid at Stripe in the moment between the cancel and the page closing.
    const late = await bookLarge(w.alice, 6);
    w.stripe.pay(late.session);
    expect((await call(w.t, 'POST', `/api/v1/reservations/${late.reservation._id}/cancel`, w.alice)).statusCode).toBe(
      200,
    );
    const row = await paymentRow(late.payment._id);
    expect(row).toMatchObject({ status: 'refunded', refunded: 150_300 });
    const intent = w.stripe.sessions.get(late.session)?.payment_intent as string;
    expect(w.stripe.refundedOn(intent)).toBe(150_300);
    expect((await mine(w.alice, late.reservation._id)).status).toBe('cancelled');
  });
});

describe('cancelling a paid deposit', () => {
  test('before the cut-off: refunded in full, once, however often and however concurrently the cancel is sent', async () => {
    const { reservation, payment, session } = await paidLarge(w.alice, 6);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/cancel`, w.alice)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    // And again after: 409, nothing more.
    expect((await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/cancel`, w.staff)).statusCode).toBe(409);
    expect(await refundsOf(payment._id)).toEqual([
      expect.objectContaining({ amount: 150_300, status: 'succeeded', key: `deposit-cancel-${payment._id}` }),
    ]);
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'refunded', refunded: 150_300 });
    const intent = w.stripe.sessions.get(session)?.payment_intent as string;
    expect(w.stripe.refundedOn(intent)).toBe(150_300);
    expect((await mine(w.alice, reservation._id)).deposit).toMatchObject({ status: 'refunded', refunded: 1503 });
  });

  test('staff cancel before the cut-off refunds it too', async () => {
    const { reservation, payment } = await paidLarge(w.bob, 6);
    const res = await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, {
      status: 'cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'refunded', refunded: 150_300 });
  });

  test('after the cut-off (less than refundableUntilMinutes before the start): kept', async () => {
    const { reservation, payment } = await paidLarge(w.alice, 6);
    const saved = clock;
    // 10 hours before its start: past the 24 hours, before the guest's 2-hour cancel cut-off.
    clock = Date.parse(reservation.startsAt) - 10 * 3_600_000;
    try {
      const res = await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/cancel`, w.alice);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', deposit: { status: 'succeeded', refunded: 0 } });
    } finally {
      clock = saved;
    }
    expect(await refundsOf(payment._id)).toEqual([]);
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'succeeded', refunded: 0 });
  });

  test('a no-show keeps it', async () => {
    const { reservation, payment } = await paidLarge(w.bob, 6);
    const saved = clock;
    clock = Date.parse(reservation.startsAt) + 30 * 60_000;
    try {
      const res = await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, {
        status: 'no_show',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'no_show', deposit: { status: 'succeeded' } });
    } finally {
      clock = saved;
    }
    expect(await refundsOf(payment._id)).toEqual([]);
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'succeeded', refunded: 0 });
  });
});

describe("a seated party's deposit is a payment on its bill", () => {
  test("seated: on the reservation's bill once, counted in its due, its receipt and the day report", async () => {
    // A deposit smaller than the party's meal: 6 × 2.00.
    expect(
      (
        await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
          reservations: { deposit: { fromPartySize: 6, perCover: 2, refundableUntilMinutes: 24 * 60 } },
        })
      ).statusCode,
    ).toBe(200);
    const { reservation, payment } = await paidLarge(w.alice, 6);
    expect(
      (
        await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
          reservations: { deposit: { fromPartySize: 6, perCover: 250.5, refundableUntilMinutes: 24 * 60 } },
        })
      ).statusCode,
    ).toBe(200);
    const saved = clock;
    clock = Date.parse(reservation.startsAt) + 5 * 60_000;
    try {
      // Seated by several hosts at once: one wins, one bill payment.
      const seats = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, { status: 'seated' }),
        ),
      );
      expect(seats.filter((s) => s.statusCode === 200)).toHaveLength(1);
      const onBill = await billPaymentsOfPayment(payment._id);
      expect(onBill).toHaveLength(1);
      expect(onBill[0]).toMatchObject({
        amount: 1200,
        tip: 0,
        method: 'card',
        provider: 'stripe',
        status: 'succeeded',
      });
      const billId = String(onBill[0]?.bill_id);
      const bill = (await call(w.t, 'GET', `/api/v1/bills/${billId}`, w.staff)).json().data as Bill;
      expect(bill).toMatchObject({ status: 'open', reservationId: reservation._id, paid: 12 });
      expect(bill.payments).toEqual([expect.objectContaining({ paymentId: payment._id, amount: 12 })]);
      // The database refuses the same payment on a bill twice.
      await expect(
        w.t.database.db
          .insertInto('bill_payments')
          .values({
            bill_id: Number(billId),
            key: null,
            request: null,
            method: 'card',
            provider: 'stripe',
            amount: asMinor(1),
            tip: asMinor(0),
            tendered: null,
            change: null,
            status: 'succeeded',
            at: new Date(clock).toISOString(),
            by_user_id: null,
            payment_id: Number(payment._id),
          })
          .execute(),
      ).rejects.toThrow();

      // The party orders at its table: the deposit counts against it; the rest is paid in cash, and the bill closes.
      const orderId = await orderFor(w, w.alice, 0, 4);
      const checkout = await call(w.t, 'POST', '/api/v1/checkout', w.alice, {
        orderIds: [orderId],
        fulfilment: 'dine_in',
        reservationId: reservation._id,
        when: 'asap',
        pay: { Method: 'cash' },
      });
      expect(checkout.statusCode, checkout.body).toBe(201);
      expect(checkout.json().data.billId).toBe(billId);
      const withFood = (await call(w.t, 'GET', `/api/v1/bills/${billId}`, w.staff)).json().data as Bill;
      expect(withFood.paid).toBe(12);
      expect(Math.round(withFood.due * 100)).toBe(Math.round(withFood.total * 100) - 1200);
      expect(withFood.due).toBeGreaterThan(0);
      const reportBefore = (
        await call(w.t, 'GET', `/api/v1/reports/day?date=${new Date(clock).toISOString().slice(0, 10)}`, w.admin)
      ).json().data as { payments: { method: string; amount: number }[] };
      const cardBefore = reportBefore.payments.find((p) => p.method === 'card')?.amount ?? 0;
      const pay = await call(w.t, 'POST', `/api/v1/bills/${billId}/payments`, w.staff, {
        method: 'cash',
        amount: withFood.due,
        key: `deposit-rest-${billId}`,
      });
      expect(pay.statusCode, pay.body).toBe(201);
      const paid = pay.json().data as Bill;
      expect(paid).toMatchObject({ status: 'paid', due: 0 });
      const report = (
        await call(w.t, 'GET', `/api/v1/reports/day?date=${new Date(clock).toISOString().slice(0, 10)}`, w.admin)
      ).json().data as { payments: { method: string; amount: number }[] };
      expect(Math.round(((report.payments.find((p) => p.method === 'card')?.amount ?? 0) - cardBefore) * 100)).toBe(
        1200,
      );
      const receipt = await call(w.t, 'GET', `/api/v1/bills/${billId}/receipt`, w.staff);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.body).toMatch(/12\.00/);
    } finally {
      clock = saved;
    }
  });
});

describe('a deposit larger than the meal', () => {
  test('completed: the bill is paid by the deposit with its receipt number, and the rest refunded once', async () => {
    const { reservation, payment, session } = await paidLarge(w.bob, 6);
    const saved = clock;
    clock = Date.parse(reservation.startsAt) + 5 * 60_000;
    try {
      expect(
        (await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, { status: 'seated' }))
          .statusCode,
      ).toBe(200);
      const orderId = await orderFor(w, w.bob, 0, 1);
      const checkout = await call(w.t, 'POST', '/api/v1/checkout', w.bob, {
        orderIds: [orderId],
        fulfilment: 'dine_in',
        reservationId: reservation._id,
        when: 'asap',
        pay: { Method: 'cash' },
      });
      expect(checkout.statusCode, checkout.body).toBe(201);
      const billId = checkout.json().data.billId as string;
      const open = (await call(w.t, 'GET', `/api/v1/bills/${billId}`, w.staff)).json().data as Bill;
      expect(open.status).toBe('open');
      // Due is never below 0: what the deposit brings beyond the meal is owed back (docs/reference/ordering.md "Money that agrees on every screen").
      expect(open.due).toBe(0);
      const surplus = 150_300 - Math.round(open.total * 100);
      expect(Math.round(open.owedBack * 100)).toBe(surplus);
      clock += 60 * 60_000;
      const done = await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, {
        status: 'completed',
      });
      expect(done.statusCode, done.body).toBe(200);
      // Completed again: refused, nothing more is refunded.
      expect(
        (await call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, { status: 'completed' }))
          .statusCode,
      ).toBe(409);
      const paid = (await call(w.t, 'GET', `/api/v1/bills/${billId}`, w.staff)).json().data as Bill;
      expect(paid).toMatchObject({ status: 'paid' });
      expect(paid.receiptNumber).toEqual(expect.any(Number));
      expect(paid.payments).toEqual([
        expect.objectContaining({ paymentId: payment._id, amount: 1503, refunded: surplus / 100 }),
      ]);
      expect(await refundsOf(payment._id)).toEqual([
        expect.objectContaining({ amount: surplus, status: 'succeeded', key: `deposit-surplus-${payment._id}` }),
      ]);
      expect(w.stripe.refundedOn(w.stripe.sessions.get(session)?.payment_intent as string)).toBe(surplus);
      expect(await paymentRow(payment._id)).toMatchObject({ status: 'partially_refunded', refunded: surplus });
    } finally {
      clock = saved;
    }
  });
});

describe('races', () => {
  test('20 concurrent webhooks and return-page reads of one deposit: booked once, one succeeded payment; seated, one bill payment', async () => {
    const { reservation, payment, session } = await bookLarge(w.bob, 6);
    const events = w.stripe.pay(session);
    const tries = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? deliver(events[i % events.length])
        : call(w.t, 'GET', `/api/v1/payments/${payment._id}?session_id=${session}`, w.bob),
    );
    const answers = await Promise.all(tries);
    expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? '' : a.body}`)).toEqual(
      answers.map(() => '200 '),
    );
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'succeeded', refunded: 0 });
    expect(await refundsOf(payment._id)).toEqual([]);
    expect((await mine(w.bob, reservation._id)).status).toBe('booked');
    // The guest was told of the booking once.
    const mails = await w.t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', w.bob.email)
      .where('subject', 'like', `Table reserved%${reservation.date}%`)
      .execute();
    expect(mails).toHaveLength(1);
    const saved = clock;
    clock = Date.parse(reservation.startsAt) + 60_000;
    try {
      const seats = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/status`, w.staff, { status: 'seated' }),
        ),
      );
      expect(seats.filter((s) => s.statusCode === 200)).toHaveLength(1);
    } finally {
      clock = saved;
    }
    expect(await billPaymentsOfPayment(payment._id)).toHaveLength(1);
  });

  test("a cancel racing the deposit's webhooks (5 rounds): the cancel wins or waits, the booking ends cancelled, the money comes back once", async () => {
    for (let round = 0; round < 5; round++) {
      const { reservation, payment, session } = await bookLarge(w.alice, 6);
      const events = w.stripe.pay(session);
      const answers = await Promise.all([
        ...events.map((event) => deliver(event)),
        call(w.t, 'POST', `/api/v1/reservations/${reservation._id}/cancel`, w.alice),
        ...events.map((event) => deliver(event)),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      // Whichever came first, the deposit is refunded whole, once.
      await until(async () => (await paymentRow(payment._id)).status === 'refunded', 'the refund');
      const refunds = await refundsOf(payment._id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount: 150_300, status: 'succeeded' });
      expect(w.stripe.refundedOn(w.stripe.sessions.get(session)?.payment_intent as string)).toBe(150_300);
      expect((await mine(w.alice, reservation._id)).status).toBe('cancelled');
      expect((await holdsOf(reservation._id)).every((h) => h.active === 0)).toBe(true);
    }
  });
});
