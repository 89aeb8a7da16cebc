import { describe, expect } from 'vitest';
import type { Bill } from '../../src/shared/contract/bills.ts';
import type { Product } from '../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount, orderDish } from '../support/factories.ts';
import { useRecordsWorld } from '../support/fixtures.ts';
import { allDayKitchen, call as send } from '../support/records.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * The bill (ORDERING.md "The bill", issue 38) through the HTTP API, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: every ticket on one bill, the money under the billing
 * settings, discounts with the staff limit, split, payments with keys and change, receipt
 * numbers under a race, the receipt page and the day's report. Every endpoint is called with no
 * token, as a guest, as staff and as an administrator; a refusal changes nothing.
 */

const ADMIN = { email: 'bill-owner@example.com', password: 'bill-owner-password' };
const DAY = '2026-06-01';
let clock = Date.parse(`${DAY}T12:00:00.000Z`);

/** Billing the tests can check by hand: 5 % added on takeaway, 10 % on dine-in, a 10 % service charge. */
const BILLING = { taxName: 'VAT', taxInclusive: false, taxNumber: 'TX-4455', rates: { dineIn: 10, takeaway: 5 }, categoryRates: {}, serviceChargePercent: 10, tipSuggestions: [5, 10], staffDiscountMaxPercent: 20 };

const test = useRecordsWorld(ADMIN, { clock: () => clock })
  .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      ...allDayKitchen(10_000),
      fulfilment: { pickup: true, delivery: true, dineIn: true, deliveryMinutes: 30, deliveryFee: 3, deliveryMinimum: 0 },
      unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
      // The defaults rate Drinks at 15 %: null removes it.
      billing: { ...BILLING, categoryRates: { Drinks: null } },
    });
    if (settings.statusCode !== 200) throw new Error(settings.body);
    return makeStaff(t, admin, 'Till Tess');
  })
  .extend('staff2', { scope: 'file' }, async ({ t, admin }) => makeStaff(t, admin, 'Till Tom'))
  .extend('tableIds', { scope: 'file' }, async ({ t, admin }) => ((await send(t, 'GET', '/api/v1/tables', admin)).json().data as { _id: string }[]).map((x) => x._id));

async function makeStaff(t: TestApp, admin: TestAccount, name: string): Promise<TestAccount> {
  const account = await createAccount(t.app, { name });
  const users = (await send(t, 'GET', '/api/v1/users/users', admin)).json().data as { _id: string; email: string }[];
  const res = await send(t, 'PATCH', `/api/v1/users/users/${users.find((u) => u.email === account.email)?._id}`, admin, { role: 'staff' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return account;
}

/** Places a one-line ticket (cash unless `pay` says otherwise). */
async function place(t: TestApp, who: TestAccount, dish: Product, quantity: number, body: Record<string, unknown> = {}): Promise<Ticket> {
  const line = await orderDish(t.app, who, dish._id, quantity);
  const res = await send(t, 'POST', '/api/v1/checkout', who, { orderIds: [line.orderMainId], fulfilment: 'pickup', when: 'asap', pay: { Method: 'cash' }, ...body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}

const getBill = async (t: TestApp, who: TestAccount, id: string): Promise<Bill> => {
  const res = await send(t, 'GET', `/api/v1/bills/${id}`, who);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as Bill;
};
const pay = (t: TestApp, who: TestAccount | undefined, id: string, body: Record<string, unknown>) => send(t, 'POST', `/api/v1/bills/${id}/payments`, who, body);
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
  test('admins set them within the ranges; a category set to null is removed; others are refused', async ({ t, admin, staff, alice }) => {
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
    for (const billing of bad) expect([JSON.stringify(billing), (await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing })).statusCode]).toEqual([JSON.stringify(billing), 400]);
    expect((await send(t, 'PATCH', '/api/v1/restaurant', staff, { billing: { serviceChargePercent: 0 } })).statusCode).toBe(403);
    expect((await send(t, 'PATCH', '/api/v1/restaurant', alice, { billing: { serviceChargePercent: 0 } })).statusCode).toBe(403);
    expect((await send(t, 'PATCH', '/api/v1/restaurant', undefined, { billing: { serviceChargePercent: 0 } })).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/restaurant')).json().data.billing).toEqual(BILLING);

    const set = await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing: { categoryRates: { Drinks: 12.5, Desserts: 0 }, rates: { dineIn: 10 } } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.billing).toEqual({ ...BILLING, categoryRates: { Drinks: 12.5, Desserts: 0 } });
    const removed = await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing: { categoryRates: { Drinks: null, Desserts: null } } });
    expect(removed.json().data.billing).toEqual(BILLING);
  });
});

describe('bills', () => {
  test('a pick-up has a bill of its own; dine-in tickets of a table share its open bill; the money follows the settings', async ({ t, alice, bob, staff, admin, dishes, tableIds }) => {
    const dish = dishes.find((d) => Number.isInteger(d.price) && (d.options ?? []).length === 0) as Product;
    const a = await place(t, alice, dish, 2);
    const b = await place(t, alice, dish, 1);
    expect(a.billId).toBeDefined();
    expect(b.billId).not.toBe(a.billId);
    const own = await getBill(t, staff, a.billId as string);
    // Pick-up: 5 % added, no service charge.
    const sub = cents(dish.price) * 2;
    expect(own).toMatchObject({ status: 'open', fulfilment: 'pickup', ticketIds: [a._id], subtotal: sub / 100, serviceCharge: 0, deliveryFee: 0, taxInclusive: false, paid: 0, tips: 0 });
    expect(own.taxes).toEqual([{ name: 'VAT', rate: 5, base: sub / 100, amount: (sub * 5) / 10_000 }]);
    expect(own.total).toBe((sub + (sub * 5) / 100) / 100);
    expect(own.due).toBe(own.total);
    expect(own.lines).toEqual([{ _id: expect.any(String), ticketId: a._id, name: dish.name, options: [], quantity: 2, unitPrice: dish.price, total: dish.price * 2, taxRate: 5 }]);

    // Two rounds at one table, by two guests: one bill; 10 % VAT and a 10 % service charge on dine-in.
    const table = tableIds[0] as string;
    const r1 = await place(t, alice, dish, 1, { fulfilment: 'dine_in', tableId: table });
    const r2 = await place(t, bob, dish, 3, { fulfilment: 'dine_in', tableId: table });
    expect(r2.billId).toBe(r1.billId);
    const shared = await getBill(t, staff, r1.billId as string);
    const s = cents(dish.price) * 4;
    expect(shared).toMatchObject({ fulfilment: 'dine_in', tableId: table, ticketIds: [r1._id, r2._id], subtotal: s / 100, serviceCharge: s / 1000 });
    expect(shared.total).toBe((s + s / 10 + s / 10) / 100);
    // Another table has its own.
    const other = await place(t, bob, dish, 1, { fulfilment: 'dine_in', tableId: tableIds[1] });
    expect(other.billId).not.toBe(r1.billId);

    // An open bill follows the settings of the moment.
    await send(t, 'PATCH', '/api/v1/restaurant', admin, { billing: { rates: { takeaway: 0 } } });
    expect((await getBill(t, staff, a.billId as string)).taxes).toEqual([{ name: 'VAT', rate: 0, base: sub / 100, amount: 0 }]);
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
