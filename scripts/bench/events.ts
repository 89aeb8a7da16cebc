/**
 * The live events' budget (docs/reference/design.md "Budgets"): an event reaches 200 open streams within 1 s
 * p99. 200 streams are opened as the kitchen's client opens them (fetch with the Bearer token);
 * a ticket is then moved on 30 times, and for each change the time from sending it to each
 * stream hearing it is recorded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sseMessages } from '../../src/client/lib/sse.ts';
import { createDatabase } from '../../src/server/db/database.ts';
import { fmt, startApp } from './measure.ts';
import { call, signIn } from './reservations.ts';

const ADMIN = { email: 'bench-pass@example.com', password: 'bench-pass-password' };
const STREAMS = 200;
const CHANGES = 30;

async function addTicket(dataDir: string): Promise<number> {
  const database = createDatabase({ dataDir });
  if (database.engine !== 'sqlite') throw new Error('the bench seeds SQLite');
  const now = new Date().toISOString();
  const row = database.native
    .prepare(
      `insert into tickets (local_date, seq, number, user_id, customer_name, customer_email, fulfilment, status, placed_at, ready_at, scheduled, units, subtotal, delivery_fee, total, payment)
       values ('bench', 1, 'B-001', null, 'Bench guest', 'bench@example.com', 'pickup', 'received', ?, ?, 0, 1, 10, 0, 10, 'paid') returning id`,
    )
    .get(now, now) as { id: number };
  await database.close();
  return row.id;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export async function benchEvents(): Promise<{ summary: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-events-'));
  const app = await startApp({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
  });
  const controller = new AbortController();
  try {
    const authorization = await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1');
    const ticketId = await addTicket(dataDir);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let heard = 0;
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, async () => {
        const response = await fetch(`${app.base}/api/v1/events`, {
          headers: { authorization, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        return response.body;
      }),
    );
    for (const body of streams) {
      void (async () => {
        try {
          for await (const message of sseMessages(body)) {
            const event = JSON.parse(message.data) as { status: string; seq?: number };
            const key = event.status;
            const at = sentAt.get(key);
            if (at !== undefined) latencies.push(performance.now() - at);
            heard += 1;
          }
        } catch {
          // aborted at the end
        }
      })();
    }
    // received → preparing → ready → preparing → ready …: each change one event to every stream.
    const path = `/api/v1/kitchen/tickets/${ticketId}/status`;
    for (let i = 0; i < CHANGES; i += 1) {
      const status = i % 2 === 0 ? 'preparing' : 'ready';
      sentAt.set(status, performance.now());
      const answer = await call(app.base, 'POST', path, authorization, { status });
      if (answer.status !== 200) throw new Error(`status change failed: ${JSON.stringify(answer.body)}`);
      const deadline = Date.now() + 5000;
      // Every stream has heard this change (and all before it) before the next one goes out.
      while (heard < (i + 1) * STREAMS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const sorted = latencies.sort((a, b) => a - b);
    const expected = STREAMS * CHANGES;
    const p99 = percentile(sorted, 99);
    return {
      summary: [
        'live events:',
        `  ${STREAMS} streams × ${CHANGES} changes: ${sorted.length} of ${expected} deliveries; from sending the change to hearing it p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(p99, 1)} ms, max ${fmt(sorted.at(-1) ?? Number.NaN, 1)} ms (p99 <= 1000 ms) ${sorted.length === expected && p99 <= 1000 ? 'ok' : 'MISSED'}`,
      ],
    };
  } finally {
    controller.abort();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
