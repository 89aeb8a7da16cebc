import { MAIN_BRANCH_ID } from '../../../src/server/db/branch.ts';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import bn from '../../../src/shared/i18n/locales/bn.json';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { createBillsService } from '../../../src/server/modules/bills/bills.service.ts';
import { createDomainEvents } from '../../../src/server/events/event-bus.ts';
import { createCatalogService } from '../../../src/server/modules/catalog/catalog.service.ts';
import { createTicketsPublished } from '../../../src/server/modules/tickets/tickets.published.ts';
import { createRestaurantService } from '../../../src/server/modules/restaurant/restaurant.service.ts';
import { type TestAccount, createAccount, createStaff, orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { openEventStream } from '../../support/event-stream.ts';
import { allDayKitchen, call as send } from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';
import { ZERO, asMinor } from '../../../src/shared/domain/money.ts';

/**
 * The bill (docs/reference/ordering.md "The bill", issue 38) through the HTTP API, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: every ticket on one bill, the money under the billing
 * settings, discounts with the staff limit, split, payments with keys and change, receipt
 * numbers under a race, the receipt page and the day's report. Every endpoint is called with no
 * token, as a guest, as staff and as an administrator; a refusal changes nothing.
 */

const ADMIN = { email: 'bill-owner@example.com', password: 'bill-owner-password' };
const DAY = '2026-06-01';
let clock = Date.parse(`${DAY}T12:00:00.000Z`);

/** Billing the tests can check by hand: 5 % added on takeaway, 10 % on dine-in, a 10 % service charge. */
const BILLING = {
  taxName: 'VAT',
  taxInclusive: false,
  taxNumber: 'TX-4455',
  rates: { dineIn: 10, takeaway: 5 },
  categoryRates: {},
  serviceChargePercent: 10,
  tipSuggestions: [5, 10],
  staffDiscountMaxPercent: 20,
};

const test = useRecordsWorld(ADMIN, { clock: () => clock })
  .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      ...allDayKitchen(10_000),
      fulfilment: {
        pickup: true,
        delivery: true,
        dineIn: true,
        deliveryMinutes: 30,
        deliveryFee: 3,
        deliveryMinimum: 0,
      },
      unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
      // The defaults rate Drinks at 15 %: null removes it.
      billing: { ...BILLING, categoryRates: { Drinks: null } },
    });
    if (settings.statusCode !== 200) throw new Error(settings.body);
    return makeStaff(t, admin, 'Till Tess');
  })
  .extend('staff2', { scope: 'file' }, async ({ t, admin }) => makeStaff(t, admin, 'Till Tom'))
  // Fresh guests: checkout allows 30 a minute per account.
  .extend('guests', { scope: 'file' }, async ({ t }) =>
    Promise.all([1, 2, 3, 4, 5, 6].map((n) => createAccount(t.app, { name: `Guest ${n}` }))),
  )
  .extend('tableIds', { scope: 'file' }, async ({ t, admin }) =>
    ((await send(t, 'GET', '/api/v1/tables', admin)).json().data as { _id: string }[]).map((x) => x._id),
  );

async function makeStaff(t: TestApp, admin: TestAccount, name: string): Promise<TestAccount> {
  return createStaff(t.app, admin, { name });
}

/** Places a one-line ticket (cash unless `pay` says otherwise). */
async function place(
  t: TestApp,
  who: TestAccount,
  dish: Product,
  quantity: number,
  body: Record<string, unknown> = {},
): Promise<Ticket> {
  const line = await orderDish(t.app, who, dish._id, quantity);
  const res = await send(t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'cash' },
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}

const getBill = async (t: TestApp, who: TestAccount, id: string): Promise<Bill> => {
  const res = await send(t, 'GET', `/api/v1/bills/${id}`, who);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as Bill;
};
const pay = (t: TestApp, who: TestAccount | undefined, id: string, body: Record<string, unknown>) =>
  send(t, 'POST', `/api/v1/bills/${id}/payments`, who, body);
const cents = (n: number) => Math.round(n * 100);

/** Every row of the bills' tables: equal snapshots mean nothing changed. */
async function billRows(t: TestApp) {
  const db = t.database.db;
  return JSON.stringify([
    await db.selectFrom('bills').selectAll().orderBy('id').execute(),
    await db.selectFrom('bill_discounts').selectAll().orderBy('id').execute(),
    await db.selectFrom('bill_payments').selectAll().orderBy('id').execute(),
    await db.selectFrom('receipt_counter').selectAll().execute(),
    await db.selectFrom('cash_counts').selectAll().orderBy('id').execute(),
    await db.selectFrom('tickets').select(['id', 'payment', 'bill_id']).orderBy('id').execute(),
  ]);
}

describe('billing settings', () => {
  test('admins set them within the ranges; a category set to null is removed; others are refused', async ({
    t,
    admin,
    staff,
    alice,
  }) => {
    const before = (await send(t, 'GET', '/api/v1/restaurant')).json().data.billing;
    expect(before).toEqual(BILLING);
    const bad: Record<string, unknown>[] = [
      { rates: { dineIn: 101 } },
      { rates: { takeaway: -1 } },
      { rates: { takeaway: 5.125 } },
      { serviceChargePercent: 100.01 },
      { staffDiscountMaxPercent: 'ten' },
      { tipSuggestions: [1, 2, 3, 4, 5, 6] },
      { tipSuggestions: [120] },
      { taxName: '' },
      { taxName: 'A'.repeat(21) },
      { categoryRates: { Drinks: 200 } },
      { unknown: 1 },
    ];
    for (const billing of bad)
      expect([
        JSON.stringify(billing),
        (await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing })).statusCode,
      ]).toEqual([JSON.stringify(billing), 400]);
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', staff, { billing: { serviceChargePercent: 0 } })).statusCode,
    ).toBe(403);
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', alice, { billing: { serviceChargePercent: 0 } })).statusCode,
    ).toBe(403);
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', undefined, { billing: { serviceChargePercent: 0 } })).statusCode,
    ).toBe(401);
    expect((await send(t, 'GET', '/api/v1/restaurant')).json().data.billing).toEqual(BILLING);

    const set = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      billing: { categoryRates: { Drinks: 12.5, Desserts: 0 }, rates: { dineIn: 10 } },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.billing).toEqual({ ...BILLING, categoryRates: { Drinks: 12.5, Desserts: 0 } });
    const removed = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      billing: { categoryRates: { Drinks: null, Desserts: null } },
    });
    expect(removed.json().data.billing).toEqual(BILLING);
  });
});

