import { type Kysely, sql } from 'kysely';
import type { AppDatabase } from './schema.ts';

/**
 * What `npm run verify-data` checks of a database, on either engine (decision 056): after a
 * restore, or at any time. Read only. `problems` empty means the data holds together:
 * - the counts of what a restaurant keeps (tickets, bills, payments, bookings, accounts, audit);
 * - receipt numbers unique and without a gap from the first to the counter's last, listed per day;
 * - every paid bill's payments (less what was given back) at least its total, and per day the
 *   paid bills' totals against their payments; more paid than the total is money owed back.
 */
export interface Verification {
  lines: string[];
  problems: string[];
}

const COUNTED = [
  'users',
  'tickets',
  'ticket_lines',
  'bills',
  'bill_discounts',
  'bill_payments',
  'bill_refunds',
  'payments',
  'payment_refunds',
  'reservations',
  'products',
  'audit_entries',
] as const;

export async function verifyData(db: Kysely<AppDatabase>): Promise<Verification> {
  const lines: string[] = [];
  const problems: string[] = [];
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  const counts: string[] = [];
  for (const table of COUNTED) {
    if (!tables.has(table)) continue;
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    counts.push(`${table} ${Number(row?.n ?? 0)}`);
  }
  lines.push(`counts: ${counts.join(', ')}`);

  const receipts = await db
    .selectFrom('bills')
    .select(['receipt_number', 'paid_date', 'number'])
    .where('receipt_number', 'is not', null)
    .orderBy('receipt_number')
    .execute();
  const numbers = receipts.map((r) => Number(r.receipt_number));
  // The counter's one row (per branch since migration 0037; a copy not yet migrated has the row of id 1). Per branch in phase 2b (decision 062).
  const counter = Number(
    (await db.selectFrom('receipt_counter').select('last_number').executeTakeFirst())?.last_number ?? 0,
  );
  if (numbers.length > 0) {
    const first = numbers[0] as number;
    const missing: number[] = [];
    const repeated: number[] = [];
    for (let i = 1; i < numbers.length; i += 1) {
      const [previous, current] = [numbers[i - 1] as number, numbers[i] as number];
      if (current === previous) repeated.push(current);
      for (let n = previous + 1; n < current; n += 1) missing.push(n);
    }
    const last = numbers.at(-1) as number;
    if (missing.length > 0)
      problems.push(
        `receipt numbers missing between ${first} and ${last}: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ' …' : ''}`,
      );
    if (repeated.length > 0) problems.push(`receipt numbers given twice: ${repeated.slice(0, 20).join(', ')}`);
    if (counter !== last) problems.push(`the receipt counter says ${counter}, the last receipt is ${last}`);
    lines.push(
      `receipts: ${first}..${last}, ${numbers.length} paid bills, ${missing.length} missing, counter ${counter}`,
    );
    const days = new Map<string, number[]>();
    for (const r of receipts)
      days.set(r.paid_date ?? '?', [...(days.get(r.paid_date ?? '?') ?? []), Number(r.receipt_number)]);
    for (const [day, list] of [...days].sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`  ${day}: receipts ${Math.min(...list)}..${Math.max(...list)} (${list.length})`);
  } else {
    lines.push(`receipts: none, counter ${counter}`);
    if (counter !== 0 && tables.has('receipt_counter'))
      problems.push(`the receipt counter says ${counter} but no bill has a receipt`);
  }

  const paid = await db
    .selectFrom('bills')
    .leftJoin('bill_payments', (join) =>
      join.onRef('bill_payments.bill_id', '=', 'bills.id').on('bill_payments.status', '=', 'succeeded'),
    )
    .select([
      'bills.id',
      'bills.number',
      'bills.paid_date',
      'bills.total',
      sql<number>`coalesce(sum(bill_payments.amount - bill_payments.refunded), 0)`.as('net'),
    ])
    .where('bills.status', '=', 'paid')
    .groupBy(['bills.id', 'bills.number', 'bills.paid_date', 'bills.total'])
    .execute();
  let short = 0;
  let owed = 0;
  const perDay = new Map<string, { bills: number; total: number; paid: number }>();
  for (const bill of paid) {
    const total = Number(bill.total ?? 0);
    const net = Number(bill.net);
    if (net < total) {
      short += 1;
      if (short <= 20)
        problems.push(
          `paid bill ${bill.number} (${bill.paid_date}) has payments of ${net} for a total of ${total} (minor units)`,
        );
    } else if (net > total) owed += 1;
    const day = perDay.get(bill.paid_date ?? '?') ?? { bills: 0, total: 0, paid: 0 };
    day.bills += 1;
    day.total += total;
    day.paid += net;
    perDay.set(bill.paid_date ?? '?', day);
  }
  lines.push(`paid bills: ${paid.length}, ${short} paid less than their total, ${owed} with money owed back`);
  for (const [day, d] of [...perDay].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`  ${day}: ${d.bills} bills, totals ${d.total}, payments ${d.paid} (minor units)`);
  return { lines, problems };
}
