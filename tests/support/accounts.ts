import type { FastifyInstance } from 'fastify';

/**
 * Test factories for accounts, through the real identity endpoints and the real token
 * call, exactly as the browser does it. Each helper returns what later calls need.
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

export async function signUpIdentity(app: FastifyInstance, overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'name'>> = {}) {
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
  return app.inject({ method: 'GET', url: `/api/v1/users/jwt?email=${encodeURIComponent(email)}`, headers: { cookie } });
}

/** Sign-up as the client does it: identity account, server record, access token. */
export async function createAccount(app: FastifyInstance, overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'name'>> = {}): Promise<TestAccount> {
  const identity = await signUpIdentity(app, overrides);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: { cookie: identity.cookie, origin: ORIGIN },
    payload: { name: identity.name, email: identity.email, password: identity.password, userImg: '', role: 'user', orders: [], favorite: [], reports: [] },
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
  const record = await app.inject({ method: 'GET', url: `/api/v1/users?email=${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${token.json().accessToken}` } });
  return { email, password, name: record.json().data.name, cookie: signedIn.cookie, accessToken: token.json().accessToken, userId: record.json().data._id };
}

export const bearer = (account: Pick<TestAccount, 'accessToken'>) => ({ authorization: `Bearer ${account.accessToken}` });
