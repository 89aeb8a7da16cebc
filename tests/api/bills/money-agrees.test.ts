import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Payment } from '../../../src/shared/contract/payments.ts';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import type { TestAccount } from '../../support/factories.ts';
import {
  billOf,
  deliverStripe,
  openEveryWay,
  orderFor,
  paymentRow as paymentRowOf,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { call } from '../../support/records.ts';
import { newKey } from '../../support/staff-orders.ts';

/**
 * Money that agrees on every screen (docs/reference/ordering.md, its last section; issue 44 points 2 to 6), on
 * SQLite and (with TEST_DATABASE_URL) PostgreSQL, the real `stripe` library talking to a local
 * server that answers as Stripe does. Tax is added on top (takeaway 5 %, dine-in 10 %) with a
 * 10 % service charge, as the walk had it. Each test fails on the code before this section:
 * a bill's due went below 0 and it never closed, a cancel refunded nothing when the money came
 * through the bill, cash handed back stayed in the day report, a seated party's deposit sat on
 * a bill of its own, and money captured for another amount was kept.
 */
let w: PaymentsWorld;
let tableIds: string[] = [];
const start = Date.now();
let clock = start;
const today = () => new Date(clock).toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100);
const BILLING = {
  taxName: 'VAT',
  taxInclusive: false,
  rates: { dineIn: 10, takeaway: 5 },
  categoryRates: { Drinks: null },
  serviceChargePercent: 10,
  staffDiscountMaxPercent: 100,
};

