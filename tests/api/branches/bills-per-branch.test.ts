import { describe, expect } from 'vitest';
import type { AuditReport } from '../../../src/shared/contract/audit.ts';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { PrinterView } from '../../../src/shared/contract/printers.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';
import { type TestAccount, createAccount, orderDish } from '../../support/factories.ts';
import { call } from '../../support/records.ts';
import { named, newKey, order, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';

/**
 * Issue 57 phase 2b (decision 062): a bill is read and acted on at its own branch. Staff listing
 * bills at a branch see that branch's only; a bill of another branch is neither read, split,
 * discounted, paid nor given back through this one (404, and no row changes); a bill paid at a
 * branch prints its receipt at that branch's receipt printer; the audit trail of an act at a
 * branch is that branch's, and another branch's report does not list it. On both engines.
 */
const ADMIN = { email: 'bills-per-branch@example.com', password: 'bills-per-branch-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

/** The orders the first test places: a pick-up at the main branch and two at Gulshan (the second cancelled later). */
const placed: { main?: Ticket; gulshan?: Ticket; gulshanToCancel?: Ticket } = {};
const billOf = (ticket: Ticket | undefined) => {
  if (!ticket?.billId) throw new Error('the first test places the orders');
  return ticket.billId;
};

/** Every row a bill's act could change (the bills' own, the keys, online payments, the audit trail). */
async function billRows(t: TestApp) {
  const db = t.database.db;
  return {
    bills: await db.selectFrom('bills').selectAll().orderBy('id').execute(),
    discounts: await db.selectFrom('bill_discounts').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('bill_payments').selectAll().orderBy('id').execute(),
    refunds: await db.selectFrom('bill_refunds').selectAll().orderBy('id').execute(),
    keys: await db.selectFrom('request_keys').selectAll().orderBy('key').execute(),
    online: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    jobs: await db.selectFrom('print_jobs').selectAll().orderBy('id').execute(),
    audit: await db.selectFrom('audit_entries').selectAll().orderBy('id').execute(),
  };
}

const listed = async (t: TestApp, who: TestAccount, query: string) => {
  const res = await call(t, 'GET', `/api/v1/bills${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Bill[] }>().data.map((b) => [b._id, b.branchId]);
};

const audit = async (t: TestApp, who: TestAccount, query: string) => {
  const res = await call(t, 'GET', `/api/v1/reports/audit?from=2026-01-01&to=2026-12-31${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AuditReport }>().data;
};

describe("a branch's bills", () => {
  test("staff list a branch's bills only, and read another branch's bill nowhere but there", async ({
    t,
    admin,
    staff,
    dishes,
  }) => {
    await addBranch(t.database.db);
    await forgetBranches(t, admin);
    const tacos = named(dishes, 'Beef Tacos');
    const place = async (query: string) => {
      const res = await call(t, 'POST', `/api/v1/tickets${query}`, staff, order(tacos));
      expect(res.statusCode).toBe(201);
      return res.json<{ data: Ticket }>().data;
    };
    placed.main = await place('');
    placed.gulshan = await place('?branch=gulshan');
    placed.gulshanToCancel = await place('?branch=gulshan');
    const [main, gulshan, toCancel] = [billOf(placed.main), billOf(placed.gulshan), billOf(placed.gulshanToCancel)];

    expect(await listed(t, staff, '?branch=gulshan')).toEqual([
      [toCancel, '2'],
      [gulshan, '2'],
    ]);
    expect(await listed(t, staff, '?branch=gulshan&status=open')).toEqual([
      [toCancel, '2'],
      [gulshan, '2'],
    ]);
    expect(await listed(t, staff, '')).toEqual([[main, '1']]);
    expect(await listed(t, staff, '?branch=main')).toEqual([[main, '1']]);
    // A page is the branch's own newest bills (not the brand's newest, with another branch's left out).
    expect(await listed(t, staff, '?limit=1')).toEqual([[main, '1']]);
    expect(await listed(t, staff, '?branch=gulshan&limit=1')).toEqual([[toCancel, '2']]);

    const read = (id: string, query: string, path = '') => call(t, 'GET', `/api/v1/bills/${id}${path}${query}`, staff);
    expect((await read(gulshan, '?branch=gulshan')).json<{ data: Bill }>().data).toMatchObject({
      _id: gulshan,
      branchId: '2',
    });
    expect((await read(main, '')).statusCode).toBe(200);
    // Another branch's bill, its receipt and its split are not there.
    for (const [id, query] of [
      [main, '?branch=gulshan'],
      [gulshan, ''],
      [gulshan, '?branch=main'],
    ] as const) {
      expect((await read(id, query)).statusCode).toBe(404);
      expect((await read(id, query, '/receipt')).statusCode).toBe(404);
      expect((await read(id, `${query}${query ? '&' : '?'}ways=2`, '/split')).statusCode).toBe(404);
    }
    expect((await read(gulshan, '?branch=gulshan', '/receipt')).statusCode).toBe(200);
  });

  test("another branch's bill is not discounted, split, paid or given back through this one: 404, no row changed", async ({
    t,
    staff,
    admin,
  }) => {
    const [main, gulshan] = [billOf(placed.main), billOf(placed.gulshan)];
    const acts = (id: string, query: string) => [
      call(t, 'POST', `/api/v1/bills/${id}/discounts${query}`, staff, { percent: 10, reason: 'Cold', key: newKey() }),
      call(t, 'POST', `/api/v1/bills/${id}/split${query}`, staff, { ways: 2, key: newKey() }),
      call(t, 'POST', `/api/v1/bills/${id}/payments${query}`, staff, { method: 'cash', amount: 1, key: newKey() }),
      call(t, 'POST', `/api/v1/bills/${id}/refunds${query}`, staff, {
        method: 'cash',
        amount: 1,
        reason: 'Overpaid',
        key: newKey(),
      }),
      call(t, 'POST', `/api/v1/payments${query}`, staff, { billId: id, provider: 'demo', key: newKey() }),
      call(t, 'POST', `/api/v1/printers/receipts${query}`, staff, { billId: id }),
    ];
    // A receipt printer at each branch: the receipt's 404 is the bill's, not a missing printer's 409.
    for (const query of ['', '?branch=gulshan']) {
      const res = await call(t, 'POST', `/api/v1/printers${query}`, admin, {
        name: `Till${query}`,
        role: 'receipt',
        paperWidth: 80,
      });
      expect(res.statusCode).toBe(201);
    }
    const before = await billRows(t);
    for (const [id, query] of [
      [main, '?branch=gulshan'],
      [gulshan, ''],
    ] as const)
      for (const act of acts(id, query)) expect([id, query, (await act).statusCode]).toEqual([id, query, 404]);
    expect(await billRows(t)).toEqual(before);
  });

  test("a bill paid at a branch prints its receipt at that branch's printer; its acts are in that branch's audit trail only", async ({
    t,
    staff,
    admin,
  }) => {
    const [main, gulshan] = [billOf(placed.main), billOf(placed.gulshan)];
    const printers = async (query: string) =>
      (await call(t, 'GET', `/api/v1/printers${query}`, admin)).json<{ data: PrinterView[] }>().data;
    const till = (await printers('?branch=gulshan')).find((p) => p.role === 'receipt');
    const mainTill = (await printers('')).find((p) => p.role === 'receipt');
    if (!till || !mainTill) throw new Error('the second test adds a receipt printer at each branch');

    const discounted = await call(t, 'POST', `/api/v1/bills/${gulshan}/discounts?branch=gulshan`, staff, {
      percent: 10,
      reason: 'Cold soup',
      key: newKey(),
    });
    expect(discounted.statusCode).toBe(200);
    const due = discounted.json<{ data: Bill }>().data.due;
    const paid = await call(t, 'POST', `/api/v1/bills/${gulshan}/payments?branch=gulshan`, staff, {
      method: 'cash',
      amount: due,
      key: newKey(),
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json<{ data: Bill }>().data).toMatchObject({ status: 'paid', branchId: '2' });
    const receiptJobs = () =>
      t.database.db
        .selectFrom('print_jobs')
        .select(['printer_id', 'branch_id', 'bill_id'])
        .where('kind', '=', 'receipt')
        .execute();
    await until(async () => (await receiptJobs()).length === 1, "the paid bill's receipt");
    expect(await receiptJobs()).toEqual([{ printer_id: Number(till._id), branch_id: 2, bill_id: Number(gulshan) }]);

    // A cancel at Gulshan's kitchen is Gulshan's act too.
    const cancelled = await call(
      t,
      'POST',
      `/api/v1/kitchen/tickets/${placed.gulshanToCancel?._id}/status?branch=gulshan`,
      staff,
      { status: 'cancelled', reason: 'Guest left' },
    );
    expect(cancelled.statusCode).toBe(200);

    const entries = await t.database.db
      .selectFrom('audit_entries')
      .select(['kind', 'subject', 'branch_id'])
      .where('kind', 'in', ['discount', 'payment', 'cancel'])
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.kind, e.branch_id])).toEqual([
      ['discount', 2],
      ['payment', 2],
      ['cancel', 2],
    ]);
    const atGulshan = await audit(t, admin, '&branch=gulshan');
    expect(atGulshan.entries.map((e) => e.kind).sort()).toEqual(['cancel', 'discount', 'payment']);
    expect(atGulshan.summary.map((s) => [s.discounts.count, s.lateCancels.count])).toEqual([[1, 0]]);
    const atMain = await audit(t, admin, '');
    expect(atMain.entries.filter((e) => ['discount', 'payment', 'cancel'].includes(e.kind))).toEqual([]);
    expect(atMain.summary).toEqual([]);
    // The brand's own acts (the settings the world set up) are kept at the first branch for now.
    expect(atMain.entries.some((e) => e.kind === 'settings')).toBe(true);
    expect(atGulshan.entries.some((e) => e.kind === 'settings')).toBe(false);

    // The main branch's bill is untouched by all this, and still read at its own branch.
    const mainBill = (await call(t, 'GET', `/api/v1/bills/${main}`, staff)).json<{ data: Bill }>().data;
    expect(mainBill).toMatchObject({ status: 'open', branchId: '1', discounts: [], payments: [] });
  });

  test("a guest reads their own bill at every branch's address; another guest does not", async ({ t, dishes }) => {
    const tacos = named(dishes, 'Beef Tacos');
    const guest = await createAccount(t.app, { email: 'bills-per-branch-guest@example.com' });
    const other = await createAccount(t.app, { email: 'bills-per-branch-other@example.com' });
    const line = await orderDish(t.app, guest, tacos._id, 1, 'gulshan');
    const res = await call(t, 'POST', '/api/v1/checkout?branch=gulshan', guest, {
      orderIds: [line.orderMainId],
      fulfilment: 'pickup',
      when: 'asap',
      // Paid at checkout (the demo provider): an order waiting for its payment may be too large for the kitchen.
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
    });
    expect([res.statusCode, res.body]).toEqual([201, expect.any(String)]);
    const billId = billOf(res.json<{ data: Ticket }>().data);
    for (const query of ['', '?branch=gulshan', '?branch=main']) {
      const read = await call(t, 'GET', `/api/v1/bills/${billId}${query}`, guest);
      expect([query, read.statusCode]).toEqual([query, 200]);
      expect(read.json<{ data: Bill }>().data.branchId).toBe('2');
      expect((await call(t, 'GET', `/api/v1/bills/${billId}/receipt${query}`, guest)).statusCode).toBe(200);
      expect((await call(t, 'GET', `/api/v1/bills/${billId}${query}`, other)).statusCode).toBe(404);
    }
  });
});
