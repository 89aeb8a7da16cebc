import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { type ServerProcess, findFreePort, spawnServer } from '../../support/app-process.ts';
import { type FakeBkash, startFakeBkash } from '../../support/fake-bkash.ts';
import { type FakeStripe, startFakeStripe } from '../../support/fake-stripe.ts';
import { paymentsEnv } from '../../support/payments-world.ts';

/**
 * The server as a process (tests/support/app-process.ts), its payment providers played by local
 * servers: killed with SIGKILL after the provider took the money and before the server wrote it,
 * then started again on the same data: the payment is found succeeded once and its ticket placed
 * once. The log of every run is read for the secrets it must never hold.
 */
const ADMIN = { email: 'owner@payments.example', password: 'owner-password-123' };
const AUTH_SECRET = 'payments-process-auth-secret-0123456789abcdef';
let stripe: FakeStripe;
let bkash: FakeBkash;
let dataDir: string;
let port: number;
let server: ServerProcess | undefined;
const logs: string[] = [];

function env(): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    AUTH_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'debug',
    ...paymentsEnv(stripe, bkash),
  };
}

async function start(): Promise<ServerProcess> {
  server = await spawnServer({ port, env: env(), startTimeoutMs: 90_000 });
  return server;
}

/** SIGKILL: no shutdown, no last write. */
async function kill(): Promise<void> {
  const child = server?.child;
  if (!child) return;
  logs.push(server?.output() ?? '');
  const exited = new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null ? done(null) : child.once('exit', done),
  );
  child.kill('SIGKILL');
  await exited;
  server = undefined;
}

const base = () => `http://127.0.0.1:${port}`;

async function signIn(email: string, password: string, signUp = false): Promise<string> {
  const res = await fetch(`${base()}/api/auth/${signUp ? 'sign-up' : 'sign-in'}/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify({ email, password, ...(signUp ? { name: 'Process Guest' } : {}) }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (
    (await (
      await fetch(`${base()}/api/v1/users/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie } })
    ).json()) as { accessToken: string }
  ).accessToken;
}