beforeAll(async () => {
  w = await startPaymentsWorld({ clock: () => clock });
  tableIds = await openEveryWay(w, { reservations: { horizonDays: 120 }, billing: BILLING });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const deliver = (event: unknown) => deliverStripe(w, event);
const paymentRow = (id: string | number) => paymentRowOf(w, id);
const getBill = (id: string) => billOf(w, id);
async function dayReport() {
  const res = await call(w.t, 'GET', `/api/v1/reports/day?date=${today()}`, w.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    refunds: number;
    cashExpected: number;
    payments: { method: string; amount: number }[];
    bills: number;
  };
}
const cashOf = (r: { payments: { method: string; amount: number }[] }) =>
  r.payments.find((p) => p.method === 'cash')?.amount ?? 0;
const cancel = (ticketId: string) =>
  call(w.t, 'POST', `/api/v1/kitchen/tickets/${ticketId}/status`, w.staff, {
    status: 'cancelled',
    reason: 'Guest changed their mind',
  });
const takeCash = (billId: string, amount: number) =>
  call(w.t, 'POST', `/api/v1/bills/${billId}/payments`, w.staff, { method: 'cash', amount, key: newKey() });
const giveBack = (billId: string, body: Record<string, unknown>) =>
  call(w.t, 'POST', `/api/v1/bills/${billId}/refunds`, w.staff, {
    method: 'cash',
    reason: 'Round cancelled',
    key: newKey(),
    ...body,
  });

/** A staff round at a table: its ticket. */
async function round(tableId: string, quantity = 1, extra: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await call(w.t, 'POST', '/api/v1/tickets', w.staff, {
    fulfilment: 'dine_in',
    when: 'asap',
    tableId,
    lines: [{ productId: w.dishes[0]?._id, quantity }],
    customer: { name: 'Table guest' },
    key: newKey(),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Ticket;
}

/** A guest's pick-up checkout, cash or the spec's PAY: its ticket. */
async function pickup(
  who: TestAccount,
  pay: Record<string, unknown> = { Method: 'cash' },
  quantity = 1,
): Promise<Ticket> {
  const orderId = await orderFor(w, who, 0, quantity);
  const res = await call(w.t, 'POST', '/api/v1/checkout', who, {
    orderIds: [orderId],
    fulfilment: 'pickup',
    when: 'asap',
    pay,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Ticket;
}

/** Pays a bill's due online with Stripe (the guest's "Pay online"): the payment, succeeded. */
async function payOnlineNow(who: TestAccount, billId: string): Promise<Payment> {
  const res = await call(w.t, 'POST', '/api/v1/payments', who, { billId, provider: 'stripe', key: newKey() });
  expect(res.statusCode, res.body).toBe(201);
  const payment = res.json().data as Payment;
  for (const event of w.stripe.pay((await paymentRow(payment._id)).provider_ref as string))
    expect((await deliver(event)).statusCode).toBe(200);
  expect((await paymentRow(payment._id)).status).toBe('succeeded');
  return payment;
}

describe('due is never below 0 (point 2)', () => {
  test('two rounds, all but a cent taken in cash, round 2 cancelled: due 0, owed back; given back, the bill is paid and the table free for the next party', async () => {
    const table = tableIds[0] as string;
    const first = await round(table, 2);
    const second = await round(table, 2);
    expect(second.billId).toBe(first.billId);
    const billId = first.billId as string;
    const full = await getBill(billId);
    const before = await dayReport();
    expect((await takeCash(billId, full.total - 0.01)).statusCode).toBe(201);

    expect((await cancel(second._id)).statusCode).toBe(200);
    const owing = await getBill(billId);
    expect(owing.status).toBe('open');
    expect(owing.due).toBe(0);
    expect(cents(owing.owedBack)).toBe(cents(full.total - 0.01) - cents(owing.total));
    expect(owing.owedBack).toBeGreaterThan(0);
    // Nothing more can be taken; more than is owed cannot be given back; the key is bound to its body.
    expect((await takeCash(billId, 0.01)).statusCode).toBe(409);
    expect((await giveBack(billId, { amount: owing.owedBack + 0.01 })).statusCode).toBe(409);
    const key = newKey();
    const given = await giveBack(billId, { amount: owing.owedBack, key });
    expect(given.statusCode, given.body).toBe(201);
    expect((await giveBack(billId, { amount: owing.owedBack, key })).statusCode).toBe(200);
    expect((await giveBack(billId, { amount: 1, key })).statusCode).toBe(409);

    const paid = await getBill(billId);
    expect(paid).toMatchObject({ status: 'paid', due: 0, owedBack: 0 });
    expect(paid.receiptNumber).toEqual(expect.any(Number));
    expect(cents(paid.paid) - cents(paid.refunded)).toBe(cents(paid.total));
    // The day report has the bill's payment and the cash given back: the drawer agrees.
    const after = await dayReport();
    expect(cents(cashOf(after)) - cents(cashOf(before))).toBe(cents(full.total - 0.01));
    expect(cents(after.refunds) - cents(before.refunds)).toBe(cents(owing.owedBack));
    expect(cents(after.cashExpected) - cents(before.cashExpected)).toBe(cents(paid.total));
    // The next party's round opens a bill of its own.
    const next = await round(table, 1);
    expect(next.billId).not.toBe(billId);
    expect((await getBill(next.billId as string)).paid).toBe(0);
  });

  test('a partly paid bill keeps the rules it was paid at: a settings change moves nothing; a discount after a cancel that leaves due 0 pays it', async () => {
    const table = tableIds[1] as string;
    const a = await round(table, 2);
    const billId = a.billId as string;
    const b = await round(table, 1);
    const full = await getBill(billId);
    expect((await takeCash(billId, 5)).statusCode).toBe(201);
    const off = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { billing: { serviceChargePercent: 0 } });
    expect(off.statusCode).toBe(200);
    try {
      const same = await getBill(billId);
      expect(same.total).toBe(full.total);
      expect(same.serviceCharge).toBe(full.serviceCharge);
      expect(cents(same.due)).toBe(cents(full.total) - 500);
    } finally {
      expect(
        (await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { billing: { serviceChargePercent: 10 } })).statusCode,
      ).toBe(200);
    }
    expect((await cancel(b._id)).statusCode).toBe(200);
    const left = await getBill(billId);
    // An amount off that leaves exactly what was paid (5.00): 4.16 after discounts, + 0.42 service charge + 0.42 VAT.
    const discount = await call(w.t, 'POST', `/api/v1/bills/${billId}/discounts`, w.staff, {
      amount: (cents(left.subtotal) - 416) / 100,
      reason: 'Sorry for the wait',
    });
    expect(discount.statusCode, discount.body).toBe(200);
    expect(discount.json().data).toMatchObject({ total: 5, due: 0, owedBack: 0 });
    expect(await getBill(billId)).toMatchObject({ status: 'paid', due: 0, owedBack: 0 });
  });
});

describe('a cancel gives the money back (points 3 and 4)', () => {
  test('a pick-up paid through POST /api/v1/payments, then cancelled: refunded in full at Stripe, the bill shows it', async () => {
    const ticket = await pickup(w.alice);
    const billId = ticket.billId as string;
    const payment = await payOnlineNow(w.alice, billId);
    expect((await getBill(billId)).status).toBe('paid');
    const before = await dayReport();
    expect((await cancel(ticket._id)).statusCode).toBe(200);
    const row = await paymentRow(payment._id);
    expect(row.status).toBe('refunded');
    expect(w.stripe.refundedOn(row.capture_ref as string)).toBe(Number(row.amount));
    const bill = await getBill(billId);
    // Every line cancelled and all given back: void, its receipt number kept (decision 055).
    expect(bill).toMatchObject({ status: 'void', due: 0, owedBack: 0, total: 0 });
    expect(cents(bill.refunded)).toBe(Number(row.amount));
    expect(cents((await dayReport()).refunds) - cents(before.refunds)).toBe(Number(row.amount));
  });

  test('a table round paid online, then cancelled: its share refunded at Stripe at once', async () => {
    const table = tableIds[2] as string;
    const a = await round(table, 1);
    const billId = a.billId as string;
    const b = await round(table, 2);
    const payment = await payOnlineNow(w.staff, billId);
    const paidBill = await getBill(billId);
    expect(paidBill.status).toBe('paid');
    expect((await cancel(b._id)).statusCode).toBe(200);
    const after = await getBill(billId);
    const share = cents(paidBill.total) - cents(after.total);
    expect(share).toBeGreaterThan(0);
    const row = await paymentRow(payment._id);
    expect(row.status).toBe('partially_refunded');
    expect(w.stripe.refundedOn(row.capture_ref as string)).toBe(share);
    expect(after).toMatchObject({ status: 'paid', due: 0, owedBack: 0 });
    // A second cancel of the same ticket changes nothing.
    expect((await cancel(b._id)).statusCode).toBe(409);
    expect(w.stripe.refundedOn(row.capture_ref as string)).toBe(share);
  });

  test("the spec's PAY at checkout, then cancelled: refunded on the bill, not kept", async () => {
    const ticket = await pickup(w.bob, { Method: 'bkash', AccountNumber: '01711000000' });
    const billId = ticket.billId as string;
    const paid = await getBill(billId);
    expect(paid.status).toBe('paid');
    expect((await cancel(ticket._id)).statusCode).toBe(200);
    const bill = await getBill(billId);
    expect(bill).toMatchObject({ status: 'void', total: 0, owedBack: 0, receiptNumber: paid.receiptNumber });
    expect(bill.refunded).toBe(paid.total);
    // The guest's order says so: "Refunded $…" (My Orders), its figures what was ordered.
    const mine = (await call(w.t, 'GET', '/api/v1/tickets/mine', w.bob)).json().data as Ticket[];
    expect(mine.find((t) => t._id === ticket._id)).toMatchObject({
      status: 'cancelled',
      total: paid.total,
      refunded: paid.total,
    });
  });

  test('a pick-up paid in cash at the counter, cancelled on the board: owed back until given, and then out of the drawer', async () => {
    const ticket = await pickup(w.alice);
    const billId = ticket.billId as string;
    const bill = await getBill(billId);
    const before = await dayReport();
    expect((await takeCash(billId, bill.total)).statusCode).toBe(201);
    expect((await getBill(billId)).status).toBe('paid');
    expect((await cancel(ticket._id)).statusCode).toBe(200);
    const owing = await getBill(billId);
    expect(owing).toMatchObject({ total: 0, owedBack: bill.total, due: 0 });
    expect((await giveBack(billId, { amount: bill.total })).statusCode).toBe(201);
    expect(await getBill(billId)).toMatchObject({ owedBack: 0, refunded: bill.total });
    const after = await dayReport();
    // The cash taken and given back: the drawer expects nothing more.
    expect(cents(after.cashExpected)).toBe(cents(before.cashExpected));
  });
});

describe("a seated party's deposit (point 5)", () => {
  test('a round for the table of a seated party joins its bill, where the deposit is; a deposit with nothing eaten takes no receipt number', async () => {
    expect(
      (
        await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
          reservations: { deposit: { fromPartySize: 6, perCover: 2.5, refundableUntilMinutes: 60 } },
        })
      ).statusCode,
    ).toBe(200);
    const saved = clock;
    try {
      const booked: { reservation: Reservation; payment: string }[] = [];
      for (const day of [3, 4]) {
        const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
        const res = await call(w.t, 'POST', '/api/v1/reservations', w.bob, {
          date,
          time: '19:00',
          partySize: 6,
          name: 'Big Party',
          phone: '+880 1711-000000',
          pay: { provider: 'stripe' },
        });
        expect(res.statusCode, res.body).toBe(201);
        const body = res.json() as { data: Reservation; payment: { _id: string } };
        for (const event of w.stripe.pay((await paymentRow(body.payment._id)).provider_ref as string))
          expect((await deliver(event)).statusCode).toBe(200);
        booked.push({ reservation: body.data, payment: body.payment._id });
      }
      const [eats, leaves] = booked as [
        { reservation: Reservation; payment: string },
        { reservation: Reservation; payment: string },
      ];
      clock = Date.parse(eats.reservation.startsAt) + 5 * 60_000;
      expect(
        (await call(w.t, 'POST', `/api/v1/reservations/${eats.reservation._id}/status`, w.staff, { status: 'seated' }))
          .statusCode,
      ).toBe(200);
      const hold = await w.t.database.db
        .selectFrom('table_holds')
        .select('table_id')
        .where('reservation_id', '=', Number(eats.reservation._id))
        .executeTakeFirstOrThrow();
      const ticket = await round(String(hold.table_id), 3);
      const bill = await getBill(ticket.billId as string);
      expect(bill.reservationId).toBe(eats.reservation._id);
      expect(bill.payments).toEqual([expect.objectContaining({ paymentId: eats.payment, amount: 15 })]);
      expect(cents(bill.due)).toBe(cents(bill.total) - 1500);

      clock = Date.parse(leaves.reservation.startsAt) + 5 * 60_000;
      const counter = Number(
        (await w.t.database.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow())
          .last_number,
      );
      expect(
        (
          await call(w.t, 'POST', `/api/v1/reservations/${leaves.reservation._id}/status`, w.staff, {
            status: 'seated',
          })
        ).statusCode,
      ).toBe(200);
      clock += 60 * 60_000;
      expect(
        (
          await call(w.t, 'POST', `/api/v1/reservations/${leaves.reservation._id}/status`, w.staff, {
            status: 'completed',
          })
        ).statusCode,
      ).toBe(200);
      const empty = await w.t.database.db
        .selectFrom('bills')
        .selectAll()
        .where('reservation_id', '=', Number(leaves.reservation._id))
        .executeTakeFirstOrThrow();
      expect(empty).toMatchObject({ status: 'void', receipt_number: null });
      expect(
        Number(
          (await w.t.database.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow())
            .last_number,
        ),
      ).toBe(counter);
      const row = await paymentRow(leaves.payment);
      expect(w.stripe.refundedOn(row.capture_ref as string)).toBe(1500);
    } finally {
      clock = saved;
      expect(
        (await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { reservations: { deposit: null } })).statusCode,
      ).toBe(200);
    }
  });
});

describe('money captured for another amount or currency (point 6)', () => {
  for (const fault of [{ amountShort: 1 }, { amountShort: -100 }, { otherCurrency: 'eur' }]) {
    test(`Stripe captured ${JSON.stringify(fault)}: failed with its reason, and all of it refunded at once`, async () => {
      const ticket = await pickup(w.bob);
      const res = await call(w.t, 'POST', '/api/v1/payments', w.bob, {
        billId: ticket.billId,
        provider: 'stripe',
        key: newKey(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const payment = res.json().data as Payment;
      Object.assign(w.stripe.faults, fault);
      try {
        for (const event of w.stripe.pay((await paymentRow(payment._id)).provider_ref as string))
          expect((await deliver(event)).statusCode).toBe(200);
      } finally {
        w.stripe.faults.amountShort = 0;
        delete w.stripe.faults.otherCurrency;
      }
      const row = await paymentRow(payment._id);
      expect(row).toMatchObject({ status: 'failed', failure: expect.stringContaining('reported') });
      const intent = w.stripe.intents.get(row.capture_ref as string);
      expect(intent).toBeDefined();
      expect(w.stripe.refundedOn(row.capture_ref as string)).toBe(intent?.amount_received);
      const bill = await getBill(ticket.billId as string);
      expect(bill).toMatchObject({ status: 'open', paid: 0 });
      expect(cents(bill.due)).toBe(cents(bill.total));
    });
  }
});
