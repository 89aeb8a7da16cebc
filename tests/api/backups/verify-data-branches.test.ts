import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyData } from '../../../src/server/db/verify-data.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { addBranch } from '../../support/branches.ts';

/**
 * `npm run verify-data` per branch (decision 062, phase 2b): receipt numbers run gap-free per
 * branch, each on its own counter (for the tax office a branch is an outlet), so two branches'
 * receipt 1 is no repeat, and a gap or a counter astray is named with its branch. With one branch
 * the report reads as it did. On both engines.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A paid bill with its receipt number at a branch, straight into the table (the bills' own rules are tested elsewhere). */
async function paidBill(branch: number, receipt: number, day: string) {
  await t.database.db
    .insertInto('bills')
    .values({
      branch_id: branch,
      local_date: day,
      seq: receipt,
      number: `B-${branch}-${receipt}`,
      status: 'paid',
      fulfilment: 'pickup',
      table_id: null,
      reservation_id: null,
      opened_at: `${day}T12:00:00.000Z`,
      paid_at: `${day}T12:30:00.000Z`,
      paid_date: day,
      receipt_number: receipt,
      subtotal: asMinor(0),
      discount: asMinor(0),
      service_charge: asMinor(0),
      delivery_fee: asMinor(0),
      tax: asMinor(0),
      total: asMinor(0),
      tax_inclusive: 0,
      taxes: '[]',
      line_rates: '{}',
      rules: null,
    })
    .execute();
}

const counterAt = (branch: number, last: number) =>
  t.database.db.updateTable('receipt_counter').set({ last_number: last }).where('branch_id', '=', branch).execute();

describe('verify-data per branch', () => {
  it('reads one branch as before', async () => {
    await paidBill(1, 1, '2026-11-28');
    await paidBill(1, 2, '2026-11-29');
    await counterAt(1, 2);
    const { lines, problems } = await verifyData(t.database.db);
    expect(problems).toEqual([]);
    expect(lines).toContain('receipts: 1..2, 2 paid bills, 0 missing, counter 2');
    expect(lines).toContain('  2026-11-29: receipts 2..2 (1)');
  });

  it("counts each branch's receipts on its own counter, and names the branch of a gap", async () => {
    await addBranch(t.database.db);
    await t.database.db.insertInto('receipt_counter').values({ branch_id: 2, last_number: 0 }).execute();
    await paidBill(2, 1, '2026-11-29');
    await paidBill(2, 2, '2026-11-29');
    await counterAt(2, 2);
    const whole = await verifyData(t.database.db);
    expect(whole.problems).toEqual([]);
    expect(whole.lines).toEqual(
      expect.arrayContaining([
        'branch 1: receipts: 1..2, 2 paid bills, 0 missing, counter 2',
        'branch 2: receipts: 1..2, 2 paid bills, 0 missing, counter 2',
      ]),
    );
    // Branch 2 skips its receipt 3 and its counter runs ahead: both named with branch 2 only.
    await paidBill(2, 4, '2026-11-30');
    await counterAt(2, 5);
    const gap = await verifyData(t.database.db);
    expect(gap.problems).toEqual([
      'branch 2: receipt numbers missing between 1 and 4: 3',
      'branch 2: the receipt counter says 5, the last receipt is 4',
    ]);
  });
});
