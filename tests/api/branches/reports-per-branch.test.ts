import { describe, expect } from 'vitest';
import type { Bill, BrandDayReport, DayReport } from '../../../src/shared/contract/bills.ts';
import type { Branch } from '../../../src/shared/contract/branches.ts';
import type { TodayFigures } from '../../../src/shared/contract/dashboard.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';
import { call } from '../../support/records.ts';
import { named, order, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * Issue 57 (decision 062): the owner's figures are a branch's. A branch's day report, its CSV,
 * its cash count and its dashboard read that branch's bills, payments, deposits, book and tickets
 * only; `branch=all` answers the brand's day with one row per branch beside totals that are the
 * sums of the rows, in JSON and in CSV (a column per branch), for admins only. On both engines.
 */
const ADMIN = { email: 'reports-per-branch@example.com', password: 'reports-per-branch-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const DATE = '2026-06-01';
const test = useStaffOrderWorld(ADMIN, () => NOW);

type BranchRow = BrandDayReport['branches'][number];

describe("a branch's figures", () => {
  test("a branch's day, cash count and dashboard are its own; the brand's day is their sum", async ({
    t,
    admin,
    staff,
    dishes,
  }) => {
    await addBranch(t.database.db);
    await forgetBranches(t, admin);
    const main = (await call(t, 'GET', '/api/v1/branches', undefined)).json<{ data: Branch[] }>().data[0]!;
    const tacos = named(dishes, 'Beef Tacos');
    // One order at the main branch, paid by card; two at Gulshan, one in cash with a tip, one by card.
    const paid = async (query: string, method: 'cash' | 'card', tip = 0) => {
      const placed = await call(t, 'POST', `/api/v1/tickets${query}`, staff, order(tacos));
      expect(placed.statusCode).toBe(201);
      const billId = placed.json<{ data: Ticket }>().data.billId;
      const bill = (await call(t, 'GET', `/api/v1/bills/${billId}${query}`, staff)).json<{ data: Bill }>().data;
      const res = await call(t, 'POST', `/api/v1/bills/${billId}/payments${query}`, staff, {
        method,
        amount: bill.due,
        ...(tip > 0 ? { tip } : {}),
        key: `reports-per-branch-${billId}`,
      });
      expect(res.statusCode).toBe(201);
      return bill.due;
    };
    const mainDue = await paid('', 'card');
    const cashDue = await paid('?branch=gulshan', 'cash', 2);
    const cardDue = await paid('?branch=gulshan', 'card');

    const day = async (query: string) => {
      const res = await call(t, 'GET', `/api/v1/reports/day?date=${DATE}${query}`, admin);
      expect(res.statusCode).toBe(200);
      return res.json<{ data: DayReport & { branchId: string } }>().data;
    };
    const atMain = await day('');
    const atGulshan = await day('&branch=gulshan');
    expect([atMain.branchId, atMain.bills, atMain.totalTaken]).toEqual(['1', 1, mainDue]);
    expect([atGulshan.branchId, atGulshan.bills, atGulshan.cashExpected]).toEqual(['2', 2, cashDue + 2]);
    expect(atGulshan.totalTaken).toBeCloseTo(cashDue + 2 + cardDue, 2);
    expect(atMain.payments.map((p) => p.method)).toEqual(['card']);
    expect(atGulshan.payments.map((p) => [p.method, p.count])).toEqual([
      ['card', 1],
      ['cash', 1],
    ]);

    // A cash count at Gulshan is kept against Gulshan's expected cash, and listed there only.
    const counted = await call(t, 'POST', '/api/v1/reports/cash-count?branch=gulshan', admin, {
      date: DATE,
      counted: cashDue + 2,
    });
    expect(counted.statusCode).toBe(200);
    expect(counted.json<{ data: { expected: number; difference: number } }>().data).toMatchObject({
      expected: cashDue + 2,
      difference: 0,
    });
    expect((await day('')).cashCounts).toEqual([]);
    expect((await day('&branch=2')).cashCounts.map((c) => c.counted)).toEqual([cashDue + 2]);
    const counts = await t.database.db.selectFrom('cash_counts').select(['branch_id', 'counted']).execute();
    expect(counts.map((c) => c.branch_id)).toEqual([2]);

    // The brand's day: a row per branch, in their order, and every figure the sum of the rows.
    const brand = (await call(t, 'GET', `/api/v1/reports/day?date=${DATE}&branch=all`, admin)).json<{
      data: BrandDayReport;
    }>().data;
    expect(brand.branchId).toBe('all');
    expect(brand.branches.map((b) => [b.branchId, b.slug])).toEqual([
      ['1', main.slug],
      ['2', 'gulshan'],
    ]);
    const [mainRow, gulshanRow] = brand.branches as [BranchRow, BranchRow];
    expect(mainRow).toMatchObject({ ...atMain, name: main.name });
    expect(gulshanRow).toMatchObject({ bills: 2, cashExpected: cashDue + 2 });
    for (const figure of ['bills', 'covers', 'gross', 'discounts', 'netSales', 'tips', 'cashExpected'] as const) {
      expect(brand[figure], figure).toBeCloseTo(mainRow[figure] + gulshanRow[figure], 2);
    }
    expect(brand.totalTaken).toBeCloseTo(mainDue + cashDue + 2 + cardDue, 2);
    expect(brand.payments.map((p) => [p.method, p.count])).toEqual([
      ['card', 2],
      ['cash', 1],
    ]);
    expect(brand.cashCounts).toHaveLength(1);

    // The CSV: a column per branch by its slug, the brand's last.
    const csv = await call(t, 'GET', `/api/v1/reports/day.csv?date=${DATE}&branch=all`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="day-${DATE}-brand.csv"`);
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(`figure,${main.slug},gulshan,brand`);
    expect(rows).toContain('bills,1,2,3');
    expect(rows).toContain('payments cash count,0,1,1');
    expect(rows).toContain(
      `totalTaken,${mainDue.toFixed(2)},${gulshanRow.totalTaken.toFixed(2)},${brand.totalTaken.toFixed(2)}`,
    );
    const one = await call(t, 'GET', `/api/v1/reports/day.csv?date=${DATE}&branch=gulshan`, admin);
    expect(one.body.split('\r\n')).toContain('bills,2');

    // Today's dashboard at each branch counts its own tickets.
    const today = async (query: string) =>
      (await call(t, 'GET', `/api/v1/dashboard/today${query}`, staff)).json<{ data: TodayFigures }>().data;
    const placedAt = (figures: TodayFigures) => Object.values(figures.ticketsByStatus).reduce((a, b) => a + b, 0);
    expect(placedAt(await today(''))).toBe(1);
    expect(placedAt(await today('?branch=gulshan'))).toBe(2);
    // The brand admin's dashboard sets the branches' today side by side; staff may not read it.
    const sideBySide = (await call(t, 'GET', '/api/v1/dashboard/today?branch=all', admin)).json<{
      data: { branches: (TodayFigures & { slug: string; branchId: string })[] };
    }>().data.branches;
    expect(sideBySide.map((b) => [b.branchId, b.slug, placedAt(b)])).toEqual([
      ['1', main.slug, 1],
      ['2', 'gulshan', 2],
    ]);
    expect(sideBySide[1]!.netSales).toBe(gulshanRow.netSales);
    expect((await call(t, 'GET', '/api/v1/dashboard/today?branch=all', staff)).statusCode).toBe(403);
  });

  test("the brand's day is for admins; an unknown branch is named as such", async ({ t, admin, staff }) => {
    expect((await call(t, 'GET', `/api/v1/reports/day?date=${DATE}&branch=all`, staff)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/v1/reports/day.csv?date=${DATE}&branch=all`, staff)).statusCode).toBe(403);
    const unknown = await call(t, 'GET', `/api/v1/reports/day?date=${DATE}&branch=banani`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('No such branch');
    const count = await call(t, 'POST', '/api/v1/reports/cash-count?branch=banani', admin, { date: DATE, counted: 1 });
    expect(count.statusCode).toBe(404);
    // An archived branch with figures that day keeps its row in the brand's day; one without is left out.
    await t.database.db
      .updateTable('branches')
      .set({ archived_at: '2026-06-01T13:00:00Z' })
      .where('id', '=', 2)
      .execute();
    await addBranch(t.database.db, { id: 3, slug: 'uttara', position: 3, archived_at: '2026-06-01T13:00:00Z' });
    const brand = (await call(t, 'GET', `/api/v1/reports/day?date=${DATE}&branch=all`, admin)).json<{
      data: BrandDayReport;
    }>().data;
    expect(brand.branches.map((b) => b.slug)).toEqual([brand.branches[0]!.slug, 'gulshan']);
    expect(brand.bills).toBe(3);
  });
});
