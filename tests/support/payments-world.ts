import { expect } from 'vitest';
import type { Bill } from '../../src/shared/contract/bills.ts';
import type { Product } from '../../src/shared/contract/catalog.ts';
import type { AppOptions } from '../../src/server/app.ts';
import { type TestAccount, createAccount, createAdmin, orderDish, signInAccount } from './factories.ts';
import { type FakeBkash, startFakeBkash } from './fake-bkash.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { allDayKitchen, call, menu } from './records.ts';
import { type TestApp, createTestApp } from './test-app.ts';

/**
 * A restaurant that takes payments by Stripe and bKash, each client pointed at a local server
 * that answers as the provider's documented API does (fake-stripe.ts, fake-bkash.ts). The
 * kitchen is open all day in UTC, its currency BDT so that both providers are offered.
 */
export interface PaymentsWorld {
  t: TestApp;
  stripe: FakeStripe;
  bkash: FakeBkash;
  alice: TestAccount;
  bob: TestAccount;
  staff: TestAccount;
  admin: TestAccount;
  dishes: Product[];
  /** The env the app was started with (its secrets, for the log test). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export function paymentsEnv(stripe: FakeStripe, bkash: FakeBkash): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.base,
    BKASH_APP_KEY: bkash.credentials.appKey,
    BKASH_APP_SECRET: bkash.credentials.appSecret,
    BKASH_USERNAME: bkash.credentials.username,
    BKASH_PASSWORD: bkash.credentials.password,
    BKASH_BASE_URL: `${bkash.base}/v1.2.0-beta/tokenized/checkout`,
  };
}

export async function startPaymentsWorld(
  options: Pick<AppOptions, 'paymentTiming' | 'paymentScheduler' | 'clock'> = {},
): Promise<PaymentsWorld> {
  const stripe = await startFakeStripe();
  const bkash = await startFakeBkash();
  const env = paymentsEnv(stripe, bkash);
  const t = await createTestApp(env, { paymentScheduler: false, ...options });
  const admin = await createAdmin(t.app, t.database, { email: `pay-admin-${Date.now()}@example.com` });
  const settings = await call(t, 'PATCH', '/api/v1/restaurant', admin, { ...allDayKitchen(60), currency: 'BDT' });
  if (settings.statusCode !== 200) throw new Error(settings.body);
  const alice = await createAccount(t.app, { name: 'Alice' });
  const bob = await createAccount(t.app, { name: 'Bob' });
  const staffAccount = await createAccount(t.app, { name: 'Cook' });
  await t.database.db.updateTable('users').set({ role: 'staff' }).where('email', '=', staffAccount.email).execute();
  const staff = await signInAccount(t.app, staffAccount.email, staffAccount.password);
  const dishes = await menu(t);
  return {
    t,
    stripe,
    bkash,
    alice,
    bob,
    staff,
    admin,
    dishes,
    env,
    async close() {
      await t.close();
      await stripe.close();
      await bkash.close();
    },
  };
}

/** Every way of ordering open (delivery at a fee of 3, no minimum), unpaid orders allowed generously, with `more` of the settings; the tables' ids. */
export async function openEveryWay(world: PaymentsWorld, more: Record<string, unknown> = {}): Promise<string[]> {
  const set = await call(world.t, 'PATCH', '/api/v1/restaurant', world.admin, {
    fulfilment: { pickup: true, delivery: true, dineIn: true, deliveryMinutes: 30, deliveryFee: 3, deliveryMinimum: 0 },
    unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
    ...more,
  });
  if (set.statusCode !== 200) throw new Error(set.body);
  return ((await call(world.t, 'GET', '/api/v1/tables', world.admin)).json().data as { _id: string }[]).map(
    (x) => x._id,
  );
}

/** A payment's row as stored. */
export function paymentRow(world: PaymentsWorld, id: string | number) {
  return world.t.database.db.selectFrom('payments').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
}

/** A bill as `who` (the staff by default) reads it. */
export async function billOf(world: PaymentsWorld, id: string, who: TestAccount = world.staff): Promise<Bill> {
  const res = await call(world.t, 'GET', `/api/v1/bills/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Bill;
}

/** A booking order of `account` for the n-th dish; its id. */
export async function orderFor(world: PaymentsWorld, account: TestAccount, n = 0, quantity = 1): Promise<string> {
  return (await orderDish(world.t.app, account, world.dishes[n]?._id as string, quantity)).orderMainId;
}

/** Checkout of some orders, paid online. */
export function payOnline(world: PaymentsWorld, account: TestAccount, orderIds: string[], provider: string) {
  return call(world.t, 'POST', '/api/v1/checkout', account, {
    orderIds,
    fulfilment: 'pickup',
    when: 'asap',
    pay: { provider },
  });
}

/** Delivers a Stripe event to the world's webhook, signed as Stripe signs it. */
export function deliverStripe(world: PaymentsWorld, event: unknown) {
  const payload = JSON.stringify(event);
  return world.t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': world.stripe.signer(payload) },
    payload,
  });
}
