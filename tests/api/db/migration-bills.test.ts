import { describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

/**
 * Migration 0009 (bills) on a database that already holds tickets: every ticket gets a bill.
 * A paid one a paid bill with one demo payment of its total and a receipt number in ticket
 * order; open dine-in tickets of one table share one open bill; a cancelled ticket's bill is void;
 * the receipt counter continues after the numbers given.
 */
describe('migrating tickets to bills', () => {
  const opened = useUnmigratedDatabase();

  test('every ticket gets a bill; paid ones are paid with receipt numbers; a table shares one open bill', async () => {
    const database = opened();
    const { db } = database;
    await migrateToLatest(db, '0008-dish-options');
    const now = '2026-05-20T12:00:00.000Z';
    const table = await db
      .insertInto('dining_tables')
      .values({ name: 'T1', min_covers: 1, max_covers: 4, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = {
      local_date: '2026-05-20',
      user_id: null,
      customer_name: 'Ann',
      customer_email: 'ann@example.com',
      placed_at: now,
      ready_at: now,
      scheduled: 0,
      units: 1,
      subtotal: 12.5,
      delivery_fee: 0,
      total: 12.5,
      pay_method: null,
      pay_account: null,
      address: null,
      reservation_id: null,
      table_id: null,
      cancel_reason: null,
      started_at: null,
      ready_marked_at: null,
      completed_at: null,
      cancelled_at: null,
    };
    const rows = [
      {
        ...base,
        seq: 1,
        number: 'A-001',
        fulfilment: 'pickup',
        status: 'completed',
        payment: 'paid',
        pay_method: 'bkash',
      },
      {
        ...base,
        seq: 2,
        number: 'A-002',
        fulfilment: 'dine_in',
        status: 'received',
        payment: 'due',
        table_id: table.id,
      },
      {
        ...base,
        seq: 3,
        number: 'A-003',
        fulfilment: 'dine_in',
        status: 'preparing',
        payment: 'due',
        table_id: table.id,
      },
      { ...base, seq: 4, number: 'A-004', fulfilment: 'pickup', status: 'cancelled', payment: 'due' },
      {
        ...base,
        seq: 5,
        number: 'A-005',
        fulfilment: 'delivery',
        status: 'completed',
        payment: 'paid',
        pay_method: null,
        subtotal: 20,
        delivery_fee: 3,
        total: 23,
      },
    ];
    for (const row of rows)
      await db
        .insertInto('tickets')
        .values(row as never)
        .execute();

    await migrateToLatest(db);

    const tickets = await db.selectFrom('tickets').select(['number', 'bill_id']).orderBy('id').execute();
    expect(tickets.every((t) => t.bill_id !== null)).toBe(true);
    expect(tickets[1]?.bill_id).toBe(tickets[2]?.bill_id);
    expect(new Set(tickets.map((t) => t.bill_id)).size).toBe(4);
    const bills = await db
      .selectFrom('bills')
      .select(['id', 'number', 'status', 'fulfilment', 'table_id', 'receipt_number', 'total', 'delivery_fee'])
      .orderBy('id')
      .execute();
    expect(
      bills.map((b) => [b.status, b.fulfilment, b.receipt_number, b.total === null ? null : Number(b.total)]),
    ).toEqual([
      ['paid', 'pickup', 1, 1250],
      ['open', 'dine_in', null, null],
      ['void', 'pickup', null, null],
      ['paid', 'delivery', 2, 2300],
    ]);
    expect(bills[1]?.table_id).toBe(table.id);
    const payments = await db
      .selectFrom('bill_payments')
      .select(['bill_id', 'method', 'provider', 'amount', 'status'])
      .orderBy('id')
      .execute();
    expect(payments.map((p) => ({ ...p, amount: Number(p.amount) }))).toEqual([
      { bill_id: bills[0]?.id, method: 'bkash', provider: 'demo', amount: 1250, status: 'succeeded' },
      { bill_id: bills[3]?.id, method: 'card', provider: 'demo', amount: 2300, status: 'succeeded' },
    ]);
    expect(
      Number((await db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow()).last_number),
    ).toBe(2);
    // One open bill per table: the database refuses a second.
    await expect(
      db
        .insertInto('bills')
        .values({
          local_date: '2026-05-20',
          seq: 9,
          number: 'B-009',
          status: 'open',
          fulfilment: 'dine_in',
          table_id: table.id,
          reservation_id: null,
          opened_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    // A receipt number is never given twice.
    await expect(
      db
        .updateTable('bills')
        .set({ receipt_number: 1 })
        .where('id', '=', bills[2]?.id as number)
        .execute(),
    ).rejects.toThrow();
  });
});