describe('bills', () => {
  test('a pick-up has a bill of its own; dine-in tickets of a table share its open bill; the money follows the settings', async ({
    t,
    alice,
    bob,
    staff,
    admin,
    dishes,
    tableIds,
  }) => {
    const dish = dishes.find((d) => Number.isInteger(d.price) && (d.options ?? []).length === 0) as Product;
    const a = await place(t, alice, dish, 2);
    const b = await place(t, alice, dish, 1);
    expect(a.billId).toBeDefined();
    expect(b.billId).not.toBe(a.billId);
    const own = await getBill(t, staff, a.billId as string);
    // Pick-up: 5 % added, no service charge.
    const sub = cents(dish.price) * 2;
    expect(own).toMatchObject({
      status: 'open',
      fulfilment: 'pickup',
      ticketIds: [a._id],
      subtotal: sub / 100,
      serviceCharge: 0,
      deliveryFee: 0,
      taxInclusive: false,
      paid: 0,
      tips: 0,
    });
    expect(own.taxes).toEqual([{ name: 'VAT', rate: 5, base: sub / 100, amount: (sub * 5) / 10_000 }]);
    expect(own.total).toBe((sub + (sub * 5) / 100) / 100);
    expect(own.due).toBe(own.total);
    expect(own.lines).toEqual([
      {
        _id: expect.any(String),
        ticketId: a._id,
        name: dish.name,
        options: [],
        quantity: 2,
        unitPrice: dish.price,
        total: dish.price * 2,
        taxRate: 5,
      },
    ]);

    // Two rounds at one table, by two guests: one bill; 10 % VAT and a 10 % service charge on dine-in.
    const table = tableIds[0] as string;
    const r1 = await place(t, alice, dish, 1, { fulfilment: 'dine_in', tableId: table });
    const r2 = await place(t, bob, dish, 3, { fulfilment: 'dine_in', tableId: table });
    expect(r2.billId).toBe(r1.billId);
    const shared = await getBill(t, staff, r1.billId as string);
    const s = cents(dish.price) * 4;
    expect(shared).toMatchObject({
      fulfilment: 'dine_in',
      tableId: table,
      ticketIds: [r1._id, r2._id],
      subtotal: s / 100,
      serviceCharge: s / 1000,
    });
    expect(shared.total).toBe((s + s / 10 + s / 10) / 100);
    // Another table has its own.
    const other = await place(t, bob, dish, 1, { fulfilment: 'dine_in', tableId: tableIds[1] });
    expect(other.billId).not.toBe(r1.billId);

    // An open bill follows the settings of the moment.
    await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing: { rates: { takeaway: 0 } } });
    expect((await getBill(t, staff, a.billId as string)).taxes).toEqual([
      { name: 'VAT', rate: 0, base: sub / 100, amount: 0 },
    ]);
    await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing: { rates: { takeaway: 5 } } });
    // Readers: staff and the guests whose tickets are on it; others 404; no token 401.
    expect((await send(t, 'GET', `/api/v1/bills/${r1.billId}`, bob)).statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/v1/bills/${a.billId}`, bob)).statusCode).toBe(404);
    expect((await send(t, 'GET', `/api/v1/bills/${a.billId}`, alice)).statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/v1/bills/${a.billId}`)).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/bills/999999', staff)).statusCode).toBe(404);
    expect((await send(t, 'GET', '/api/v1/bills/abc', staff)).statusCode).toBe(400);
    // The list: staff and admins; guests 403; no token 401.
    const list = await send(t, 'GET', `/api/v1/bills?status=open&date=${DAY}`, staff);
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data as Bill[]).map((x) => x._id);
    expect(ids).toEqual(expect.arrayContaining([a.billId, b.billId, r1.billId, other.billId]));
    expect((list.json().data as Bill[]).every((x) => x.status === 'open')).toBe(true);
    expect(((await send(t, 'GET', '/api/v1/bills?date=2026-05-31', staff)).json().data as Bill[]).length).toBe(0);
    expect((await send(t, 'GET', '/api/v1/bills?status=closed', staff)).statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/v1/bills?date=2026-02-30', staff)).statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/v1/bills', alice)).statusCode).toBe(403);
    expect((await send(t, 'GET', '/api/v1/bills')).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/bills', admin)).statusCode).toBe(200);
  });
});

