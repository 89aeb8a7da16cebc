import { type Kysely, sql } from 'kysely';
import type { AppDatabase } from './schema.ts';

/**
 * What `npm run verify-data` checks of a database, on either engine (decision 056): after a
 * restore, or at any time. Read only. `problems` empty means the data holds together:
 * - the counts of what a restaurant keeps (tickets, bills, payments, bookings, accounts, audit);
 * - receipt numbers unique and without a gap from the first to the counter's last, per branch
 *   (each on its own counter), listed per day;
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
  const described = await db.introspection.getTables();
  const tables = new Set(described.map((t) => t.name));
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

  // Receipt numbers run gap-free per branch, each on its own counter (migration 0037, decision 062);
  // a copy not yet migrated to 0037 has one counter row and no branches.
  const billColumns = described.find((t) => t.name === 'bills')?.columns ?? [];
  const perBranch = billColumns.some((column) => column.name === 'branch_id');
  const receipts = (
    await db
      .selectFrom('bills')
      .select(
        perBranch ? ['receipt_number', 'paid_date', 'number', 'branch_id'] : ['receipt_number', 'paid_date', 'number'],
      )
      .where('receipt_number', 'is not', null)
      .orderBy('receipt_number')
      .execute()
  ).map((r) => ({ ...r, branch: 'branch_id' in r ? Number(r.branch_id) : 1 }));
  const counters = new Map(
    (perBranch
      ? await db.selectFrom('receipt_counter').select(['branch_id', 'last_number']).execute()
      : await db.selectFrom('receipt_counter').select('last_number').execute()
    ).map((row) => ['branch_id' in row ? Number(row.branch_id) : 1, Number(row.last_number)] as const),
  );
  const branches = [...new Set([...counters.keys(), ...receipts.map((r) => r.branch)])].sort((a, b) => a - b);
  if (branches.length === 0) lines.push('receipts: none, counter 0');
  for (const branch of branches)
    checkReceipts(
      receipts.filter((r) => r.branch === branch),
      counters.get(branch) ?? 0,
      branches.length > 1 ? `branch ${branch}: ` : '',
      { lines, problems },
    );

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

/** One branch's receipts (`named` before its lines when the brand has several): gap-free from its first to its counter's last. */
function checkReceipts(
  receipts: { receipt_number: number | null; paid_date: string | null }[],
  counter: number,
  named: string,
  { lines, problems }: Verification,
): void {
  const numbers = receipts.map((r) => Number(r.receipt_number));
  if (numbers.length === 0) {
    lines.push(`${named}receipts: none, counter ${counter}`);
    if (counter !== 0) problems.push(`${named}the receipt counter says ${counter} but no bill has a receipt`);
    return;
  }
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
      `${named}receipt numbers missing between ${first} and ${last}: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ' …' : ''}`,
    );
  if (repeated.length > 0) problems.push(`${named}receipt numbers given twice: ${repeated.slice(0, 20).join(', ')}`);
  if (counter !== last) problems.push(`${named}the receipt counter says ${counter}, the last receipt is ${last}`);
  lines.push(
    `${named}receipts: ${first}..${last}, ${numbers.length} paid bills, ${missing.length} missing, counter ${counter}`,
  );
  const days = new Map<string, number[]>();
  for (const r of receipts)
    days.set(r.paid_date ?? '?', [...(days.get(r.paid_date ?? '?') ?? []), Number(r.receipt_number)]);
  for (const [day, list] of [...days].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`  ${day}: receipts ${Math.min(...list)}..${Math.max(...list)} (${list.length})`);
}
