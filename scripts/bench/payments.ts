/**
 * Payments (issue 39 "Performance"): creating a payment (`POST /api/v1/payments` for a bill's
 * due, Stripe answering at once; target ≤ 50 ms p95) one request after another, then with 50
 * connections against the bare Fastify baseline, and a burst of 500 webhook events (100
 * payments, each event sent again as Stripe retries, in a shuffled order, 20 at a time; target:
 * within 10 s, none lost or doubled). The server runs as `npm start` runs it; Stripe is the
 * local server of the tests (tests/support/fake-stripe.ts), which answers as Stripe's API does,
 * the official `stripe` library in the server talking to it. Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { startFakeStripe } from '../../tests/support/fake-stripe.ts';
import { type ServerProcess } from '../../tests/support/app-process.ts';
import { type Measurement, type Target, allDayKitchen, fmt, run, startApp, table } from './measure.ts';
import { call, signIn } from './reservations.ts';

const ADMIN = { email: 'bench-payments@example.com', password: 'bench-payments-password' };
const BILLS = 100;
const SEQUENTIAL = 200;
const BURST_PARALLEL = 20;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function timedPost(
  app: ServerProcess,
  path: string,
  authorization: string,
  body: unknown,
): Promise<{ ms: number; status: number; json: { data?: { _id?: string; redirectUrl?: string }; message?: string } }> {
  const started = performance.now();
  const res = await fetch(`${app.base}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: { _id?: string; redirectUrl?: string }; message?: string };
  return { ms: performance.now() - started, status: res.status, json };
}

/** BILLS pick-up bills, each of one staff order (its due the dish's price); their ids. */
async function openBills(app: ServerProcess, admin: string): Promise<string[]> {
  const products = (await (await fetch(`${app.base}/api/v1/allProductsData`)).json()) as { data: { _id: string }[] };
  const dish = products.data[0]?._id;
  if (!dish) throw new Error('no dish in the demo menu');
  const bills: string[] = [];
  for (let i = 0; i < BILLS; i += 1) {
    const res = await call(app.base, 'POST', '/api/v1/tickets', admin, {
      fulfilment: 'pickup',
      when: 'asap',
      lines: [{ productId: dish, quantity: 1 }],
      customer: { name: `Bench ${i}` },
      key: `bench-order-${i}`,
    });
    const billId = (res.body.data as { billId?: string } | undefined)?.billId;
    if (res.status !== 201 || !billId) throw new Error(`staff order: ${res.status} ${JSON.stringify(res.body)}`);
    bills.push(billId);
  }
  return bills;
}

export async function benchPayments(baseline: ServerProcess): Promise<{ rows: Measurement[]; summary: string[] }> {
  const stripe = await startFakeStripe();
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-payments-'));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.base,
  };
  const app = await startApp(env);
  try {
    const admin = await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1');
    const settings = await call(
      app.base,
      'PATCH',
      '/api/v1/restaurant',
      admin,
      allDayKitchen({ fulfilment: { pickup: true } }),
    );
    if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
    const bills = await openBills(app, admin);

    // One after another: the time one payment takes to create (its row, Stripe's session, its reference).
    const sessions: string[] = [];
    const took: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i += 1) {
      const res = await timedPost(app, '/api/v1/payments', admin, {
        billId: bills[i % BILLS],
        provider: 'stripe',
        key: `bench-seq-${i}`,
      });
      if (res.status !== 201) throw new Error(`payment: ${res.status} ${JSON.stringify(res.json)}`);
      took.push(res.ms);
      if (i < BILLS) sessions.push(String(res.json.data?.redirectUrl).split('/').pop() as string);
    }
    const measured = took.slice(20);
    const sequential = `  POST /api/v1/payments, one at a time (${measured.length} after 20 to warm up): p50 ${fmt(percentile(measured, 50), 2)} ms, p95 ${fmt(percentile(measured, 95), 2)} ms, max ${fmt(Math.max(...measured), 2)} ms (target p95 ≤ 50 ms)`;
    console.error(sequential);

    // 50 connections, each request a new key on one of the bills (a pending payment does not block another).
    let n = 0;
    const target: Target = {
      name: 'POST /api/v1/payments (Stripe)',
      method: 'POST',
      paths: () => '/api/v1/payments',
      headers: { authorization: admin, 'x-forwarded-for': '10.9.0.1' },
      body: () => {
        n += 1;
        return JSON.stringify({ billId: bills[n % BILLS], provider: 'stripe', key: `bench-load-${n}` });
      },
    };
    const rows = [await run(baseline, app, target, `${BILLS} bills`)];

    // The burst: each of the first BILLS payments paid at Stripe; its two events sent, and sent again.
    const events: Stripe.Event[] = [];
    for (const session of sessions) {
      const [completed, intent] = stripe.pay(session) as [Stripe.Event, Stripe.Event];
      events.push(completed, intent, completed, intent, completed);
    }
    for (let i = events.length - 1; i > 0; i -= 1) {
      const j = (i * 7919) % (i + 1);
      [events[i], events[j]] = [events[j] as Stripe.Event, events[i] as Stripe.Event];
    }
    const hook = `${app.base}/api/v1/payments/webhooks/stripe`;
    const started = performance.now();
    let next = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: BURST_PARALLEL }, async () => {
        while (next < events.length) {
          const event = events[next] as Stripe.Event;
          next += 1;
          const res = await stripe.deliver(hook, event);
          await res.arrayBuffer();
          if (res.status !== 200) refused += 1;
        }
      }),
    );
    const burstMs = performance.now() - started;
    let paidOnce = 0;
    let lost = 0;
    let doubled = 0;
    for (const billId of bills) {
      const bill = (await fetch(`${app.base}/api/v1/bills/${billId}`, { headers: { authorization: admin } }).then((r) =>
        r.json(),
      )) as { data: { status: string; payments: { paymentId?: string }[] } };
      const online = bill.data.payments.filter((p) => p.paymentId !== undefined).length;
      if (bill.data.status === 'paid' && online === 1) paidOnce += 1;
      else if (online === 0) lost += 1;
      else doubled += 1;
    }
    const burst = `  ${events.length} Stripe webhook events (${sessions.length} payments, each event up to 3 times, ${BURST_PARALLEL} at a time): ${fmt(burstMs / 1000, 2)} s (target ≤ 10 s), ${refused} answered other than 200; bills paid once ${paidOnce}, lost ${lost}, doubled ${doubled}`;
    console.error(burst);
    return { rows, summary: ['Payments (issue 39):', sequential, '', table(rows, 'setting'), '', burst] };
  } finally {
    await app.stop();
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
