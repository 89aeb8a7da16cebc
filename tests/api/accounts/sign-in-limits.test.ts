import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, createAccount } from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Issue 40 point 2 (docs/decisions/009): failures per account never lock the owner out. Behind
 * one trusted proxy (TRUST_PROXY=1) each request comes from the address the proxy names, so an
 * attacker spread over many addresses is what these requests are.
 */
let t: TestApp;
beforeAll(async () => {
  // 3 failures per account and address lock that pair; from the 3rd failure of an account, delays.
  t = await createTestApp({ TRUST_PROXY: '1' }, { identityLimits: { signInFailures: 3, signUpPerMinute: 100 } });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, from: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN, 'x-forwarded-for': from },
    payload: { email, password },
  });

describe('failed sign-ins for one account from many addresses', () => {
  it("never refuse the owner's correct password from an address that has not failed", async () => {
    const owner = await createAccount(t.app, { name: 'Targeted Owner' });
    const statuses: number[] = [];
    // 24 wrong passwords from 24 addresses: more than the old per-account lock (15 here, 50 by default).
    for (let i = 0; i < 24; i += 1)
      statuses.push((await signIn(owner.email, 'wrong-password-1', `203.0.113.${i + 1}`)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(24);
    const fromHome = await signIn(owner.email, owner.password, '198.51.100.7');
    expect(fromHome.statusCode, fromHome.body).toBe(200);
    // A second device of the owner's, too.
    expect((await signIn(owner.email, owner.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it("make an address that failed wait a delay that grows with the account's failures, and only for that account", async () => {
    const owner = await createAccount(t.app, { name: 'Slowed Down' });
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const from = `192.0.2.${i + 1}`;
      expect((await signIn(owner.email, 'wrong-password-2', from)).statusCode).toBe(401);
      // The account's failures so far: i + 1. From the 3rd on, the address waits 2^(failures - 3) s;
      // checked from the 6th (8 s), a wait no pause of a busy machine between two calls outlasts.
      if (i < 5) continue;
      // Right away from the same address: refused, with the wait to come back.
      const again = await signIn(owner.email, 'wrong-password-2', from);
      expect(again.statusCode, `address ${i + 1}`).toBe(429);
      waits.push(Number(again.headers['retry-after']));
      // The same address for another account is not held back.
      expect((await signIn('someone-else@example.com', 'wrong-password-2', from)).statusCode).toBe(401);
    }
    // 8, 16, 32, 64, 128 s (less the time the calls took), up to 5 minutes.
    expect(waits).toHaveLength(5);
    expect(waits[0]).toBeGreaterThanOrEqual(4);
    expect(waits.at(-1)).toBeGreaterThanOrEqual(100);
    expect(waits.at(-1)).toBeLessThanOrEqual(128);
    // Even the owner's right password waits on an address that failed; a success elsewhere works.
    expect((await signIn(owner.email, owner.password, '192.0.2.10')).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, '192.0.2.200')).statusCode).toBe(200);
  });

  it('still lock one address that keeps failing for one account, and one address that fails for many', async () => {
    const owner = await createAccount(t.app, { name: 'Pair Locked' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await signIn(owner.email, 'wrong-password-3', '192.0.2.250')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // 30 failures per address per hour (ten times the pair's) lock that address for everyone.
    const spray: number[] = [];
    for (let i = 0; i < 32; i += 1)
      spray.push((await signIn(`sprayed-${i}@example.com`, 'wrong-password-3', '192.0.2.251')).statusCode);
    expect(spray.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(spray.slice(30)).toEqual([429, 429]);
  });
});
