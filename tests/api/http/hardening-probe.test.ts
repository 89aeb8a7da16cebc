import { createHmac } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { type TestAccount, bearer, createAccount, userRecordPayload } from '../../support/factories.ts';
import { useTestApp } from '../../support/fixtures.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * One regression test per defect a probe of the running server found (issue 10, point 10):
 * spoofed forwarding headers, cut-off uploads, deeply nested JSON, tokens without an expiry,
 * per-address-only sign-in limits and photos never attached to a profile.
 */
const test = useTestApp({}, { identityLimits: { signInFailures: 5, signUpPerMinute: 1000 } });

const HTTPS_ORIGIN = 'https://shop.example';

async function wrongSignIn(t: TestApp, email: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: headers.origin ?? 'http://127.0.0.1:3000', ...headers },
    payload: { email, password: 'wrong-password-1' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('X-Forwarded-For behind HTTPS', () => {
  test('is not believed unless TRUST_PROXY says which hops to trust', async () => {
    const env = { PUBLIC_URL: HTTPS_ORIGIN };
    const untrusting = await createTestApp(env, { identityLimits: { signInFailures: 5, signUpPerMinute: 100 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push(
          (
            await wrongSignIn(untrusting, 'target@example.com', {
              origin: HTTPS_ORIGIN,
              'x-forwarded-for': `203.0.113.${i}`,
            })
          ).statusCode,
        );
      }
      // A rotating header buys no fresh allowance: the 6th attempt on is refused.
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    } finally {
      await untrusting.close();
    }

    const trusting = await createTestApp(
      { ...env, TRUST_PROXY: '1' },
      { identityLimits: { signInFailures: 5, signUpPerMinute: 100 } },
    );
    try {
      // Behind one trusted proxy the nearest forwarded address is the client's: twelve clients, none over its limit.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push(
          (
            await wrongSignIn(trusting, 'target@example.com', {
              origin: HTTPS_ORIGIN,
              'x-forwarded-for': `198.51.100.1, 203.0.113.${i}`,
            })
          ).statusCode,
        );
      }
      expect(statuses.every((s) => s === 401)).toBe(true);
    } finally {
      await trusting.close();
    }
  });

  test('TRUST_PROXY refuses "every hop" and accepts a hop count or proxy addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
    ]);
  });
});

describe('sign-in limits', () => {
  test('count failures per account and address: a flood locks that address out of that account only, and says when to retry', async ({
    t: app,
  }) => {
    const victim = await createAccount(app.app, { name: 'Victim' });
    const neighbour = await createAccount(app.app, { name: 'Neighbour' });
    const attacker = '192.0.2.66';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await wrongSignIn(app, victim.email, {}, attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = await wrongSignIn(app, victim.email, {}, attacker);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(/try again in/) });

    // The owner, from their own address, still signs in; and a neighbour behind the attacker's address too.
    const owner = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { email: victim.email, password: victim.password },
      remoteAddress: '198.51.100.7',
    });
    expect(owner.statusCode).toBe(200);
    const next = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { email: neighbour.email, password: neighbour.password },
      remoteAddress: attacker,
    });
    expect(next.statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  /** A token for the same user and session, signed with the server's own key, with the claims chosen here. */
  async function forge(app: TestApp, account: TestAccount, withExpiry: boolean) {
    const claims = decodeJwt(account.accessToken);
    const key = createHmac('sha256', app.config.authSecret as string)
      .update('access-token/v1')
      .digest();
    let jwt = new SignJWT({ email: claims.email, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud as string)
      .setIssuedAt()
      .setJti('forged');
    if (withExpiry) jwt = jwt.setExpirationTime('5m');
    return jwt.sign(key);
  }

  test('without an expiry are refused, even signed with the right key', async ({ t: app }) => {
    const guest = await createAccount(app.app, { name: 'Guest' });
    const read = (token: string) =>
      app.app.inject({
        method: 'GET',
        url: `/api/v1/users?email=${encodeURIComponent(guest.email)}`,
        headers: bearer({ accessToken: token }),
      });
    expect((await read(await forge(app, guest, true))).statusCode).toBe(200);
    expect((await read(await forge(app, guest, false))).statusCode).toBe(401);
  });
});

describe('the identity endpoints', () => {
  test('refuse a deeply nested JSON body with a 400, not a 500', async ({ t: app }) => {
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      const res = await app.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
        payload: '['.repeat(50_000),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    }
    const nestedInString = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: '['.repeat(100) }),
    });
    expect(nestedInString.statusCode).toBe(401);
  });
});

describe('uploads', () => {
  async function upload(app: TestApp, cookie: string, payload: Buffer | string, contentType: string) {
    return app.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { cookie, origin: 'http://127.0.0.1:3000', 'content-type': contentType },
      payload,
    });
  }

  async function photo(app: TestApp, cookie: string, colour: string): Promise<string> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const body = new Response(form);
    const res = await upload(
      app,
      cookie,
      Buffer.from(await body.arrayBuffer()),
      body.headers.get('content-type') ?? '',
    );
    expect(res.statusCode).toBe(201);
    return res.json().data.display_url as string;
  }

  test('cut off before the closing boundary are a 400', async ({ t: app }) => {
    const guest = await createAccount(app.app, { name: 'Uploader' });
    const cut =
      '--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nhalf a picture';
    const res = await upload(app, guest.cookie, cut, 'multipart/form-data; boundary=XyZ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.any(String) });
  });

  test('never attached to a profile are removed a day later, while attached and fresh ones stay', async ({
    t: app,
  }) => {
    const guest = await createAccount(app.app, { name: 'Photographer' });
    const attached = await photo(app, guest.cookie, '#ff0000');
    const abandoned = await photo(app, guest.cookie, '#00ff00');
    const fresh = await photo(app, guest.cookie, '#0000ff');
    const attach = await app.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { cookie: guest.cookie, origin: 'http://127.0.0.1:3000' },
      payload: { ...userRecordPayload(guest), userImg: attached },
    });
    expect(attach.statusCode).toBe(200);

    const stored = async () =>
      (await app.database.db.selectFrom('images').select('name').where('name', 'like', 'uploads/%').execute()).map(
        (r) => `/images/uploads/${r.name.slice('uploads/'.length)}`,
      );
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    await app.database.db
      .updateTable('images')
      .set({ created_at: twoDaysAgo })
      .where(
        'name',
        'in',
        [attached, abandoned].map((url) => `uploads/${url.slice('/images/uploads/'.length)}`),
      )
      .execute();

    // A server starting on this data sweeps once it is ready (and hourly after that).
    const restarted = await buildApp({ config: app.config, database: app.database, logger: false, announce: () => {} });
    try {
      await restarted.ready();
      const deadline = Date.now() + 5_000;
      while ((await stored()).includes(abandoned) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await stored()).sort()).toEqual([attached, fresh].sort());
      // Any server serves the photos that stay, from the database.
      expect((await restarted.inject({ method: 'GET', url: attached })).statusCode).toBe(200);
      expect((await restarted.inject({ method: 'GET', url: abandoned })).statusCode).toBe(404);
    } finally {
      await restarted.close();
    }
  });
});
