import { SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { createAccessTokens } from '../../../src/server/modules/auth/access-token.ts';
import {
  ORIGIN,
  bearer,
  cookieHeader,
  createAccount,
  requestToken,
  signInIdentity,
  signUpIdentity,
  uniqueEmail,
} from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

const ADMIN = { email: 'boss@example.com', password: 'boss-password-1' };
const SECRET = 'test-secret-test-secret-test-secret-0123456789';

const test = useRecordsWorld(ADMIN);

const inject = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function userCount(t: TestApp) {
  const row = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('authorization matrix over the users calls', () => {
  const reads = (email: string) => [
    `/api/v1/users?email=${encodeURIComponent(email)}`,
    `/api/v1/users/admin/${encodeURIComponent(email)}`,
  ];

  test('refuses every call without a token with 401', async ({ t, alice, bob }) => {
    for (const url of [...reads(alice.email), '/api/v1/users/users']) {
      const res = await inject(t, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    }
    expect((await inject(t, 'DELETE', `/api/v1/users/users/${bob.userId}`)).statusCode).toBe(401);
  });

  test('refuses malformed, expired, tampered and wrong-algorithm tokens with 401', async ({ t, alice, admin }) => {
    const [head, body, signature] = alice.accessToken.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: admin.userId, email: ADMIN.email })).toString(
      'base64url',
    );
    // Issued 2.1 s ago for 1 s: the app reads its tokens' expiry by the real time.
    const shortLived = createAccessTokens(SECRET, 1, () => Date.now() - 2100);
    const expired = await shortLived.issue({
      userId: Number(alice.userId),
      email: alice.email,
      sessionId: payload.sid,
    });
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    const wrongKey = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    const hs512 = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    const bad = [
      'Bearer',
      'Bearer not-a-token',
      `Basic ${alice.accessToken}`,
      `Bearer ${head}.${forged}.${signature}`,
      `Bearer ${expired}`,
      `Bearer ${noneAlg}`,
      `Bearer ${wrongKey}`,
      `Bearer ${hs512}`,
      `Bearer ${alice.accessToken}x`,
      `Bearer ${'a'.repeat(5000)}`,
    ];
    for (const authorization of bad) {
      const res = await inject(t, 'GET', `/api/v1/users?email=${encodeURIComponent(alice.email)}`, { authorization });
      expect(res.statusCode, authorization.slice(0, 40)).toBe(401);
    }
  });

  test("answers 403 for another user's e-mail and success for one's own", async ({ t, alice, bob }) => {
    for (const url of reads(bob.email)) {
      expect((await inject(t, 'GET', url, bearer(alice))).statusCode, url).toBe(403);
    }
    const own = await inject(t, 'GET', `/api/v1/users?email=${encodeURIComponent(alice.email)}`, bearer(alice));
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      email: alice.email,
      name: 'Alice',
      role: 'user',
      orders: [],
      favorites: [],
      reports: [],
    });
    const check = await inject(t, 'GET', `/api/v1/users/admin/${encodeURIComponent(alice.email)}`, bearer(alice));
    expect(check.json()).toEqual({ success: true, isAdmin: 'user', role: 'user' });
  });

  test('lets an admin read anyone and keeps the admin-only calls from plain users', async ({
    t,
    alice,
    bob,
    admin,
  }) => {
    for (const url of reads(bob.email)) expect((await inject(t, 'GET', url, bearer(admin))).statusCode, url).toBe(200);
    expect((await inject(t, 'GET', `/api/v1/users/admin/${ADMIN.email}`, bearer(admin))).json()).toEqual({
      success: true,
      isAdmin: 'admin',
      role: 'admin',
    });
    expect((await inject(t, 'GET', '/api/v1/users/users', bearer(alice))).statusCode).toBe(403);
    expect((await inject(t, 'DELETE', `/api/v1/users/users/${bob.userId}`, bearer(alice))).statusCode).toBe(403);
    const list = await inject(t, 'GET', '/api/v1/users/users', bearer(admin));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([alice.email, bob.email, ADMIN.email]),
    );
    expect(await userCount(t)).toBe(3);
  });
});

