import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../src/server/db/schema.ts';
import type { CreateUserBody } from '../../src/shared/contract/users.ts';

/**
 * The test factories every suite uses: accounts through the real identity endpoints and the
 * real token call, exactly as the browser does it; an order of a dish; an administrator.
 * Each helper returns what later calls need.
 */
export interface TestAccount {
  email: string;
  password: string;
  name: string;
  /** The identity session cookie header, as a browser would send it. */
  cookie: string;
  accessToken: string;
  userId: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'guest'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`;
}

export const ORIGIN = 'http://127.0.0.1:3000';

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signUpIdentity(
  app: FastifyInstance,
  overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'name'>> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct-horse-7';
  const name = overrides.name ?? 'Test Guest';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { email, password, name },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { email, password, name, cookie: cookieHeader(res.headers['set-cookie']) };
}

export async function signInIdentity(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  return { status: res.statusCode, cookie: cookieHeader(res.headers['set-cookie']), body: res.body };
}

export async function requestToken(app: FastifyInstance, cookie: string, email: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/users/jwt?email=${encodeURIComponent(email)}`,
    headers: { cookie },
  });
}

/** The body of POST /api/v1/users as the spec's sign-up sends it (docs/reference/storefront.md §7), written once for every suite. */
export function userRecordPayload(account: { name: string; email: string; password?: string }): CreateUserBody {
  return {
    name: account.name,
    email: account.email,
    password: account.password,
    userImg: '',
    role: 'user',
    orders: [],
    favorite: [],
    reports: [],
  };
}

/** Sign-up as the client does it: identity account, server record, access token. */
export async function createAccount(
  app: FastifyInstance,
  overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'name'>> = {},
): Promise<TestAccount> {
  const identity = await signUpIdentity(app, overrides);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: { cookie: identity.cookie, origin: ORIGIN },
    payload: userRecordPayload(identity),
  });
  if (created.statusCode !== 201) throw new Error(`POST /api/v1/users failed: ${created.statusCode} ${created.body}`);
  const token = await requestToken(app, identity.cookie, identity.email);
  if (token.statusCode !== 200) throw new Error(`token failed: ${token.statusCode} ${token.body}`);
  return { ...identity, accessToken: token.json().accessToken, userId: created.json().insertedId };
}

/** Signs in an existing identity (e.g. the bootstrap admin) and fetches its token. */
export async function signInAccount(app: FastifyInstance, email: string, password: string): Promise<TestAccount> {
  const signedIn = await signInIdentity(app, email, password);
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.body}`);
  const token = await requestToken(app, signedIn.cookie, email);
  if (token.statusCode !== 200) throw new Error(`token failed: ${token.statusCode} ${token.body}`);
  const record = await app.inject({
    method: 'GET',
    url: `/api/v1/users?email=${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${token.json().accessToken}` },
  });
  return {
    email,
    password,
    name: record.json().data.name,
    cookie: signedIn.cookie,
    accessToken: token.json().accessToken,
    userId: record.json().data._id,
  };
}

export const bearer = (account: Pick<TestAccount, 'accessToken'>) => ({
  authorization: `Bearer ${account.accessToken}`,
});

/** Books a dish for the account as the spec's client does (PATCH /api/v1/users/?email=); returns the answer. */
/** A line in `account`'s bag (at `branch`, a slug or id, else the first branch). */
export async function orderDish(
  app: FastifyInstance,
  account: TestAccount,
  dishId: string,
  quantity = 1,
  branch?: string,
) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/v1/users/?email=${encodeURIComponent(account.email)}${branch ? `&branch=${branch}` : ''}`,
    headers: bearer(account),
    payload: { orderId: dishId, orderQuantity: quantity, userGmail: account.email, status: 'Conform' },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { orderMainId: string; orderPrice: number };
}

/**
 * A new administrator: an account made as any guest's, then given the admin role in the
 * database (as ADMIN_EMAIL does at start), and signed in again so its token is fresh.
 */
export async function createAdmin(
  app: FastifyInstance,
  database: { db: Kysely<AppDatabase> },
  overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'name'>> = {},
): Promise<TestAccount> {
  const account = await createAccount(app, { name: 'Admin', ...overrides });
  await database.db.updateTable('users').set({ role: 'admin' }).where('email', '=', account.email).execute();
  return signInAccount(app, account.email, account.password);
}

/**
 * A new staff member: an account made as any guest's, then given the staff role by `admin`
 * through the API (PATCH /api/v1/users/users/{id}), as the owner does on the Users page.
 */
export async function createStaff(
  app: FastifyInstance,
  admin: Pick<TestAccount, 'accessToken'>,
  overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'name'>> = {},
): Promise<TestAccount> {
  const account = await createAccount(app, overrides);
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/v1/users/users/${account.userId}`,
    headers: bearer(admin),
    payload: { role: 'staff' },
  });
  if (res.statusCode !== 200) throw new Error(`could not make staff: ${res.statusCode} ${res.body}`);
  return account;
}