describe('discounts, split and payments', () => {
  test('discounts need a reason; staff up to the limit, admins any; refusals change nothing; 409 once paid', async ({
    t,
    alice,
    staff,
    admin,
    dishes,
  }) => {
    const dish = dishes.find(
      (d) => Number.isInteger(d.price) && d.price >= 10 && (d.options ?? []).length === 0,
    ) as Product;
    const ticket = await place(t, alice, dish, 10);
    const id = ticket.billId as string;
    const bill = await getBill(t, staff, id);
    const url = `/api/v1/bills/${id}/discounts`;
    const unchanged = async (who: TestAccount | undefined, body: unknown, status: number, message?: RegExp) => {
      const before = await billRows(t);
      const res = await send(t, 'POST', url, who, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), status]);
      if (message) expect(res.json().message).toMatch(message);
      expect(await billRows(t)).toBe(before);
    };
    await unchanged(undefined, { percent: 5, reason: 'Regular' }, 401);
    await unchanged(alice, { percent: 5, reason: 'Regular' }, 403);
    await unchanged(staff, { percent: 5 }, 400, /reason/);
    await unchanged(staff, { percent: 5, reason: '  ' }, 400, /reason/);
    await unchanged(staff, { reason: 'Regular' }, 400, /percent or amount/);
    await unchanged(staff, { percent: 5, amount: 1, reason: 'Regular' }, 400, /percent or amount/);
    await unchanged(staff, { percent: 101, reason: 'Regular' }, 400);
    await unchanged(staff, { amount: 1.005, reason: 'Regular' }, 400, /two decimals/);
    // 25 % is beyond the staff limit of 20 %.
    await unchanged(staff, { percent: 25, reason: 'Birthday' }, 403, /at most 20 %/);
    const ok = await send(t, 'POST', url, staff, { percent: 15, reason: 'Birthday' });
    expect(ok.statusCode).toBe(200);
    const discounted = ok.json().data as Bill;
    expect(discounted.discounts).toEqual([
      {
        _id: expect.any(String),
        amount: (cents(bill.subtotal) * 0.15) / 100,
        percent: 15,
        reason: 'Birthday',
        by: 'Till Tess',
      },
    ]);
    // Together with the 15 % given, 6 % more is beyond 20 %; admins may go further.
    await unchanged(staff, { amount: (cents(bill.subtotal) * 0.06) / 100, reason: 'Cold soup' }, 403);
    const byAdmin = await send(t, 'POST', url, admin, { percent: 30, reason: 'Cold soup' });
    expect(byAdmin.statusCode).toBe(200);
    const after = byAdmin.json().data as Bill;
    const sub = cents(bill.subtotal);
    const off = Math.round(sub * 0.15) + Math.round(sub * 0.3);
    expect(cents(after.discounts.reduce((s, d) => s + d.amount, 0))).toBe(off);
    // Tax on what is left (5 % added, pick-up): the total is the subtotal less discounts plus that tax.
    expect(cents(after.total)).toBe(sub - off + Math.round(((sub - off) * 5) / 100));
    // Paid: discounts are refused.
    const paid = await pay(t, staff, id, {
      method: 'card',
      amount: (await getBill(t, staff, id)).due,
      key: 'discount-test-pay-1',
    });
    expect(paid.statusCode).toBe(201);
    await unchanged(admin, { percent: 5, reason: 'Late' }, 409, /already paid/);
    await unchanged(staff, { percent: 5, reason: 'Late' }, 409, /already paid/);
    expect(
      (await send(t, 'POST', '/api/v1/bills/999999/discounts', staff, { percent: 5, reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('split and payments', () => {
  test('split shares add up to the due; 2–20 ways; staff only', async ({ t, alice, staff, admin, dishes }) => {
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const ticket = await place(t, alice, dish, 1);
    const id = ticket.billId as string;
    const bill = await getBill(t, staff, id);
    for (const ways of [2, 3, 7, 20]) {
      const res = await send(t, 'GET', `/api/v1/bills/${id}/split?ways=${ways}`, ways === 7 ? admin : staff);
      expect(res.statusCode).toBe(200);
      const { due, shares } = res.json().data as { due: number; shares: number[] };
      expect(due).toBe(bill.due);
      expect(shares).toHaveLength(ways);
      expect(shares.reduce((s, x) => s + cents(x), 0)).toBe(cents(due));
      // The first shares carry the units left over.
      expect(shares.every((x, i) => i === 0 || cents(x) <= cents(shares[i - 1] as number))).toBe(true);
      expect(cents(shares[0] as number) - cents(shares[ways - 1] as number)).toBeLessThanOrEqual(1);
    }
    for (const ways of ['1', '21', 'abc', '', '2.5'])
      expect((await send(t, 'GET', `/api/v1/bills/${id}/split?ways=${ways}`, staff)).statusCode).toBe(400);
    expect((await send(t, 'GET', `/api/v1/bills/${id}/split`, staff)).statusCode).toBe(400);
    expect((await send(t, 'GET', `/api/v1/bills/${id}/split?ways=2`, alice)).statusCode).toBe(403);
    expect((await send(t, 'GET', `/api/v1/bills/${id}/split?ways=2`)).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/bills/999999/split?ways=2', staff)).statusCode).toBe(404);
  });

  test('payments: staff only, at most the due, cash change, keys answered once; at due 0 the bill is paid with a receipt number and its tickets paid', async ({
    t,
    alice,
    bob,
    staff,
    staff2,
    admin,
    dishes,
    tableIds,
  }) => {
    const dish = dishes.find((d) => Number.isInteger(d.price) && (d.options ?? []).length === 0) as Product;
    const r1 = await place(t, alice, dish, 2, { fulfilment: 'dine_in', tableId: tableIds[2] });
    const r2 = await place(t, bob, dish, 1, { fulfilment: 'dine_in', tableId: tableIds[2] });
    const id = r1.billId as string;
    const bill = await getBill(t, staff, id);
    const total = cents(bill.total);
    const first = Math.floor(total / 3);
    const refused = async (
      who: TestAccount | undefined,
      body: Record<string, unknown>,
      status: number,
      message?: RegExp,
    ) => {
      const before = await billRows(t);
      const res = await pay(t, who, id, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), status]);
      if (message) expect(res.json().message).toMatch(message);
      expect(await billRows(t)).toBe(before);
    };
    const body = { method: 'cash', amount: first / 100, tip: 2, tendered: (first + 1000) / 100, key: 'table-3-cash-1' };
    await refused(undefined, body, 401);
    await refused(alice, body, 403);
    await refused(staff, { ...body, method: 'cheque' }, 400, /method/);
    await refused(staff, { ...body, key: 'short' }, 400, /key/);
    await refused(staff, { ...body, key: undefined }, 400, /key/);
    await refused(staff, { ...body, amount: 0 }, 400);
    await refused(staff, { ...body, amount: 1.234 }, 400, /two decimals/);
    await refused(staff, { ...body, tendered: 1 }, 400, /tendered/);
    await refused(staff, { ...body, method: 'card' }, 400, /tendered/);
    await refused(staff, { ...body, amount: (total + 1) / 100 }, 409, /more than the bill's due/);
    await refused(staff, { ...body, extra: 1 }, 400);
    expect((await pay(t, staff, '999999', body)).statusCode).toBe(404);

    const cash = await pay(t, staff, id, body);
    expect(cash.statusCode).toBe(201);
    const afterCash = cash.json().data as Bill;
    const last = afterCash.payments.at(-1);
    // 10.00 more than the amount tendered, of which 2.00 is the tip: 8.00 back.
    expect(last).toMatchObject({
      method: 'cash',
      provider: 'restaurant',
      amount: first / 100,
      tip: 2,
      tendered: (first + 1000) / 100,
      change: 8,
      status: 'succeeded',
    });
    expect(afterCash).toMatchObject({ status: 'open', paid: first / 100, tips: 2, total: bill.total });
    expect(cents(afterCash.due)).toBe(total - first);
    // The same key again: the same bill, 200, nothing taken twice; with another body 409.
    const again = await pay(t, staff2, id, body);
    expect(again.statusCode).toBe(200);
    expect((again.json().data as Bill).payments).toHaveLength(1);
    await refused(staff, { ...body, amount: 1 }, 409, /key/);

    // The rest by card: paid, a receipt number, the tickets paid.
    const card = await pay(t, admin, id, { method: 'card', amount: (total - first) / 100, key: 'table-3-card-1' });
    expect(card.statusCode).toBe(201);
    const paid = card.json().data as Bill;
    expect(paid).toMatchObject({ status: 'paid', due: 0, paid: bill.total, total: bill.total });
    expect(Number.isInteger(paid.receiptNumber)).toBe(true);
    for (const ticket of [r1, r2])
      expect(((await send(t, 'GET', `/api/v1/tickets/${ticket._id}`, staff)).json().data as Ticket).payment).toBe(
        'paid',
      );
    await refused(staff, { method: 'card', amount: 1, key: 'table-3-card-2' }, 409, /already paid/);
    // A key already used still answers its payment after the bill is paid.
    expect(
      (await pay(t, staff, id, { method: 'card', amount: (total - first) / 100, key: 'table-3-card-1' })).statusCode,
    ).toBe(200);
    // A paid bill keeps what it was paid at, whatever the settings do next.
    await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing: { serviceChargePercent: 0 } });
    expect(await getBill(t, staff, id)).toEqual(paid);
    await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing: { serviceChargePercent: 10 } });
    // The next dine-in round at that table opens a new bill.
    const r3 = await place(t, alice, dish, 1, { fulfilment: 'dine_in', tableId: tableIds[2] });
    expect(r3.billId).not.toBe(id);
  });

  test('a payment answers the bill exactly as it then reads alone and in the open bills, until it is paid and leaves them (decision 063)', async ({
    t,
    alice,
    staff,
    dishes,
    tableIds,
  }) => {
    const dish = dishes.find((d) => Number.isInteger(d.price) && (d.options ?? []).length === 0) as Product;
    const id = (await place(t, alice, dish, 2, { fulfilment: 'dine_in', tableId: tableIds[4] })).billId as string;
    const openBills = async () => (await send(t, 'GET', '/api/v1/bills?status=open', staff)).json().data as Bill[];
    const due = (await getBill(t, staff, id)).due;
    const part = await pay(t, staff, id, {
      method: 'card',
      amount: Math.floor(due * 50) / 100,
      key: 'one-request-part-1',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toEqual(await getBill(t, staff, id));
    expect(part.json().data).toEqual((await openBills()).find((b) => b._id === id));
    const rest = await pay(t, staff, id, { method: 'card', amount: part.json().data.due, key: 'one-request-rest-1' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.status).toBe('paid');
    expect(rest.json().data).toEqual(await getBill(t, staff, id));
    expect((await openBills()).some((b) => b._id === id)).toBe(false);
  });

  test('two staff taking the last due at once: one wins, the other 409', async ({
    t,
    alice,
    staff,
    staff2,
    dishes,
  }) => {
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    for (let round = 0; round < 3; round += 1) {
      const ticket = await place(t, alice, dish, 1);
      const id = ticket.billId as string;
      const due = (await getBill(t, staff, id)).due;
      const [a, b] = await Promise.all([
        pay(t, staff, id, { method: 'cash', amount: due, key: `race-a-${round}-xx` }),
        pay(t, staff2, id, { method: 'card', amount: due, key: `race-b-${round}-xx` }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const bill = await getBill(t, staff, id);
      expect(bill).toMatchObject({ status: 'paid', due: 0, paid: due });
      expect(bill.payments).toHaveLength(1);
    }
  });

  test('a discount racing the payment that closes the bill: either comes first, the bill never goes below what was paid', async ({
    t,
    alice,
    staff,
    staff2,
    dishes,
  }) => {
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    for (let round = 0; round < 3; round += 1) {
      const ticket = await place(t, alice, dish, 2);
      const id = ticket.billId as string;
      const due = (await getBill(t, staff, id)).due;
      const [paid, discount] = await Promise.all([
        pay(t, staff, id, { method: 'card', amount: due, key: `disc-race-${round}-x` }),
        send(t, 'POST', `/api/v1/bills/${id}/discounts`, staff2, { percent: 10, reason: 'Race' }),
      ]);
      const bill = await getBill(t, staff, id);
      if (paid.statusCode === 201) {
        expect(discount.statusCode).toBe(409);
        expect(bill).toMatchObject({ status: 'paid', due: 0, discounts: [] });
      } else {
        // The discount came first: the full amount is more than the due now.
        expect([paid.statusCode, discount.statusCode]).toEqual([409, 200]);
        expect(bill.status).toBe('open');
        expect(bill.discounts).toHaveLength(1);
      }
    }
  });

  test('20 bills paid at once get 20 consecutive receipt numbers; every number from 1 is used once', async ({
    t,
    guests,
    staff,
    staff2,
    dishes,
  }) => {
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const tickets: Ticket[] = [];
    for (let i = 0; i < 20; i += 1) tickets.push(await place(t, guests[i % 4] as TestAccount, dish, 1));
    const dues = await Promise.all(tickets.map(async (x) => (await getBill(t, staff, x.billId as string)).due));
    const answers = await Promise.all(
      tickets.map((x, i) =>
        pay(t, i % 2 ? staff : staff2, x.billId as string, { method: 'card', amount: dues[i], key: `twenty-${i}-key` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => (a.json().data as Bill).receiptNumber as number).sort((a, b) => a - b);
    expect(numbers[19]! - numbers[0]!).toBe(19);
    expect(new Set(numbers).size).toBe(20);
    const all = (
      await t.database.db
        .selectFrom('bills')
        .select('receipt_number')
        .where('receipt_number', 'is not', null)
        .orderBy('receipt_number')
        .execute()
    ).map((r) => Number(r.receipt_number));
    expect(all).toEqual(all.map((_, i) => i + 1));
  });

  test("the spec's PAY and a card at checkout are demo payments on the ticket's bill, which is paid", async ({
    t,
    guests,
    staff,
    dishes,
  }) => {
    const alice = guests[4] as TestAccount;
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const ticket = await place(t, alice, dish, 2, { pay: { Method: 'nagod', AccountNumber: '01711000000' } });
    expect(ticket.payment).toBe('paid');
    const bill = await getBill(t, alice, ticket.billId as string);
    expect(bill).toMatchObject({
      status: 'paid',
      due: 0,
      payments: [{ method: 'nagad', provider: 'demo', amount: bill.total, tip: 0, status: 'succeeded' }],
    });
    expect(bill.receiptNumber).toBeGreaterThan(0);
    // The spec's PAY: PATCH /api/v1/users/{orderMainId}.
    const line = await orderDish(t.app, alice, dish._id, 1);
    const res = await send(t, 'PATCH', `/api/v1/users/${line.orderMainId}`, alice, {
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
      payment: 'paid',
      email: alice.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await send(t, 'GET', '/api/v1/tickets/mine', alice)).json().data as Ticket[];
    const payTicket = mine.find((x) => x.lines.some((l) => l.orderMainId === line.orderMainId)) as Ticket;
    const payBill = await getBill(t, staff, payTicket.billId as string);
    expect(payBill).toMatchObject({ status: 'paid', due: 0, payments: [{ method: 'bkash', provider: 'demo' }] });
  });
});

describe('the receipt', () => {
  test('a printable 80 mm page with everything the contract lists, for staff and the bill’s guest', async ({
    t,
    guests,
    staff,
    admin,
    dishes,
    tableIds,
  }) => {
    const guest = guests[5] as TestAccount;
    const withOptions = dishes.find((d) => (d.options ?? []).some((g) => g.values.some((v) => v.default))) as Product;
    const plain = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const t1 = await place(t, guest, withOptions, 1, { fulfilment: 'dine_in', tableId: tableIds[5] });
    await place(t, guest, plain, 2, { fulfilment: 'dine_in', tableId: tableIds[5] });
    const id = t1.billId as string;
    await send(t, 'POST', `/api/v1/bills/${id}/discounts`, staff, { percent: 10, reason: 'Regulars' });
    const bill = await getBill(t, staff, id);
    const half = Math.floor(cents(bill.due) / 2);
    await pay(t, staff, id, {
      method: 'cash',
      amount: half / 100,
      tip: 1.5,
      tendered: (half + 500) / 100,
      key: 'receipt-cash-1',
    });
    const paid = (
      await pay(t, staff, id, { method: 'card', amount: (cents(bill.due) - half) / 100, key: 'receipt-card-1' })
    ).json().data as Bill;
    expect(paid.status).toBe('paid');

    const res = await send(t, 'GET', `/api/v1/bills/${id}/receipt`, guest);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/style-src 'unsafe-inline'/);
    const html = res.body;
    const settings = (await send(t, 'GET', '/api/v1/restaurant')).json().data;
    expect(html).toMatch(/@page \{ size: 80mm \d+mm; margin: 4mm; \}/);
    for (const text of [
      settings.name,
      settings.address,
      'VAT number TX-4455',
      `Receipt no. ${paid.receiptNumber}`,
      withOptions.name,
      paid.lines[0]?.options.map((o) => o.name).join(', ') as string,
      plain.name,
      'Discount 10 %: Regulars',
      `Service charge</td><td class="num">$${paid.serviceCharge.toFixed(2)}`,
      `VAT 10 % on $${paid.taxes[0]?.base.toFixed(2)}</td><td class="num">$${paid.taxes[0]?.amount.toFixed(2)}`,
      `Total</td><td class="num">$${paid.total.toFixed(2)}`,
      'Paid by cash',
      'Paid by card',
      'Tip</td><td class="num">$1.50',
      'Change</td><td class="num">$3.50',
      // Paid at 12:00 UTC on the restaurant's clock (UTC in these tests).
      `${DAY} 12:00`,
    ])
      expect(html, text).toContain(text.replaceAll('&', '&amp;').replaceAll("'", '&#39;'));
    expect(html).toContain('<html lang="en">');
    // In Bangla for whoever asks for it (?lang=bn, the switch's cookie): bn.json's words, the amounts in Bengali digits.
    const bangla = (await send(t, 'GET', `/api/v1/bills/${id}/receipt?lang=bn`, staff)).body;
    const words = bn.receipt;
    const taka = (amount: number) => formatMoney(amount, 'USD', 'bn');
    for (const text of [
      '<html lang="bn">',
      words.number.replace(
        '{{number}}',
        String(paid.receiptNumber).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)] as string),
      ),
      `${words.total}</td><td class="num">${taka(paid.total)}`,
      words.paidBy.replace('{{method}}', words.cash),
      `${words.change}</td><td class="num">${taka(3.5)}`,
      words.thanks,
    ])
      expect(bangla, text).toContain(text);
    expect(taka(paid.total)).toMatch(/^\$[০-৯]/);
    expect((await send(t, 'GET', `/api/v1/bills/${id}/receipt`, staff)).statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/v1/bills/${id}/receipt`, admin)).statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/v1/bills/${id}/receipt`, guests[0])).statusCode).toBe(404);
    expect((await send(t, 'GET', `/api/v1/bills/${id}/receipt`)).statusCode).toBe(401);
  });
});

describe('the day report', () => {
  test('over the bills paid that local day: the figures equal the sums of the bills; CSV; cash count; admins only', async ({
    t,
    guests,
    staff,
    admin,
    dishes,
    tableIds,
  }) => {
    const day = '2026-06-03';
    clock = Date.parse(`${day}T10:00:00.000Z`);
    try {
      const plain = dishes.filter((d) => (d.options ?? []).length === 0);
      const paidIds: string[] = [];
      // A day of bills: pick-ups, deliveries and tables, some discounted, paid by several methods with tips; one left open.
      const methods = ['cash', 'card', 'bkash', 'nagad', 'bank'] as const;
      for (let i = 0; i < 10; i += 1) {
        const who = guests[i % 6] as TestAccount;
        const fulfilment =
          i % 3 === 0
            ? { fulfilment: 'dine_in', tableId: tableIds[6 + (i % 4)] }
            : i % 3 === 1
              ? { fulfilment: 'delivery', address: { line1: '1 Road', area: 'Gulshan', phone: '+880 1711-000000' } }
              : {};
        const ticket = await place(t, who, plain[i % plain.length] as Product, 1 + (i % 3), fulfilment);
        const id = ticket.billId as string;
        if (i % 4 === 0)
          await send(t, 'POST', `/api/v1/bills/${id}/discounts`, staff, { percent: 10, reason: 'Loyalty' });
        if (i === 9) continue;
        const due = cents((await getBill(t, staff, id)).due);
        const method = methods[i % 5] as string;
        if (i % 2 === 0) {
          await pay(t, staff, id, { method, amount: Math.floor(due / 2) / 100, tip: 1, key: `day-${i}-first` });
          await pay(t, staff, id, {
            method: 'cash',
            amount: (due - Math.floor(due / 2)) / 100,
            key: `day-${i}-second`,
          });
        } else await pay(t, staff, id, { method, amount: due / 100, key: `day-${i}-only` });
        paidIds.push(id);
      }
      const bills = await Promise.all(paidIds.map((id) => getBill(t, staff, id)));
      expect(bills.every((b) => b.status === 'paid')).toBe(true);

      const res = await send(t, 'GET', `/api/v1/reports/day?date=${day}`, admin);
      expect(res.statusCode).toBe(200);
      const report = res.json().data;
      const sum = (f: (b: Bill) => number) => bills.reduce((s, b) => s + cents(f(b)), 0) / 100;
      const payments = bills.flatMap((b) => b.payments);
      const byMethod = new Map<string, { count: number; amount: number }>();
      for (const p of payments) {
        const m = byMethod.get(p.method) ?? { count: 0, amount: 0 };
        m.count += 1;
        m.amount += cents(p.amount);
        byMethod.set(p.method, m);
      }
      const taxes = new Map<number, { base: number; amount: number }>();
      for (const tax of bills.flatMap((b) => b.taxes)) {
        const x = taxes.get(tax.rate) ?? { base: 0, amount: 0 };
        x.base += cents(tax.base);
        x.amount += cents(tax.amount);
        taxes.set(tax.rate, x);
      }
      const cashIn = payments
        .filter((p) => p.method === 'cash')
        .reduce((s, p) => s + cents(p.amount) + cents(p.tip), 0);
      expect(report).toEqual({
        branchId: '1',
        bills: 9,
        covers: 0,
        gross: sum((b) => b.subtotal),
        discounts: sum((b) => b.discounts.reduce((s, d) => s + d.amount, 0)),
        serviceCharge: sum((b) => b.serviceCharge),
        deliveryFees: sum((b) => b.deliveryFee),
        taxes: [...taxes]
          .sort((a, b) => a[0] - b[0])
          .map(([rate, x]) => ({ name: 'VAT', rate, base: x.base / 100, amount: x.amount / 100 })),
        tips: sum((b) => b.tips),
        payments: [...byMethod]
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([method, x]) => ({ method, count: x.count, amount: x.amount / 100 })),
        refunds: 0,
        cashExpected: cashIn / 100,
        // Issue 48, point 5: gross less discounts; every payment and its tip, less the day's refunds.
        netSales:
          (cents(sum((b) => b.subtotal)) - cents(sum((b) => b.discounts.reduce((s, d) => s + d.amount, 0)))) / 100,
        totalTaken: payments.reduce((s, p) => s + cents(p.amount) + cents(p.tip), 0) / 100,
        // No deposit was kept that day (tests/api/reservations/deposits-kept.test.ts).
        depositsKept: { count: 0, amount: 0 },
        // No cash counted yet (tests/api/bills/cash-counts-kept.test.ts).
        cashCounts: [],
        // Every bill of the day opened in the restaurant's currency (tests/api/bills/currency-kept-by-day.test.ts).
        currency: 'USD',
      });
      // Every bill's parts add up to its total, and the day's takings to the bills' totals.
      for (const b of bills)
        expect(
          cents(b.subtotal) -
            b.discounts.reduce((s, d) => s + cents(d.amount), 0) +
            cents(b.serviceCharge) +
            cents(b.deliveryFee) +
            b.taxes.reduce((s, x) => s + cents(x.amount), 0),
        ).toBe(cents(b.total));
      expect(report.payments.reduce((s: number, p: { amount: number }) => s + cents(p.amount), 0)).toBe(
        bills.reduce((s, b) => s + cents(b.total), 0),
      );
      expect(report.deliveryFees).toBe(9);
      // Another day has nothing.
      expect((await send(t, 'GET', '/api/v1/reports/day?date=2026-06-04', admin)).json().data).toMatchObject({
        bills: 0,
        gross: 0,
        payments: [],
        cashExpected: 0,
      });

      const csv = await send(t, 'GET', `/api/v1/reports/day.csv?date=${day}`, admin);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="day-${day}.csv"`);
      const rows = new Map(
        csv.body
          .trim()
          .split('\r\n')
          .map((line) => line.split(',') as [string, string]),
      );
      expect(rows.get('bills')).toBe('9');
      expect(rows.get('gross')).toBe(report.gross.toFixed(2));
      expect(rows.get('cashExpected')).toBe(report.cashExpected.toFixed(2));
      expect(rows.get('netSales')).toBe(report.netSales.toFixed(2));
      expect(rows.get('totalTaken')).toBe(report.totalTaken.toFixed(2));
      expect(rows.get('payments cash amount')).toBe(((byMethod.get('cash')?.amount as number) / 100).toFixed(2));

      const count = await send(t, 'POST', '/api/v1/reports/cash-count', admin, {
        date: day,
        counted: report.cashExpected - 2.5,
      });
      expect(count.statusCode).toBe(200);
      expect(count.json().data).toEqual({
        expected: report.cashExpected,
        counted: report.cashExpected - 2.5,
        difference: -2.5,
      });
      expect(
        await t.database.db.selectFrom('cash_counts').select(['local_date', 'expected', 'counted']).execute(),
      ).toEqual([{ local_date: day, expected: cents(report.cashExpected), counted: cents(report.cashExpected) - 250 }]);

      // A cash refund made that day (as the payments work records one) counts in refunds and takes cash away: here more than came in.
      const cashPayment = await t.database.db
        .selectFrom('bill_payments')
        .select('id')
        .where('method', '=', 'cash')
        .where('bill_id', 'in', paidIds.map(Number))
        .executeTakeFirstOrThrow();
      await t.database.db
        .updateTable('bill_payments')
        .set({ refunded: asMinor(cashIn + 500), refunded_at: `${day}T18:00:00.000Z`, refunded_date: day })
        .where('id', '=', cashPayment.id)
        .execute();
      await t.database.db
        .insertInto('bill_refunds')
        .values({
          bill_payment_id: cashPayment.id,
          amount: asMinor(cashIn + 500),
          at: `${day}T18:00:00.000Z`,
          date: day,
        })
        .execute();
      const refunded = (await send(t, 'GET', `/api/v1/reports/day?date=${day}`, admin)).json().data;
      expect(refunded).toMatchObject({ refunds: (cashIn + 500) / 100, cashExpected: -5 });
      expect((await send(t, 'GET', `/api/v1/reports/day.csv?date=${day}`, admin)).body).toContain(
        '\r\ncashExpected,-5.00\r\n',
      );

      // Access: admins only; bad input 400; refusals keep nothing.
      const before = await billRows(t);
      for (const [method, url, body] of [
        ['GET', `/api/v1/reports/day?date=${day}`, undefined],
        ['GET', `/api/v1/reports/day.csv?date=${day}`, undefined],
        ['POST', '/api/v1/reports/cash-count', { date: day, counted: 10 }],
      ] as const) {
        expect((await send(t, method, url, undefined, body)).statusCode, url).toBe(401);
        expect((await send(t, method, url, guests[0], body)).statusCode, url).toBe(403);
        expect((await send(t, method, url, staff, body)).statusCode, url).toBe(403);
      }
      expect((await send(t, 'GET', '/api/v1/reports/day', admin)).statusCode).toBe(400);
      expect((await send(t, 'GET', '/api/v1/reports/day?date=2026-13-01', admin)).statusCode).toBe(400);
      expect(
        (await send(t, 'POST', '/api/v1/reports/cash-count', admin, { date: day, counted: 1.234 })).statusCode,
      ).toBe(400);
      expect((await send(t, 'POST', '/api/v1/reports/cash-count', admin, { date: day, counted: -1 })).statusCode).toBe(
        400,
      );
      expect(await billRows(t)).toBe(before);
    } finally {
      clock = Date.parse(`${DAY}T12:00:00.000Z`);
    }
  });
});

describe('the kitchen and the bill', () => {
  test('handing over a pick-up whose money was due takes it in cash on its bill; a cancelled order’s bill is void', async ({
    t,
    guests,
    staff,
    dishes,
    tableIds,
  }) => {
    const guest = guests[3] as TestAccount;
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const move = (id: string, status: string, reason?: string) =>
      send(t, 'POST', `/api/v1/kitchen/tickets/${id}/status`, staff, { status, ...(reason ? { reason } : {}) });
    const ticket = await place(t, guest, dish, 2);
    const due = (await getBill(t, staff, ticket.billId as string)).due;
    expect((await move(ticket._id, 'ready')).statusCode).toBe(200);
    expect((await move(ticket._id, 'completed')).statusCode).toBe(200);
    const bill = await getBill(t, staff, ticket.billId as string);
    expect(bill).toMatchObject({
      status: 'paid',
      due: 0,
      paid: due,
      payments: [{ method: 'cash', provider: 'restaurant', amount: due }],
    });
    expect(bill.receiptNumber).toBeGreaterThan(0);

    const cancelled = await place(t, guest, dish, 1);
    expect((await move(cancelled._id, 'cancelled', 'Out of stock')).statusCode).toBe(200);
    expect(await getBill(t, staff, cancelled.billId as string)).toMatchObject({
      status: 'void',
      lines: [],
      total: 0,
      due: 0,
    });
    expect(
      (await pay(t, staff, cancelled.billId as string, { method: 'cash', amount: 1, key: 'void-bill-pay' })).statusCode,
    ).toBe(409);

    // A table's round handed over stays on the table's open bill: it is paid with "Take payment".
    const round = await place(t, guest, dish, 1, { fulfilment: 'dine_in', tableId: tableIds[11] });
    await move(round._id, 'ready');
    await move(round._id, 'completed');
    expect((await getBill(t, staff, round.billId as string)).status).toBe('open');
  });
});

describe('live', () => {
  test('a payment that pays the bill tells its guests’ streams that their tickets changed', async ({
    t,
    guests,
    staff,
    dishes,
    tableIds,
  }) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const guest = guests[2] as TestAccount;
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const ticket = await place(t, guest, dish, 1, { fulfilment: 'dine_in', tableId: tableIds[12] });
    const stream = await openEventStream(base, guest.accessToken);
    try {
      const due = (await getBill(t, staff, ticket.billId as string)).due;
      expect(
        (await pay(t, staff, ticket.billId as string, { method: 'card', amount: due, key: 'live-paid-1' })).statusCode,
      ).toBe(201);
      const heard = await stream.waitFor(
        (m) =>
          (m.data as { type?: string; _id?: string }).type === 'ticket' &&
          (m.data as { _id?: string })._id === ticket._id,
        5_000,
      );
      expect(heard.data).toMatchObject({ type: 'ticket', _id: ticket._id, number: ticket.number });
      expect(((await send(t, 'GET', `/api/v1/tickets/${ticket._id}`, guest)).json().data as Ticket).payment).toBe(
        'paid',
      );
    } finally {
      stream.close();
    }
  });
});

describe('live bills', () => {
  test('a discount and a part payment tell staff streams that the bill changed (the Floor), and no guest', async ({
    t,
    guests,
    staff,
    dishes,
    tableIds,
  }) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const guest = guests[3] as TestAccount;
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const ticket = await place(t, guest, dish, 2, { fulfilment: 'dine_in', tableId: tableIds[13] });
    const billId = ticket.billId as string;
    const floor = await openEventStream(base, staff.accessToken);
    const guestStream = await openEventStream(base, guest.accessToken);
    const isBill = (m: { data: unknown }) =>
      (m.data as { type?: string; _id?: string }).type === 'bill' && (m.data as { _id?: string })._id === billId;
    try {
      expect(
        (await send(t, 'POST', `/api/v1/bills/${billId}/discounts`, staff, { percent: 5, reason: 'Regular guest' }))
          .statusCode,
      ).toBe(200);
      expect((await floor.waitFor(isBill, 5_000)).data).toEqual({ type: 'bill', _id: billId });
      expect((await pay(t, staff, billId, { method: 'cash', amount: 1, key: 'live-part-1' })).statusCode).toBe(201);
      await floor.waitFor((m) => isBill(m) && floor.messages.filter(isBill).length >= 2, 5_000);
      expect(floor.messages.filter(isBill)).toHaveLength(2);
      // The guest's stream hears their ticket events only; a bill event is staff's. Their ticket's
      // next event, sent after the bill's, arrives after them.
      expect(
        (await send(t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, staff, { status: 'preparing' }))
          .statusCode,
      ).toBe(200);
      await guestStream.waitFor(
        (m) =>
          (m.data as { type?: string; _id?: string; status?: string }).type === 'ticket' &&
          (m.data as { _id?: string })._id === ticket._id &&
          (m.data as { status?: string }).status === 'preparing',
        5_000,
      );
      expect(guestStream.messages.filter(isBill)).toEqual([]);
    } finally {
      floor.close();
      guestStream.close();
    }
  });
});

describe('payments that succeeded elsewhere', () => {
  test('recordSucceeded: at most the due, under the bill’s lock; at due 0 the bill is paid; a closed bill records nothing', async ({
    t,
    guests,
    staff,
    dishes,
  }) => {
    const { db, engine } = t.database;
    const restaurant = createRestaurantService(db, DEMO_SETTINGS);
    const heard: number[][] = [];
    const events = createDomainEvents();
    events.on('bill.paid', (paid) => void heard.push(paid.tickets.map((p) => p.id)));
    const catalog = createCatalogService(t.database, { imageExists: async () => true });
    const bills = createBillsService(db, engine, {
      restaurant,
      tickets: createTicketsPublished(db),
      catalog,
      now: () => clock,
      events,
    });
    const settings = await restaurant.at(MAIN_BRANCH_ID).get();
    const dish = dishes.find((d) => (d.options ?? []).length === 0) as Product;
    const ticket = await place(t, guests[1] as TestAccount, dish, 2);
    const id = Number(ticket.billId);
    const due = cents((await getBill(t, staff, ticket.billId as string)).due);
    const record = (amount: number) =>
      db.transaction().execute((trx) =>
        bills.recordSucceeded(trx, settings, id, {
          method: 'card',
          provider: 'stripe',
          amount: asMinor(amount),
          tip: ZERO,
          byUserId: null,
        }),
      );
    expect((await record(due + 1)).outcome).toBe('overDue');
    expect((await record(100)).outcome).toBe('recorded');
    const paid = await record(due - 100);
    expect(paid).toEqual({
      outcome: 'paid',
      paidTickets: [{ id: Number(ticket._id), userId: expect.any(Number) }],
      branch: 1,
    });
    bills.announcePaid({ id, branch_id: 1 }, paid.paidTickets);
    expect(heard).toEqual([[Number(ticket._id)]]);
    const bill = await getBill(t, staff, ticket.billId as string);
    expect(bill).toMatchObject({
      status: 'paid',
      due: 0,
      payments: [
        { provider: 'stripe', amount: 1 },
        { provider: 'stripe', amount: (due - 100) / 100 },
      ],
    });
    expect(bill.receiptNumber).toBeGreaterThan(0);
    expect((await record(1)).outcome).toBe('notOpen');
    expect(
      (
        await db.transaction().execute((trx) =>
          bills.recordSucceeded(trx, settings, 999_999, {
            method: 'card',
            provider: 'stripe',
            amount: asMinor(1),
            tip: ZERO,
            byUserId: null,
          }),
        )
      ).outcome,
    ).toBe('notFound');
  });
});