describe('server records', () => {
  test('never takes a role from a body and never stores a password', async ({ t }) => {
    const identity = await signUpIdentity(t.app, { name: 'Mallory' });
    const post = await inject(
      t,
      'POST',
      '/api/v1/users',
      { cookie: identity.cookie, origin: ORIGIN },
      {
        name: 'Mallory',
        email: identity.email,
        password: identity.password,
        role: 'admin',
        userImg: '',
        orders: [],
        favorite: [],
        reports: [],
      },
    );
    expect(post.statusCode).toBe(201);
    const put = await inject(
      t,
      'PUT',
      '/api/v1/users',
      { cookie: identity.cookie, origin: ORIGIN },
      { name: 'Mallory', email: identity.email, role: 'admin' },
    );
    expect(put.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', identity.email)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect(JSON.stringify(row)).not.toContain(identity.password);
    const account = await t.database.db
      .selectFrom('auth_account')
      .select('password')
      .where('providerId', '=', 'credential')
      .execute();
    for (const a of account) expect(a.password).not.toContain(identity.password);
  });

  test("creates nothing new on a second POST, and only for the caller's own identity", async ({ t, alice }) => {
    const before = await userCount(t);
    const again = await inject(
      t,
      'POST',
      '/api/v1/users',
      { cookie: alice.cookie, origin: ORIGIN },
      { name: 'Alice', email: alice.email },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().insertedId).toBeNull();
    const other = await inject(
      t,
      'POST',
      '/api/v1/users',
      { cookie: alice.cookie, origin: ORIGIN },
      { name: 'X', email: 'someone-else@example.com' },
    );
    expect(other.statusCode).toBe(403);
    const anonymous = await inject(
      t,
      'POST',
      '/api/v1/users',
      { origin: ORIGIN },
      { name: 'X', email: 'nobody@example.com' },
    );
    expect(anonymous.statusCode).toBe(401);
    const badPhoto = await inject(
      t,
      'POST',
      '/api/v1/users',
      { cookie: alice.cookie, origin: ORIGIN },
      { name: 'A', email: alice.email, userImg: 'https://evil.example/x.png' },
    );
    expect(badPhoto.statusCode).toBe(400);
    expect(await userCount(t)).toBe(before);
  });

  test('refuses a duplicate sign-up and creates no second identity', async ({ t, alice }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email: alice.email, password: 'another-pass-1', name: 'Alice 2' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const rows = await t.database.db.selectFrom('auth_user').select('id').where('email', '=', alice.email).execute();
    expect(rows).toHaveLength(1);
  });

  test('refuses a password under 6 characters', async ({ t }) => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email, password: '12345', name: 'Short' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      await t.database.db.selectFrom('auth_user').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('access tokens', () => {
  test('are given only to the session that owns the e-mail', async ({ t, alice, bob }) => {
    expect((await requestToken(t.app, '', alice.email)).statusCode).toBe(401);
    expect((await requestToken(t.app, alice.cookie, bob.email)).statusCode).toBe(403);
    const own = await requestToken(t.app, alice.cookie, alice.email.toUpperCase());
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('no-store');
  });

  test('refuses identity calls posted from a foreign origin', async ({ t, alice }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://evil.example' },
      payload: { email: alice.email, password: alice.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('gives the same answer for an unknown e-mail and a wrong password', async ({ t, alice }) => {
    const unknown = await signInIdentity(t.app, 'nobody-here@example.com', 'whatever-1');
    const wrong = await signInIdentity(t.app, alice.email, 'wrong-password-1');
    expect(unknown.status).toBe(wrong.status);
    expect(JSON.parse(unknown.body).message).toBe(JSON.parse(wrong.body).message);
  });

  test('are remembered once verified only until they expire, and only as the very string verified', async () => {
    let later = 0;
    const tokens = createAccessTokens(SECRET, 1, () => Date.now() + later);
    const claims = { userId: 7, email: 'remembered@example.com', sessionId: 'session-7' };
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [head, body, signature] = token.split('.') as [string, string, string];
    // The signature's first character: every one of its bits counts (the last one's lowest do not).
    const other = signature.startsWith('A') ? 'B' : 'A';
    expect(await tokens.verify(`${head}.${body}.${other}${signature.slice(1)}`)).toBeNull();
    later += 2100;
    expect(await tokens.verify(token)).toBeNull();
  });

  test('stop working after sign-out', async ({ t }) => {
    const carol = await createAccount(t.app, { name: 'Carol' });
    const url = `/api/v1/users?email=${encodeURIComponent(carol.email)}`;
    expect((await inject(t, 'GET', url, bearer(carol))).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: carol.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await inject(t, 'GET', url, bearer(carol))).statusCode).toBe(401);
    expect((await requestToken(t.app, carol.cookie, carol.email)).statusCode).toBe(401);
  });
});

describe('deleting a user', () => {
  test('removes the account, identity, sessions and every record, and the user cannot sign in again', async ({
    t,
    admin,
  }) => {
    const dave = await createAccount(t.app, { name: 'Dave' });
    const record = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', dave.email)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const base = {
      user_id: record.id,
      product_id: 1,
      name: 'Classic Cheeseburger',
      img: '/images/menu/classic-cheeseburger.webp',
      category: 'Delish Burger',
      created_at: now,
    };
    await t.database.db
      .insertInto('orders')
      .values({ ...base, unit_price: asMinor(12), quantity: 1, total_price: asMinor(12), status: 'Conform' })
      .execute();
    await t.database.db
      .insertInto('favorites')
      .values({ ...base, unit_price: asMinor(12), quantity: 1, status: 'Pending' })
      .execute();
    await t.database.db
      .insertInto('reports')
      .values({ ...base, report_text: 'Too salty' })
      .execute();

    const res = await inject(t, 'DELETE', `/api/v1/users/users/${dave.userId}`, bearer(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { deletedId: dave.userId, email: dave.email },
    });

    const db = t.database.db;
    expect(
      await db.selectFrom('users').select('id').where('email', '=', dave.email).executeTakeFirst(),
    ).toBeUndefined();
    for (const table of ['orders', 'favorites', 'reports'] as const) {
      expect(await db.selectFrom(table).select('id').where('user_id', '=', record.id).execute()).toEqual([]);
    }
    expect(
      await db.selectFrom('auth_user').select('id').where('email', '=', dave.email).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db
        .selectFrom('auth_session')
        .select('id')
        .where('userId', '=', record.auth_user_id ?? '')
        .execute(),
    ).toEqual([]);
    expect((await signInIdentity(t.app, dave.email, dave.password)).status).toBe(401);
    expect(
      (await inject(t, 'GET', `/api/v1/users?email=${encodeURIComponent(dave.email)}`, bearer(dave))).statusCode,
    ).toBe(401);
    expect((await inject(t, 'DELETE', `/api/v1/users/users/${dave.userId}`, bearer(admin))).statusCode).toBe(404);
  });

  test('does not let an admin delete themself, and rejects bad ids', async ({ t, admin }) => {
    expect((await inject(t, 'DELETE', `/api/v1/users/users/${admin.userId}`, bearer(admin))).statusCode).toBe(409);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await inject(t, 'DELETE', `/api/v1/users/users/${id}`, bearer(admin))).statusCode, id).toBe(400);
    }
    expect((await inject(t, 'DELETE', '/api/v1/users/users/999999', bearer(admin))).statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  test('answers a burst of sign-in attempts with 429 while other routes keep answering', async () => {
    const limited = await createTestApp({}, { identityLimits: { signInFailures: 5, signUpPerMinute: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: ORIGIN },
          payload: { email: 'x@example.com', password: 'wrong-pass-1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
      // A spoofed forwarding header does not buy a fresh allowance.
      const spoofed = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN, 'x-forwarded-for': '10.9.8.7' },
        payload: { email: 'x@example.com', password: 'wrong-pass-1' },
      });
      expect(spoofed.statusCode).toBe(429);
      expect((await limited.app.inject({ method: 'GET', url: '/api/v1/categorys' })).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the first administrator', () => {
  test('is generated with a random password, announced once, when none is configured', async () => {
    const fresh = await createTestApp();
    try {
      expect(fresh.announcements).toHaveLength(1);
      const match = /created: (\S+) with password (\S+)/.exec(fresh.announcements[0] ?? '');
      expect(match).not.toBeNull();
      const signedIn = await signInIdentity(fresh.app, match?.[1] ?? '', match?.[2] ?? '');
      expect(signedIn.status).toBe(200);
      const token = await requestToken(fresh.app, cookieHeader(signedIn.cookie), match?.[1] ?? '');
      const list = await fresh.app.inject({
        method: 'GET',
        url: '/api/v1/users/users',
        headers: { authorization: `Bearer ${token.json().accessToken}` },
      });
      expect(list.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
