import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import { call as send } from '../../support/records.ts';
import { staffOrder } from '../../support/printers.ts';
import { useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * Issue 58, point 8: the owner's cash counts were kept (POST /api/v1/reports/cash-count) and
 * never shown again. The day report now lists the day's counts, oldest first, each with who
 * counted, when, what was expected then and the difference. Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'cash-counts@example.com', password: 'cash-counts-password' };
let clock = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => clock);
const DAY = '2026-06-01';

describe('the day report lists the cash counts kept', () => {
  test('each count with who counted, when, what was expected then and the difference; two counted at once are both kept; another day has none', async ({
    t,
    admin,
    staff,
    dishes,
  }) => {
    const dish = dishes.find((d) => (d.options ?? []).length === 0);
    const report = async (date = DAY) => {
      const res = await send(t, 'GET', `/api/v1/reports/day?date=${date}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        cashExpected: number;
        cashCounts: { counted: number; expected: number; difference: number; by: string; at: string }[];
      };
    };
    expect((await report()).cashCounts).toEqual([]);

    // A pick-up paid in cash: the day expects its money in the drawer.
    const ticket = await staffOrder(t, staff, [{ productId: dish?._id as string, quantity: 2 }]);
    const bill = (await send(t, 'GET', `/api/v1/bills/${ticket.billId}`, staff)).json().data as Bill;
    expect(
      (
        await send(t, 'POST', `/api/v1/bills/${ticket.billId}/payments`, staff, {
          method: 'cash',
          amount: bill.due,
          key: 'cash-counts-pay-1',
        })
      ).statusCode,
    ).toBe(201);
    const expected = (await report()).cashExpected;
    expect(expected).toBe(bill.due);

    clock = Date.parse('2026-06-01T20:15:00.000Z');
    expect(
      (await send(t, 'POST', '/api/v1/reports/cash-count', admin, { date: DAY, counted: expected - 2.5 })).statusCode,
    ).toBe(200);
    // Two counts sent at once (two devices): both are kept, neither lost.
    clock = Date.parse('2026-06-01T21:30:00.000Z');
    const both = await Promise.all([
      send(t, 'POST', '/api/v1/reports/cash-count', admin, { date: DAY, counted: expected }),
      send(t, 'POST', '/api/v1/reports/cash-count', admin, { date: DAY, counted: expected + 1 }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);

    const { name } = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const counts = (await report()).cashCounts;
    expect(counts).toHaveLength(3);
    expect(counts[0]).toEqual({
      counted: expected - 2.5,
      expected,
      difference: -2.5,
      by: name,
      at: '2026-06-01T20:15:00.000Z',
    });
    expect(
      counts
        .slice(1)
        .map((c) => c.difference)
        .sort(),
    ).toEqual([0, 1]);
    expect(
      counts.slice(1).every((c) => c.at === '2026-06-01T21:30:00.000Z' && c.by === name && c.expected === expected),
    ).toBe(true);

    // A payment taken after the counts does not rewrite them: each keeps what was expected when it was made.
    const later = await staffOrder(t, staff, [{ productId: dish?._id as string, quantity: 1 }]);
    const laterBill = (await send(t, 'GET', `/api/v1/bills/${later.billId}`, staff)).json().data as Bill;
    expect(
      (
        await send(t, 'POST', `/api/v1/bills/${later.billId}/payments`, staff, {
          method: 'cash',
          amount: laterBill.due,
          key: 'cash-counts-pay-2',
        })
      ).statusCode,
    ).toBe(201);
    const after = await report();
    expect(after.cashExpected).toBe(Math.round((expected + laterBill.due) * 100) / 100);
    expect(after.cashCounts).toEqual(counts);

    expect((await report('2026-06-02')).cashCounts).toEqual([]);
    // The counts are the owner's: staff read no day report.
    expect((await send(t, 'GET', `/api/v1/reports/day?date=${DAY}`, staff)).statusCode).toBe(403);
  });
});
