import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { KitchenTicket } from '../../../src/shared/contract/kitchen.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';
import { call } from '../../support/records.ts';
import { named, order, ticketTables, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Issue 57 phase 2b (decision 062): tickets, their bills and the kitchen are a branch's. An order
 * placed at a branch is that branch's (its ticket, lines, bill and kitchen loads carry it), is
 * numbered on that branch's day (A-001 at each), shows on that branch's board only, and is not
 * moved through another branch (404, nothing changed); a paid bill takes its receipt number from
 * its own branch's counter. On both engines.
 */
const ADMIN = { email: 'tickets-per-branch@example.com', password: 'tickets-per-branch-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const board = async (t: TestApp, who: Parameters<typeof call>[3], query: string) =>
  (await call(t, 'GET', `/api/v1/kitchen/tickets${query}`, who)).json<{ data: KitchenTicket[] }>().data;

describe("a branch's tickets", () => {
  test('an order placed at a branch is numbered on its day, on its board and its kitchen only', async ({
    t,
    admin,
    staff,
    dishes,
  }) => {
    await addBranch(t.database.db);
    await forgetBranches(t, admin);
    const tacos = named(dishes, 'Beef Tacos');
    const placed = async (query: string) => {
      const res = await call(t, 'POST', `/api/v1/tickets${query}`, staff, order(tacos));
      expect(res.statusCode).toBe(201);
      return res.json<{ data: Ticket }>().data;
    };
    const main = await placed('');
    const gulshan = await placed('?branch=gulshan');
    const again = await placed('?branch=2');
    // Each branch numbers its own day.
    expect([main.number, main.branchId]).toEqual(['A-001', '1']);
    expect([gulshan.number, gulshan.branchId]).toEqual(['A-001', '2']);
    expect([again.number, again.branchId]).toEqual(['A-002', '2']);
    const bills = await t.database.db.selectFrom('bills').select(['id', 'branch_id', 'number']).orderBy('id').execute();
    expect(bills.map((b) => [b.branch_id, b.number])).toEqual([
      [1, 'B-001'],
      [2, 'B-001'],
      [2, 'B-002'],
    ]);
    const lines = await t.database.db.selectFrom('ticket_lines').select(['ticket_id', 'branch_id']).execute();
    expect(lines.map((l) => [l.ticket_id, l.branch_id]).sort()).toEqual(
      [
        [Number(main._id), 1],
        [Number(gulshan._id), 2],
        [Number(again._id), 2],
      ].sort(),
    );
    // The kitchen's loads are each branch's: Gulshan's two orders in its buckets, the main branch's one in its own.
    const unitsByBranch = async (table: 'kitchen_buckets' | 'tickets') =>
      (
        await t.database.db
          .selectFrom(table)
          .select(['branch_id', (eb) => eb.fn.sum<number>('units').as('units')])
          .groupBy('branch_id')
          .orderBy('branch_id')
          .execute()
      ).map((r) => [r.branch_id, Number(r.units)]);
    const loads = await unitsByBranch('kitchen_buckets');
    expect(loads).toEqual(await unitsByBranch('tickets'));
    expect(loads.map(([branch]) => branch)).toEqual([1, 2]);
    // Each board shows its own branch's tickets.
    expect((await board(t, staff, '')).map((c) => c._id)).toEqual([main._id]);
    expect((await board(t, staff, '?branch=gulshan')).map((c) => c._id).sort()).toEqual(
      [gulshan._id, again._id].sort(),
    );
    expect((await call(t, 'GET', `/api/v1/kitchen/tickets/${main._id}?branch=gulshan`, staff)).statusCode).toBe(404);
  });

  test("another branch's ticket is not moved through this one; a receipt is numbered on its bill's branch", async ({
    t,
    staff,
  }) => {
    const tickets = await t.database.db.selectFrom('tickets').select(['id', 'branch_id', 'bill_id']).execute();
    const main = tickets.find((r) => r.branch_id === 1);
    const gulshan = tickets.filter((r) => r.branch_id === 2);
    if (!main || gulshan.length !== 2) throw new Error('the first test places three orders');
    const before = await ticketTables(t);
    const move = (id: number, query: string, status: string) =>
      call(t, 'POST', `/api/v1/kitchen/tickets/${id}/status${query}`, staff, { status });
    expect((await move(main.id, '?branch=gulshan', 'preparing')).statusCode).toBe(404);
    expect((await move(gulshan[0]!.id, '', 'preparing')).statusCode).toBe(404);
    expect(await ticketTables(t)).toEqual(before);
    expect((await move(gulshan[0]!.id, '?branch=gulshan', 'preparing')).statusCode).toBe(200);

    // Paid in cash, in this order: Gulshan's second bill, the main branch's, Gulshan's first. Each branch counts from 1.
    // Staff read and pay a bill at its own branch (bills-per-branch.test.ts: elsewhere it is 404).
    const pay = async (billId: number) => {
      const branch = tickets.find((r) => r.bill_id === billId)?.branch_id;
      const bill = (await call(t, 'GET', `/api/v1/bills/${billId}?branch=${branch}`, staff)).json<{ data: Bill }>()
        .data;
      expect(bill.branchId).toBe(String(branch));
      const res = await call(t, 'POST', `/api/v1/bills/${billId}/payments?branch=${branch}`, staff, {
        method: 'cash',
        amount: bill.due,
        key: `tickets-per-branch-${billId}`,
      });
      expect(res.statusCode).toBe(201);
    };
    for (const billId of [gulshan[1]!.bill_id, main.bill_id, gulshan[0]!.bill_id]) await pay(Number(billId));
    const receipts = await t.database.db
      .selectFrom('bills')
      .select(['id', 'branch_id', 'receipt_number'])
      .orderBy('id')
      .execute();
    const receiptOf = (billId: number | null) => receipts.find((b) => b.id === billId)?.receipt_number;
    expect([receiptOf(gulshan[1]!.bill_id), receiptOf(main.bill_id), receiptOf(gulshan[0]!.bill_id)]).toEqual([
      1, 1, 2,
    ]);
    const counters = await t.database.db
      .selectFrom('receipt_counter')
      .select(['branch_id', 'last_number'])
      .orderBy('branch_id')
      .execute();
    expect(counters.map((c) => [c.branch_id, Number(c.last_number)])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // The bill's payments are its branch's.
    const paid = await t.database.db.selectFrom('bill_payments').select(['bill_id', 'branch_id']).execute();
    for (const p of paid) expect(p.branch_id).toBe(receipts.find((b) => b.id === p.bill_id)?.branch_id);
  });
});
