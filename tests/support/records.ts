import type { Product } from '../../src/shared/contract/catalog.ts';
import type { UserRecord } from '../../src/shared/contract/users.ts';
import { type TestAccount, bearer, createAccount, signInAccount } from './factories.ts';
import type { AppOptions } from '../../src/server/app.ts';
import { type TestApp, createTestApp } from './test-app.ts';

/**
 * Helpers for the tests of orders, favourites, reports and payments: calls as the browser
 * makes them, and a snapshot of the three record tables so that a refusal can be shown
 * to have changed nothing.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(
  t: TestApp,
  method: Method,
  url: string,
  account?: Pick<TestAccount, 'accessToken'>,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: account ? bearer(account) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** How a call asks for Bangla (`lang` cookie, a browser asking for it first, `?lang=bn`), or 'en': nothing asked. */
export type Asked = 'cookie' | 'header' | 'query' | 'en';
export const BANGLA_ASKS: Asked[] = ['cookie', 'header', 'query'];

/** A call in a language asked for the way `asked` says (English: nothing asked, the restaurant speaks English). */
export function inLanguage(t: TestApp, who: TestAccount, method: Method, url: string, asked: Asked, payload?: object) {
  const headers: Record<string, string> = bearer(who);
  if (asked === 'cookie') headers.cookie = 'lang=bn';
  if (asked === 'header') headers['accept-language'] = 'bn-BD,bn;q=0.9,en;q=0.5';
  return t.app.inject({
    method,
    url: asked === 'query' ? `${url}${url.includes('?') ? '&' : '?'}lang=bn` : url,
    headers,
    ...(payload ? { payload } : {}),
  });
}

export const q = (email: string) => `?email=${encodeURIComponent(email)}`;

/** What every records test starts from: the app, two guests, the first administrator and the menu. */
export interface RecordsWorld {
  t: TestApp;
  alice: TestAccount;
  bob: TestAccount;
  admin: TestAccount;
  dishes: Product[];
}

/**
 * A fresh app whose first administrator is `admin` (from ADMIN_EMAIL/ADMIN_PASSWORD), with
 * the guests Alice and Bob signed up and the seeded menu read. Sign-up and sign-in limits are
 * raised, as the tests make more accounts a minute than a visitor may.
 */
export async function startRecordsWorld(
  admin: { email: string; password: string },
  options: Pick<AppOptions, 'clock' | 'heartbeatMs'> = {},
): Promise<RecordsWorld> {
  const t = await createTestApp(
    { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    { identityLimits: { signInFailures: 1000, signUpPerMinute: 1000 }, ...options },
  );
  const alice = await createAccount(t.app, { name: 'Alice' });
  const bob = await createAccount(t.app, { name: 'Bob' });
  return { t, alice, bob, admin: await signInAccount(t.app, admin.email, admin.password), dishes: await menu(t) };
}

/** The guest's calls that add an order, a favourite or a report (docs/reference/storefront.md §7); `email` is the query's. */
export const addOrder = (t: TestApp, account: TestAccount, payload: unknown, email = account.email) =>
  call(t, 'PATCH', `/api/v1/users/${q(email)}`, account, payload);
export const addFavorite = (t: TestApp, account: TestAccount, payload: unknown, email = account.email) =>
  call(t, 'PATCH', `/api/v1/users/favorites/${q(email)}`, account, payload);
export const addReport = (t: TestApp, account: TestAccount, payload: unknown, email = account.email) =>
  call(t, 'PATCH', `/api/v1/users/reports/${q(email)}`, account, payload);

export async function menu(t: TestApp): Promise<Product[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/allProductsData' });
  return (res.json() as { data: Product[] }).data;
}

/** The order entry the spec's client sends (docs/reference/storefront.md §3), for a dish and a quantity. */
export function orderEntry(
  dish: Product,
  quantity: number | string,
  email: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    orderId: dish._id,
    orderName: dish.name,
    orderImg: dish.img,
    orderPrice: String(dish.price * Number(quantity)),
    orderQuantity: quantity,
    orderCategory: dish.category,
    userGmail: email,
    status: 'Conform',
    ...overrides,
  };
}

export function favoriteEntry(dish: Product, email: string, overrides: Record<string, unknown> = {}) {
  return { ...orderEntry(dish, 1, email), orderPrice: String(dish.price), status: 'Pending', ...overrides };
}

export function reportEntry(dish: Product, email: string, reportText: string, overrides: Record<string, unknown> = {}) {
  return {
    orderId: dish._id,
    orderName: dish.name,
    orderImg: dish.img,
    orderCategory: dish.category,
    userGmail: email,
    reportText,
    ...overrides,
  };
}

export async function readRecord(t: TestApp, account: TestAccount): Promise<UserRecord> {
  const res = await call(t, 'GET', `/api/v1/users${q(account.email)}`, account);
  if (res.statusCode !== 200) throw new Error(`GET /api/v1/users failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: UserRecord }).data;
}

/** Every row of orders, favourites and reports, in id order: equal snapshots mean nothing changed. */
export async function snapshot(t: TestApp) {
  const db = t.database.db;
  const [orders, favorites, reports] = await Promise.all([
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db.selectFrom('favorites').selectAll().orderBy('id').execute(),
    db.selectFrom('reports').selectAll().orderBy('id').execute(),
  ]);
  return { orders, favorites, reports };
}

/** Runs `act` and asserts that it left every record table exactly as it was. */
export async function expectUnchanged(t: TestApp, act: () => Promise<unknown>): Promise<void> {
  const before = await snapshot(t);
  await act();
  const after = await snapshot(t);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    throw new Error(`the records changed:\nbefore ${JSON.stringify(before)}\nafter  ${JSON.stringify(after)}`);
  }
}

/** The API tests' kitchen: UTC, open all day, 15-minute buckets of `unitsPerBucket`, 20 minutes to cook, not busy (a settings body). */
export function allDayKitchen(unitsPerBucket: number): Record<string, unknown> {
  return {
    timeZone: 'UTC',
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
    kitchen: {
      bucketMinutes: 15,
      unitsPerBucket,
      prepMinutes: 20,
      extraDelayMinutes: 0,
      acceptingOrders: true,
      pausedUntil: null,
    },
  };
}

/**
 * The kitchen's load per bucket as stored: each bucket's row plus the rows of loads that left it
 * or came back (migration 0027), buckets summing to 0 left out; sorted by bucket.
 */
export async function storedBucketLoads(t: TestApp): Promise<[string, number][]> {
  const db = t.database.db;
  const rows = [
    ...(await db.selectFrom('kitchen_buckets').select(['bucket_start', 'units']).execute()),
    ...(await db.selectFrom('kitchen_bucket_changes').select(['bucket_start', 'units']).execute()),
  ];
  const loads = new Map<string, number>();
  for (const row of rows) loads.set(row.bucket_start, (loads.get(row.bucket_start) ?? 0) + Number(row.units));
  return [...loads].filter(([, units]) => units !== 0).sort(([a], [b]) => a.localeCompare(b));
}
