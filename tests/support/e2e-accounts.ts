import type { BrowserContext } from 'playwright-core';
import { userRecordPayload } from './factories.ts';

/**
 * Accounts for browser tests, made through the real identity and users calls from inside
 * a browser context, so the context holds the session cookie exactly as after a sign-up in
 * the UI. The app then fetches its access token by itself on the first authorised call.
 * Use the UI flows (sign-up/sign-in pages) where the flow itself is under test.
 */
export interface BrowserAccount {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
export function newAccount(prefix = 'guest'): BrowserAccount {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { name: `Guest ${tag}`, email: `${prefix}-${tag}@example.com`, password: `pass-${tag}-word` };
}

async function post(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  data: unknown,
  method: 'POST' | 'PUT' = 'POST',
) {
  const response = await context.request.fetch(`${baseUrl}${path}`, { method, data, headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} failed: ${response.status()} ${await response.text()}`);
  return response;
}

/** Signs a new account up (identity + server record) inside the context; the context is then signed in. */
export async function signUpInContext(
  context: BrowserContext,
  baseUrl: string,
  account: BrowserAccount = newAccount(),
): Promise<BrowserAccount> {
  await post(context, baseUrl, '/api/auth/sign-up/email', {
    name: account.name,
    email: account.email,
    password: account.password,
  });
  await post(context, baseUrl, '/api/v1/users', userRecordPayload(account));
  return account;
}

/** Signs an existing account in inside the context (e.g. the admin from ADMIN_EMAIL/ADMIN_PASSWORD). */
export async function signInInContext(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await post(context, baseUrl, '/api/auth/sign-in/email', { email, password });
}
