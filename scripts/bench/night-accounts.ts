/**
 * The night bench's accounts (night-setup.ts, night-branches.ts): the owner signed in, staff and
 * guests signed up through the product's own calls, each from its device's address, each device
 * keeping its bearer token.
 */
import type { Device } from './night-kit.ts';

export const ADMIN = { email: 'night-owner@example.com', password: 'night-owner-password' };

/** Signs the device in (the owner) or up (a new account, its record made); its token kept. The account's user id when signed up. */
export async function account(device: Device, email: string, name: string, signUp: boolean): Promise<string | null> {
  const password = signUp ? 'night-guest-password' : ADMIN.password;
  const path = signUp ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email';
  const base = device.nextBase();
  const answer = await fetchVia(device, path, { email, password, ...(signUp ? { name } : {}) }, base);
  const record = signUp
    ? await device.send(undefined, 'POST', '/api/v1/users', { name, email }, { cookie: answer.cookie, origin: base })
    : undefined;
  const token = await device.send(undefined, 'GET', `/api/v1/users/jwt?email=${encodeURIComponent(email)}`, undefined, {
    cookie: answer.cookie,
  });
  const accessToken = (token.body as { accessToken?: string }).accessToken;
  if (!accessToken) throw new Error(`no token for ${email}: ${token.status}`);
  device.authorization = `Bearer ${accessToken}`;
  const insertedId = (record?.body as { insertedId?: string | null } | undefined)?.insertedId;
  return insertedId ?? null;
}

/** Sign-up and sign-in answer with a cookie: sent through the device (its address), the cookie kept. */
async function fetchVia(device: Device, path: string, body: unknown, base: string): Promise<{ cookie: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      new URL(path, base),
      { method: 'POST', localAddress: device.address, headers: { 'content-type': 'application/json', origin: base } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${path}: ${res.statusCode}`));
          else resolve({ cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ') });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A new account: signed up, its record made, its token kept; its user id. */
export async function signUp(device: Device, email: string, name: string): Promise<string | null> {
  return account(device, email, name, true);
}

/** Signs an account in again (signed up before): a fresh token carries a new role. */
export async function signInGuest(device: Device, email: string): Promise<void> {
  const base = device.nextBase();
  const answer = await fetchVia(device, '/api/auth/sign-in/email', { email, password: 'night-guest-password' }, base);
  const token = await device.send(undefined, 'GET', `/api/v1/users/jwt?email=${encodeURIComponent(email)}`, undefined, {
    cookie: answer.cookie,
  });
  device.authorization = `Bearer ${(token.body as { accessToken: string }).accessToken}`;
}
