/**
 * The bill (issue 38 "Performance"): opening a bill of 30 lines and paying it with one
 * connection (target ≤ 20 ms p95), and the day report over a day of 2,000 paid bills (target ≤
 * 200 ms). One connection, requests one after another, each timed from send to the last byte:
 * the time one answer takes, not throughput. Figures are printed, never asserted.
 *
 * The bills are written straight into the SQLite file while the server is stopped (the server
 * holds its file while it runs, docs/decisions/018): BILLS_OPEN open pick-up bills of 30 lines
 * each (a ticket with 30 lines of different dishes and options, as placed), and 2,000 bills paid
 * on one day with their figures, taxes at two rates and two payments each. Then, for each open
 * bill, "open" (GET /api/v1/bills/{id}: its money computed from its 30 lines under the
 * settings) and "pay" (POST /api/v1/bills/{id}/payments of its due: the bill is paid, its
 * figures written, the receipt number taken).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIN_BRANCH_ID } from '../../src/server/db/branch.ts';
import { createDatabase } from '../../src/server/db/database.ts';
import type { ServerProcess } from '../../tests/support/app-process.ts';
import { fmt, startApp } from './measure.ts';
import { signIn } from './reservations.ts';

const ADMIN = { email: 'bench-bills@example.com', password: 'bench-bills-password' };
const OPEN = Number(process.env.BENCH_BILLS_OPEN ?? 200);
const DAY_BILLS = 2000;
const REPORT_RUNS = 50;
const REPORT_DAY = '2026-01-15';

/** The p-th percentile of some timings (the bench parts that time one request at a time). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function row(name: string, values: number[]): string {
  return `  ${name.padEnd(44)} p50 ${fmt(percentile(values, 50), 2).padStart(7)} ms  p95 ${fmt(percentile(values, 95), 2).padStart(7)} ms  max ${fmt(Math.max(...values), 2).padStart(7)} ms  (${values.length} requests)`;
}

/** The open bills and the paid day, written into the stopped server's database; the open bills' ids. */
export function writeBills(dataDir: string): number[] {
  const database = createDatabase({ dataDir });
  if (database.engine !== 'sqlite') throw new Error('the bench seeds SQLite');
  const native = database.native;
  try {
    return native.transaction(() => {
      const dishes = native
        .prepare('select id, name, price from products where removed_at is null order by id limit 30')
        .all() as { id: number; name: string; price: number }[];
      const now = new Date().toISOString();
      const today = now.slice(0, 10);
      const ticket = native.prepare(
        `insert into tickets (local_date, seq, number, user_id, customer_name, customer_email, fulfilment, status, placed_at, ready_at, scheduled, units, subtotal, delivery_fee, total, payment, bill_id)
         values (?, ?, ?, null, 'Bench guest', 'bench@example.com', 'pickup', 'completed', ?, ?, 0, 30, ?, 0, ?, ?, ?)`,
      );
      const line = native.prepare(
        'insert into ticket_lines (ticket_id, order_id, product_id, name, quantity, price, options) values (?, null, ?, ?, ?, ?, ?)',
      );
      const bill = native.prepare(
        `insert into bills (local_date, seq, number, status, fulfilment, opened_at, paid_at, paid_date, receipt_number, subtotal, discount, service_charge, delivery_fee, tax, total, tax_inclusive, taxes, line_rates)
         values (?, ?, ?, ?, 'pickup', ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, 1, ?, '{}')`,
      );
      const payment = native.prepare(
        "insert into bill_payments (bill_id, method, provider, amount, tip, status, at) values (?, ?, 'restaurant', ?, ?, 'succeeded', ?)",
      );
      const options = JSON.stringify([{ group: 'Size', name: 'Large', price: 2.5 }]);
      const open: number[] = [];
      let seq = 0;
      const ticketWithLines = (day: string, billId: number, paid: boolean) => {
        seq += 1;
        let subtotal = 0;
        const id = Number(
          ticket.run(day, seq, `A-${seq}`, now, now, 0, 0, paid ? 'paid' : 'due', billId).lastInsertRowid,
        );
        for (let i = 0; i < 30; i += 1) {
          const dish = dishes[i % dishes.length] as { id: number; name: string; price: number };
          const quantity = 1 + (i % 3);
          const price = (Math.round(dish.price * 100) + 250) * quantity;
          subtotal += price;
          line.run(id, dish.id, dish.name, quantity, price / 100, options);
        }
        native
          .prepare('update tickets set subtotal = ?, total = ? where id = ?')
          .run(subtotal / 100, subtotal / 100, id);
      };
      for (let i = 0; i < OPEN; i += 1) {
        const id = Number(
          bill.run(today, 10_000 + i, `B-${10_000 + i}`, 'open', now, null, null, null, null, null, null, null)
            .lastInsertRowid,
        );
        ticketWithLines(today, id, false);
        open.push(id);
      }
      // The paid day: figures as paying writes them, receipt numbers from 1.
      const counter = native
        .prepare('select last_number from receipt_counter where branch_id = ?')
        .get(MAIN_BRANCH_ID) as { last_number: number };
      let receipt = counter.last_number;
      for (let i = 0; i < DAY_BILLS; i += 1) {
        receipt += 1;
        const subtotal = 1000 + (i % 50) * 137;
        const taxes = JSON.stringify([
          {
            name: 'VAT',
            rate: 5,
            base: Math.floor(subtotal / 3),
            amount: Math.round((Math.floor(subtotal / 3) * 5) / 105),
          },
          {
            name: 'VAT',
            rate: 15,
            base: subtotal - Math.floor(subtotal / 3),
            amount: Math.round(((subtotal - Math.floor(subtotal / 3)) * 15) / 115),
          },
        ]);
        const at = `${REPORT_DAY}T${String(10 + (i % 12)).padStart(2, '0')}:00:00.000Z`;
        const id = Number(
          bill.run(REPORT_DAY, i + 1, `B-${i + 1}`, 'paid', at, at, REPORT_DAY, receipt, subtotal, 0, subtotal, taxes)
            .lastInsertRowid,
        );
        payment.run(id, i % 2 ? 'card' : 'cash', Math.floor(subtotal / 2), i % 5 === 0 ? 100 : 0, at);
        payment.run(id, 'bkash', subtotal - Math.floor(subtotal / 2), 0, at);
      }
      native.prepare('update receipt_counter set last_number = ? where branch_id = ?').run(receipt, MAIN_BRANCH_ID);
      return open;
    })();
  } finally {
    native.close();
  }
}

