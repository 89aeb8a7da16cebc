/**
 * The checkout quote's budget (DESIGN.md "Budgets"): a quote answers in ≤ 15 ms p95 with 2,000
 * tickets and 300 reservations on the day. The day is written straight into the database (the
 * reservations bench's 30 tables and 300 bookings, and 2,000 open tickets around now), then a
 * guest with one order asks for quotes: one connection for the budget, 50 for throughput.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../../src/server/db/database.ts';
import type { ServerProcess } from '../../tests/support/app-process.ts';
import { type Measurement, fmt, run, startApp } from './measure.ts';
import { call, fillTheDay, signIn } from './reservations.ts';

const ADMIN = { email: 'bench-till@example.com', password: 'bench-till-password' };

async function addTickets(dataDir: string, count: number): Promise<void> {
  const database = createDatabase({ dataDir });
  if (database.engine !== 'sqlite') throw new Error('the bench seeds SQLite');
  const native = database.native;
  const insert = native.prepare(
    `insert into tickets (local_date, seq, number, user_id, customer_name, customer_email, fulfilment, status, placed_at, ready_at, scheduled, units, subtotal, delivery_fee, total, payment)
     values (?, ?, ?, null, 'Bench guest', 'bench@example.com', 'pickup', 'received', ?, ?, 1, ?, 10, 0, 10, 'paid')`,
  );
  const now = Date.now();
  native.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      // Spread over the next 20 hours, on the 5-minute grid.
      const ready = new Date(Math.ceil((now + 30 * 60_000 + (i % 240) * 5 * 60_000) / 300_000) * 300_000);
      const day = ready.toISOString().slice(0, 10);
      insert.run(`bench-${day}`, i + 1, `B-${i + 1}`, new Date(now).toISOString(), ready.toISOString(), 1 + (i % 3));
    }
  })();
  await database.close();
}

export async function benchTickets(baseline: ServerProcess): Promise<{ rows: Measurement[]; summary: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-tickets-'));
  const app = await startApp({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' });
  const rows: Measurement[] = [];
  try {
    const admin = await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1');
    await fillTheDay(app, dataDir, admin, new Date().toISOString().slice(0, 10));
    // Room for the day's load: the quote must still find times.
    await call(app.base, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { unitsPerBucket: 400, bucketMinutes: 15, prepMinutes: 20 } });
    await addTickets(dataDir, 2000);
    const email = `bench-quote-${Date.now()}@example.com`;
    const authorization = await signIn(app.base, email, 'bench-guest-password', '10.7.0.1', 'Quote Guest');
    const order = await call(app.base, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(email)}`, authorization, { orderId: '1', orderQuantity: 2 }, '10.7.0.1');
    const orderId = (order.body.data as { orderMainId?: string } | undefined)?.orderMainId;
    if (!orderId) throw new Error(`bench order failed: ${JSON.stringify(order.body)}`);
    const target = { name: 'checkout quote (2,000 tickets, 300 bookings)', paths: () => `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${orderId}`, headers: { authorization } };
    rows.push(await run(baseline, app, target, 'one connection', 1));
    rows.push(await run(baseline, app, target, '50 connections'));
    const single = rows[0];
    return {
      rows,
      summary: [
        'checkout:',
        `  quote p95, one connection: ${fmt(single?.p95 ?? Number.NaN, 2)} ms (<= 15 ms) ${(single?.p95 ?? Infinity) <= 15 ? 'ok' : 'MISSED'}; at 50 connections ${fmt(rows[1]?.rps ?? Number.NaN, 0)} req/s, p95 ${fmt(rows[1]?.p95 ?? Number.NaN, 2)} ms`,
      ],
    };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