async function api(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read loosely here; their shapes are tested elsewhere
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

beforeAll(async () => {
  stripe = await startFakeStripe('sk_test_processSECRETkey987', 'whsec_processWEBHOOKsecret987');
  bkash = await startFakeBkash({
    appKey: 'bkash-APPKEY-process',
    appSecret: 'bkash-APPSECRET-process-42',
    username: 'merchant-process',
    password: 'bkash-PASSWORD-process-42',
  });
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-payments-'));
  port = await findFreePort();
}, 30_000);

afterAll(async () => {
  if (server) logs.push(server.output());
  await server?.stop(5_000);
  await stripe?.close();
  await bkash?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed between the provider’s success and its own write', () => {
  test(
    'Stripe and bKash: after a restart each payment is succeeded once and its ticket placed once',
    { timeout: 240_000 },
    async () => {
      await start();
      const adminToken = await signIn(ADMIN.email, ADMIN.password);
      const days = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' }));
      expect(
        (await api('PATCH', '/api/v1/restaurant', adminToken, { currency: 'BDT', timeZone: 'UTC', openingHours: days }))
          .status,
      ).toBe(200);
      const email = `process-${Date.now().toString(36)}@example.com`;
      let guest = await signIn(email, 'process-pass-1', true);
      const dish = (await api('GET', '/api/v1/allProductsData')).json.data[0] as { _id: string };
      const place = async (provider: string) => {
        const order = await api('PATCH', `/api/v1/users/?email=${encodeURIComponent(email)}`, guest, {
          orderId: dish._id,
          orderQuantity: 1,
          userGmail: email,
          status: 'Conform',
        });
        const placed = await api('POST', '/api/v1/checkout', guest, {
          orderIds: [order.json.data.orderMainId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { provider },
        });
        expect(placed.status, JSON.stringify(placed.json)).toBe(201);
        return placed.json as { data: { _id: string }; payment: { _id: string; redirectUrl: string } };
      };

      // Stripe: the guest pays; the webhook arrives; Stripe has answered the PaymentIntent read
      // (the money is taken) but the answer is held until the server is dead.
      const byStripe = await place('stripe');
      const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === byStripe.payment._id);
      expect(session).toBeDefined();
      const events = stripe.pay(session?.id as string);
      const held = stripe.hold('/v1/payment_intents/');
      const delivery = stripe
        .deliver(`${base()}/api/v1/payments/webhooks/stripe`, events[0] as never)
        .catch((error: unknown) => error);
      await held.reached;
      await kill();
      held.release();
      expect(await delivery).toBeInstanceOf(Error);

      // bKash: the guest approved and came back; execute went through at bKash, its answer held.
      await start();
      guest = await signIn(email, 'process-pass-1');
      const byBkash = await place('bkash');
      const paymentID = [...bkash.payments.values()].find((p) =>
        p.callbackURL.endsWith(`/payments/${byBkash.payment._id}`),
      )?.paymentID as string;
      bkash.approve(paymentID);
      const heldExecute = bkash.hold('/v1.2.0-beta/tokenized/checkout/execute');
      const back = api(
        'GET',
        `/api/v1/payments/${byBkash.payment._id}?paymentID=${paymentID}&status=success`,
        guest,
      ).catch((error: unknown) => error);
      await heldExecute.reached;
      expect(bkash.payments.get(paymentID)?.state).toBe('Completed');
      await kill();
      heldExecute.release();
      expect(await back).toBeInstanceOf(Error);

      // Restarted on the same data: Stripe sends its webhook again (twice, as it retries), the
      // guest reloads the bKash return page (twice); the scheduler may ask as well.
      await start();
      guest = await signIn(email, 'process-pass-1');
      const again = await Promise.all([
        stripe.deliver(`${base()}/api/v1/payments/webhooks/stripe`, events[0] as never),
        stripe.deliver(`${base()}/api/v1/payments/webhooks/stripe`, events[0] as never),
        api('GET', `/api/v1/payments/${byBkash.payment._id}?paymentID=${paymentID}&status=success`, guest),
        api('GET', `/api/v1/payments/${byBkash.payment._id}?paymentID=${paymentID}&status=success`, guest),
      ]);
      expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      for (const id of [byStripe.payment._id, byBkash.payment._id])
        expect((await api('GET', `/api/v1/payments/${id}`, guest)).json.data.status).toBe('succeeded');
      expect(bkash.payments.get(paymentID)?.executes).toBeGreaterThanOrEqual(2);

      const mine = (await api('GET', '/api/v1/tickets/mine', guest)).json.data as {
        _id: string;
        status: string;
        payment: string;
      }[];
      const ids = [byStripe.data._id, byBkash.data._id];
      const placedTickets = mine.filter((t) => ids.includes(t._id));
      expect(placedTickets.map((t) => [t.status, t.payment])).toEqual([
        ['received', 'paid'],
        ['received', 'paid'],
      ]);
      // Every ticket of the guest: exactly these two, each paid by one payment.
      expect(mine.length).toBe(2);
      // Each ticket's bill counts its payment once (decision 031, addendum): paid, one receipt number.
      const bills = await Promise.all(
        [byStripe, byBkash].map(
          async (placed) =>
            (await api('GET', `/api/v1/bills/${(placed.data as { billId?: string }).billId}`, guest)).json.data as {
              status: string;
              receiptNumber?: number;
              payments: { paymentId?: string; method: string }[];
            },
        ),
      );
      expect(bills.map((bill) => [bill.status, bill.payments.map((p) => [p.paymentId, p.method])])).toEqual([
        ['paid', [[byStripe.payment._id, 'card']]],
        ['paid', [[byBkash.payment._id, 'bkash']]],
      ]);
      expect(new Set(bills.map((bill) => bill.receiptNumber)).size).toBe(2);
      const tried = 2;
      const succeeded = (
        await Promise.all(
          ids.map(
            async (_, i) =>
              (await api('GET', `/api/v1/payments/${[byStripe, byBkash][i]?.payment._id}`, guest)).json.data.status,
          ),
        )
      ).filter((s) => s === 'succeeded').length;
      const lost = tried - succeeded;
      const doubled = mine.length - 2;
      console.log(
        `kill -9 between provider and write: tried ${tried}, succeeded ${succeeded}, refunded 0, lost ${lost}, doubled ${doubled}`,
      );
      expect([lost, doubled]).toEqual([0, 0]);
    },
  );

  test('no secret ever reaches the log', { timeout: 60_000 }, async () => {
    // Errors too: a wrong signature, and providers that fail.
    expect(
      (
        await stripe.deliver(
          `${base()}/api/v1/payments/webhooks/stripe`,
          { id: 'evt_x', object: 'event', type: 'checkout.session.completed', data: { object: {} } } as never,
          { secret: 'whsec_wrongwrongwrong' },
        )
      ).status,
    ).toBe(400);
    stripe.faults.error = true;
    bkash.faults.error = true;
    try {
      const admin = await signIn(ADMIN.email, ADMIN.password);
      const dish = (await api('GET', '/api/v1/allProductsData')).json.data[0] as { _id: string };
      for (const provider of ['stripe', 'bkash']) {
        const order = await api('PATCH', `/api/v1/users/?email=${encodeURIComponent(ADMIN.email)}`, admin, {
          orderId: dish._id,
          orderQuantity: 1,
          userGmail: ADMIN.email,
          status: 'Conform',
        });
        expect(order.status).toBe(201);
        const refused = await api('POST', '/api/v1/checkout', admin, {
          orderIds: [order.json.data.orderMainId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { provider },
        });
        expect(refused.status, provider).toBe(502);
      }
    } finally {
      stripe.faults.error = false;
      bkash.faults.error = false;
    }
    if (server) logs.push(server.output());
    const log = logs.join('\n');
    expect(log.length).toBeGreaterThan(1000);
    const secrets = [
      stripe.secretKey,
      stripe.webhookSecret,
      bkash.credentials.appSecret,
      bkash.credentials.password,
      bkash.credentials.appKey,
      ADMIN.password,
      AUTH_SECRET,
    ];
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    expect(log).not.toMatch(/sk_(test|live)_|whsec_|id_token|refresh_token/);
  });
});

describe('configuration', () => {
  test('a half-set or malformed provider stops the start with one clear line that holds no secret', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { STRIPE_SECRET_KEY: 'sk_test_abcdefgh12345' },
        'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
      ],
      [
        { STRIPE_SECRET_KEY: 'pk_test_abcdefgh12345', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12345' },
        'Invalid configuration: STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
      ],
      [
        { STRIPE_SECRET_KEY: 'sk_test_abcdefgh12345', STRIPE_WEBHOOK_SECRET: 'nothook' },
        'Invalid configuration: STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
      ],
      [
        { STRIPE_API_BASE: 'localhost:12111' },
        'Invalid configuration: STRIPE_API_BASE: STRIPE_API_BASE must be a scheme and host, e.g. http://127.0.0.1:12111',
      ],
      [
        { BKASH_APP_KEY: 'k', BKASH_APP_SECRET: 's' },
        'Invalid configuration: BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD and BKASH_BASE_URL go together (missing BKASH_USERNAME, BKASH_PASSWORD, BKASH_BASE_URL)',
      ],
      [
        {
          BKASH_APP_KEY: 'k',
          BKASH_APP_SECRET: 's',
          BKASH_USERNAME: 'u',
          BKASH_PASSWORD: 'p',
          BKASH_BASE_URL: 'tokenized.sandbox.bka.sh',
        },
        'Invalid configuration: BKASH_BASE_URL: BKASH_BASE_URL must be an absolute http(s) URL, e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout',
      ],
    ];
    for (const [environment, message] of cases) {
      let error: unknown;
      try {
        loadConfig(environment);
      } catch (e) {
        error = e;
      }
      expect(error, message).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(message);
    }
    const full = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abcdefgh12345',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12345',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(full.stripe?.apiBase?.port).toBe('12111');
    expect(full.bkash).toBeUndefined();
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  test('the process exits with that one line', { timeout: 60_000 }, async () => {
    const failing = spawnServer({
      env: { DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_processSECRETkey987' },
      startTimeoutMs: 30_000,
    });
    const error = (await failing.catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together');
    expect(error.message).not.toContain('processSECRETkey987');
  });
});
