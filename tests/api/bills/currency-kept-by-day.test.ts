import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bill, DayReport } from '../../../src/shared/contract/bills.ts';
import type { TodayFigures } from '../../../src/shared/contract/dashboard.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount, createAdmin, createStaff, orderDish } from '../../support/factories.ts';
import { allDayKitchen, call, menu } from '../../support/records.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Issue 58 point 6, the rest (decision 057): "bills, payments and reports already written keep
 * the currency they were taken in". On SQLite and (with TEST_DATABASE_URL) PostgreSQL: after the
 * currency changes from USD to BDT, the day report and today's figures of a day whose bills are
 * in USD still say USD (in JSON and CSV); a day with bills in both says so and names both; a
 * bill opened in USD is paid online in USD; the bill's own messages write its amounts in USD.
 * Before, every one of them took the settings' currency of the moment.
 */
const DAY = '2026-07-01';
let clock = Date.parse(`${DAY}T12:00:00.000Z`);
let t: TestApp;
let admin: TestAccount;
let staff: TestAccount;
let guest: TestAccount;
let dish: string;
let tableIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clock });
  admin = await createAdmin(t.app, t.database, { email: `currency-admin-${Date.now()}@example.com` });
  const set = await call(t, 'PATCH', '/api/v1/restaurant', admin, {
    ...allDayKitchen(1000),
    timeZone: 'UTC',
    fulfilment: { pickup: true, delivery: true, dineIn: true, deliveryMinutes: 30, deliveryFee: 3, deliveryMinimum: 0 },
    unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
  });
  if (set.statusCode !== 200) throw new Error(set.body);
  staff = await createStaff(t.app, admin, { name: 'Till Currency' });
  guest = await createAccount(t.app, { name: 'Currency Guest' });
  dish = (await menu(t))[0]?._id as string;
  tableIds = ((await call(t, 'GET', '/api/v1/tables', admin)).json().data as { _id: string }[]).map((x) => x._id);
}, 60_000);
afterAll(() => t?.close());

let keys = 0;
const newKey = () => `currency-${process.pid}-${(keys += 1)}`;

async function getBill(id: string): Promise<Bill> {
  const res = await call(t, 'GET', `/api/v1/bills/${id}`, staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Bill;
}
async function tableRound(table: string): Promise<Bill> {
  const res = await call(t, 'POST', '/api/v1/tickets', staff, {
    fulfilment: 'dine_in',
    tableId: Number(table),
    when: 'asap',
    lines: [{ productId: dish, quantity: 1 }],
    customer: {},
    key: newKey(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return getBill((res.json().data as Ticket).billId as string);
}
async function payCash(bill: Bill) {
  const res = await call(t, 'POST', `/api/v1/bills/${bill._id}/payments`, staff, {
    method: 'cash',
    amount: bill.due,
    key: newKey(),
  });
  expect(res.statusCode, res.body).toBe(201);
}
async function dayReport(date: string): Promise<DayReport> {
  const res = await call(t, 'GET', `/api/v1/reports/day?date=${date}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DayReport;
}
const setCurrency = async (currency: string) =>
  expect((await call(t, 'PATCH', '/api/v1/restaurant', admin, { currency })).statusCode).toBe(200);

describe('a currency change keeps what was written (issue 58, point 6)', () => {
  test("the day report and today's figures of a day taken in USD still say USD after the change to BDT; a day in both names both", async () => {
    const first = await tableRound(tableIds[0] as string);
    await payCash(first);
    const before = await dayReport(DAY);
    expect(before.currency).toBe('USD');
    expect(before.currencies).toBeUndefined();

    await setCurrency('BDT');
    try {
      const after = await dayReport(DAY);
      expect(after).toEqual(before);
      const today = (await call(t, 'GET', '/api/v1/dashboard/today', staff)).json().data as TodayFigures;
      expect([today.date, today.currency, today.netSales]).toEqual([DAY, 'USD', before.netSales]);
      const csv = await call(t, 'GET', `/api/v1/reports/day.csv?date=${DAY}`, admin);
      expect(csv.body).toContain('\r\ncurrency,USD\r\n');

      // A day without bills: the settings' currency.
      expect((await dayReport('2026-06-15')).currency).toBe('BDT');

      // The same day, a bill opened in BDT paid too: both named, the figures adding them as written.
      const second = await tableRound(tableIds[1] as string);
      expect(second.currency).toBe('BDT');
      await payCash(second);
      const mixed = await dayReport(DAY);
      expect(mixed.currencies).toEqual(['BDT', 'USD']);
      expect(mixed.currency).toBe('BDT');
      expect(mixed.bills).toBe(2);
      expect(Math.round(mixed.netSales * 100)).toBe(Math.round((first.subtotal + second.subtotal) * 100));
      expect((await call(t, 'GET', `/api/v1/reports/day.csv?date=${DAY}`, admin)).body).toContain(
        '\r\ncurrency,BDT USD\r\n',
      );
    } finally {
      await setCurrency('USD');
    }
  });

  test('a bill opened in USD is charged online in USD and names its amounts in USD after the change to BDT', async () => {
    clock = Date.parse('2026-07-02T12:00:00.000Z');
    const line = await orderDish(t.app, guest, dish, 2);
    const placed = await call(t, 'POST', '/api/v1/checkout', guest, {
      orderIds: [line.orderMainId],
      fulfilment: 'dine_in',
      tableId: tableIds[2],
      when: 'asap',
      pay: { Method: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const bill = await getBill((placed.json().data as Ticket).billId as string);
    expect(bill.currency).toBe('USD');
    await setCurrency('BDT');
    try {
      // More than the due: the message writes the due in the bill's currency.
      const over = await call(t, 'POST', `/api/v1/bills/${bill._id}/payments`, staff, {
        method: 'cash',
        amount: bill.due + 1,
        key: newKey(),
      });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toContain('$');
      expect(over.json().message).not.toContain('BDT');
      const online = await call(t, 'POST', '/api/v1/payments', guest, {
        billId: bill._id,
        provider: 'demo',
        key: newKey(),
      });
      expect(online.statusCode, online.body).toBe(201);
      const row = await t.database.db
        .selectFrom('payments')
        .select(['currency', 'amount'])
        .where('bill_id', '=', Number(bill._id))
        .executeTakeFirstOrThrow();
      expect([row.currency, Number(row.amount)]).toEqual(['USD', Math.round(bill.due * 100)]);
    } finally {
      await setCurrency('USD');
    }
  });
});
