import { describe, expect } from 'vitest';
import { bearer, createAccount, requestToken, signInAccount } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';

/**
 * Issue 40, the access points: one token has one spelling, and the per-user limits count
 * the account, whatever token or spelling it comes with.
 */
const ADMIN = { email: 'hardening-owner@example.com', password: 'hardening-owner-1' };
const test = useRecordsWorld(ADMIN);

/** Every other base64url character whose 6 bits share the top `keep` bits with `c`. */
function sameTopBits(c: string, keep: number): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const index = alphabet.indexOf(c);
  const mask = (0x3f << (6 - keep)) & 0x3f;
  return [...alphabet].filter((other, i) => other !== c && (i & mask) === (index & mask));
}

describe('access tokens have one spelling', () => {
  test('refuses a token whose last character spells the same bits differently, or with padding', async ({
    t,
    alice,
  }) => {
    const url = `/api/v1/users?email=${encodeURIComponent(alice.email)}`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(alice) })).statusCode).toBe(200);
    const token = alice.accessToken;
    const signature = token.split('.')[2] as string;
    // An HS256 signature is 32 bytes: 43 base64url characters, the last carrying 4 bits.
    expect(signature).toHaveLength(43);
    const variants = sameTopBits(signature.at(-1) as string, 4).map((c) => `${token.slice(0, -1)}${c}`);
    expect(variants).toHaveLength(3);
    variants.push(`${token}=`);
    const statuses = [];
    for (const variant of variants)
      statuses.push(
        (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${variant}` } })).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 401]);
    // The canonical token still works.
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(alice) })).statusCode).toBe(200);
  });

  test('counts the per-user booking limit per account, whatever token the account sends', async ({ t }) => {
    const guest = await createAccount(t.app, { name: 'Many Tokens' });
    const second = await requestToken(t.app, guest.cookie, guest.email);
    const again = await signInAccount(t.app, guest.email, guest.password);
    const tokens = [guest.accessToken, second.json().accessToken as string, again.accessToken];
    expect(new Set(tokens).size).toBe(3);
    const statuses: number[] = [];
    // A refused body still counts against the limit (it is checked before the body is read).
    for (let i = 0; i < 45; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/reservations',
        headers: { authorization: `Bearer ${tokens[i % 3]}` },
        payload: { partySize: 'many' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // Another account is not held back by this one.
    const other = await createAccount(t.app, { name: 'Neighbour' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/reservations',
          headers: bearer(other),
          payload: { partySize: 'many' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
