/**
 * A reconnect burst (docs/reference/service.md "Staff screens that survive the Wi-Fi", issue 50): ten tablets
 * come back online at once and each sends its outbox as the client does (one write after
 * another, in order, each with its key): staff orders, kitchen moves of tickets placed before,
 * discounts and cash payments, and again the last five writes of each (answers lost on the way
 * back, sent again: the server answers them without doing them twice). Meanwhile one guest reads
 * the menu and one cook reads the board, a request at a time; their times are printed beside the
 * same reads with nothing else going on. `BENCH_ONLY=offline npm run bench`. Printed, never
 * asserted: the machines are shared.
 */
import { fmt } from './measure.ts';
import { call, signIn } from './reservations.ts';
import { withKitchenApp } from './kitchen-app.ts';

const ADMIN = { email: 'bench-offline@example.com', password: 'bench-offline-password' };
const TABLETS = 10;
/** Per tablet: orders, moves, a discount and a cash payment per order's bill. */
const ORDERS_PER_TABLET = 8;
const QUIET_READS = 60;
/** As offline-queue.ts waits before sending an outbox on reconnect. */
const RECONNECT_JITTER_MS = 2000;

interface Write {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const row = (name: string, values: number[]) =>
  `  ${name.padEnd(46)} p50 ${fmt(percentile(values, 50), 1).padStart(6)} ms  p95 ${fmt(percentile(values, 95), 1).padStart(6)} ms  max ${fmt(Math.max(...values), 1).padStart(6)} ms  (${values.length})`;

async function timed(
  base: string,
  method: string,
  path: string,
  authorization: string | undefined,
  body?: unknown,
): Promise<{ ms: number; status: number; json: { data?: Record<string, unknown> } }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(authorization ? { authorization } : {}),
      'content-type': 'application/json',
      'x-forwarded-for': '10.9.0.1',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: Record<string, unknown> };
  return { ms: performance.now() - started, status: res.status, json };
}

/** Reads the menu (as a guest) and the board (as a cook), one request after another, until `until` resolves. */
async function probe(
  base: string,
  cook: string,
  until: Promise<unknown>,
): Promise<{ menu: number[]; board: number[] }> {
  const out = { menu: [] as number[], board: [] as number[] };
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    out.menu.push((await timed(base, 'GET', '/api/v1/allProductsData', undefined)).ms);
    out.board.push((await timed(base, 'GET', '/api/v1/kitchen/tickets', cook)).ms);
  }
  return out;
}

/** Each tablet's outbox, made of tickets placed before the Wi-Fi dropped, sent at once (each tablet after up to `jitterMs`) while a guest and a cook read. */
async function burst(
  base: string,
  admin: string,
  tablets: string[],
  dishes: { _id: string }[],
  jitterMs: number,
): Promise<string[]> {
  const round = `${jitterMs}`;
  const queues: Write[][] = [];
  for (let t = 0; t < TABLETS; t += 1) {
    const queue: Write[] = [];
    for (let i = 0; i < ORDERS_PER_TABLET; i += 1) {
      const dish = dishes[(t + i) % dishes.length] as { _id: string };
      const before = await timed(base, 'POST', '/api/v1/tickets', tablets[t], {
        fulfilment: 'pickup',
        when: 'asap',
        lines: [{ productId: dish._id, quantity: 1 }],
        customer: { name: `Before ${t}-${i}` },
        key: `bench-${round}-before-${t}-${i}-key`,
      });
      if (before.status !== 201) throw new Error(`ticket: ${JSON.stringify(before.json)}`);
      const ticket = before.json.data as { _id: string; billId: string; total: number };
      queue.push({
        method: 'POST',
        path: '/api/v1/tickets',
        body: {
          fulfilment: 'pickup',
          when: 'asap',
          lines: [{ productId: dish._id, quantity: 2 }],
          customer: { name: `Offline ${t}-${i}` },
          key: `bench-${round}-order-${t}-${i}-key`,
        },
      });
      queue.push({
        method: 'POST',
        path: `/api/v1/kitchen/tickets/${ticket._id}/status`,
        body: { status: 'preparing', key: `bench-${round}-move-${t}-${i}-key` },
      });
      queue.push({
        method: 'POST',
        path: `/api/v1/bills/${ticket.billId}/discounts`,
        body: { percent: 10, reason: 'Waited', key: `bench-${round}-discount-${t}-${i}-key` },
      });
      queue.push({
        method: 'POST',
        path: `/api/v1/bills/${ticket.billId}/payments`,
        body: { method: 'cash', amount: Math.round(ticket.total * 90) / 100, key: `bench-${round}-cash-${t}-${i}-key` },
      });
    }
    // Answers lost on the way back: the last five sent again.
    queues.push([...queue, ...queue.slice(-5)]);
  }
  // The same reads with nothing else going on, on the board as the burst finds it.
  const quiet = { menu: [] as number[], board: [] as number[] };
  for (let i = 0; i < QUIET_READS; i += 1) {
    quiet.menu.push((await timed(base, 'GET', '/api/v1/allProductsData', undefined)).ms);
    quiet.board.push((await timed(base, 'GET', '/api/v1/kitchen/tickets', admin)).ms);
  }
  const writes: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const sending = Promise.all(
    queues.map(async (queue, t) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * jitterMs));
      for (const write of queue) {
        const answer = await timed(base, write.method, write.path, tablets[t], write.body);
        writes.push(answer.ms);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  const during = await probe(base, admin, sending);
  await sending;
  const seconds = (performance.now() - started) / 1000;
  const how = jitterMs === 0 ? 'all at once' : `each after a random 0–${jitterMs / 1000} s`;
  return [
    `Reconnect burst (SQLite), ${how}: ${TABLETS} tablets (a waiter each) send ${queues[0]?.length ?? 0} queued writes each (orders, kitchen moves, discounts, cash; the last 5 sent twice), ${writes.length} writes in ${fmt(seconds, 2)} s; answers ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`,
    row('  queued write (each tablet in order)', writes),
    row('  guest menu read, quiet', quiet.menu),
    row('  guest menu read, during the burst', during.menu),
    row('  kitchen board read, quiet', quiet.board),
    row('  kitchen board read, during the burst', during.board),
  ];
}

export async function benchOffline(): Promise<{ summary: string[] }> {
  return withKitchenApp('offline', ADMIN, async ({ app, admin, dishes }) => {
    // A waiter (staff) per tablet, signed up from its own address.
    const tablets: string[] = [];
    for (let t = 0; t < TABLETS; t += 1)
      tablets.push(
        await signIn(
          app.base,
          `bench-tablet-${t}-${Date.now()}@example.com`,
          'bench-tablet-password',
          `10.9.1.${t + 1}`,
          `Tablet ${t}`,
        ),
      );
    const users = (await call(app.base, 'GET', '/api/v1/users/users', admin)).body as {
      data: { _id: string; email: string }[];
    };
    for (const user of users.data.filter((u) => u.email.startsWith('bench-tablet-')))
      await call(app.base, 'PATCH', `/api/v1/users/users/${user._id}`, admin, { role: 'staff' });
    const summary: string[] = [];
    // All at once, then as the client sends them: each tablet after a random 0–2 s (offline-queue.ts).
    for (const jitterMs of [0, RECONNECT_JITTER_MS])
      summary.push(...(await burst(app.base, admin, tablets, dishes, jitterMs)));
    for (const line of summary) console.error(line);
    return { summary };
  });
}