async function timed(
  app: ServerProcess,
  method: string,
  path: string,
  authorization: string,
  body?: unknown,
): Promise<{ ms: number; status: number; json: unknown }> {
  const started = performance.now();
  const res = await fetch(`${app.base}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { ms: performance.now() - started, status: res.status, json: text.startsWith('{') ? JSON.parse(text) : text };
}

export async function benchBills(): Promise<{ summary: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-bills-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' };
  let app = await startApp(env);
  try {
    await app.stop();
    const open = writeBills(dataDir);
    console.error(
      `bills: ${open.length} open bills of 30 lines, ${DAY_BILLS.toLocaleString('en')} bills paid on ${REPORT_DAY}`,
    );
    app = await startApp(env);
    const admin = await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1');
    // Warm-up: a few reads and the report once.
    for (const id of open.slice(0, 5)) await timed(app, 'GET', `/api/v1/bills/${id}`, admin);
    await timed(app, 'GET', `/api/v1/reports/day?date=${REPORT_DAY}`, admin);

    const reads: number[] = [];
    const pays: number[] = [];
    const both: number[] = [];
    let failed = 0;
    for (const [i, id] of open.entries()) {
      const read = await timed(app, 'GET', `/api/v1/bills/${id}`, admin);
      const due = (read.json as { data?: { due: number } }).data?.due;
      const paid = await timed(app, 'POST', `/api/v1/bills/${id}/payments`, admin, {
        method: i % 2 ? 'card' : 'cash',
        amount: due,
        key: `bench-pay-${id}`,
      });
      if (
        read.status !== 200 ||
        paid.status !== 201 ||
        (paid.json as { data?: { status: string } }).data?.status !== 'paid'
      )
        failed += 1;
      reads.push(read.ms);
      pays.push(paid.ms);
      both.push(read.ms + paid.ms);
    }
    const reports: number[] = [];
    let bills = 0;
    for (let i = 0; i < REPORT_RUNS; i += 1) {
      const report = await timed(app, 'GET', `/api/v1/reports/day?date=${REPORT_DAY}`, admin);
      bills = (report.json as { data?: { bills: number } }).data?.bills ?? 0;
      reports.push(report.ms);
    }
    const csv: number[] = [];
    for (let i = 0; i < 10; i += 1)
      csv.push((await timed(app, 'GET', `/api/v1/reports/day.csv?date=${REPORT_DAY}`, admin)).ms);
    return {
      summary: [
        'bills (one connection, one request at a time; SQLite):',
        row('open a 30-line bill (GET, computed)', reads),
        row('pay it (POST payment: paid, receipt number)', pays),
        row('open + pay', both),
        `  open + pay p95: ${fmt(percentile(both, 95), 2)} ms (target ≤ 20 ms) ${percentile(both, 95) <= 20 ? 'ok' : 'MISSED'}${failed ? `; ${failed} FAILED` : ''}`,
        row(`day report over ${bills.toLocaleString('en')} paid bills`, reports),
        row('day report CSV', csv),
        `  day report p95: ${fmt(percentile(reports, 95), 2)} ms (target ≤ 200 ms) ${percentile(reports, 95) <= 200 ? 'ok' : 'MISSED'}`,
      ],
    };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
