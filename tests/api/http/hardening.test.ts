import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { type TestAccount, bearer, createAccount } from '../../support/factories.ts';
import { useTestApp } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * The server under hostile input: every route answers bad input with a 4xx JSON
 * message, never a 5xx, and changes nothing; security headers sit on the SPA and the API.
 */
const test = useTestApp({}, { identityLimits: { signInFailures: 10_000, signUpPerMinute: 10_000 } }).extend(
  'guest',
  { scope: 'file' },
  ({ t }) => createAccount(t.app, { name: 'Guest' }),
);

/** Every /api/v1 route, with a placeholder {x} where a hostile value goes. */
const ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string }[] = [
  { method: 'GET', url: '/api/v1/categorys?x={x}' },
  { method: 'GET', url: '/api/v1/allProductsData?category={x}' },
  { method: 'GET', url: '/api/v1/allProductsData/{x}' },
  { method: 'GET', url: '/api/v1/allProductsData/populler?populler={x}' },
  { method: 'GET', url: '/api/v1/allProductsData/searchData?searchText={x}' },
  { method: 'GET', url: '/api/v1/users?email={x}' },
  { method: 'GET', url: '/api/v1/users/jwt?email={x}' },
  { method: 'GET', url: '/api/v1/users/admin/{x}' },
  { method: 'GET', url: '/api/v1/users/users?x={x}' },
  { method: 'DELETE', url: '/api/v1/users/users/{x}' },
  { method: 'POST', url: '/api/v1/users' },
  { method: 'PUT', url: '/api/v1/users' },
  { method: 'PATCH', url: '/api/v1/users?email={x}' },
  { method: 'PATCH', url: '/api/v1/users/favorites?email={x}' },
  { method: 'PUT', url: '/api/v1/users/favorites/{x}' },
  { method: 'PATCH', url: '/api/v1/users/reports?email={x}' },
  { method: 'PUT', url: '/api/v1/users/reports/{x}' },
  { method: 'PUT', url: '/api/v1/users/{x}' },
  { method: 'PATCH', url: '/api/v1/users/{x}' },
  { method: 'POST', url: '/api/v1/uploads' },
];

const KNOWN_BAD = [
  '',
  ' ',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(400),
  'a'.repeat(5000),
  '😀'.repeat(50),
  '\uD800',
  'NEAR(a b) OR *',
];

async function snapshot(t: TestApp) {
  const db = t.database.db;
  const count = async (table: 'users' | 'orders' | 'favorites' | 'reports' | 'products' | 'categories') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    orders: await count('orders'),
    favorites: await count('favorites'),
    reports: await count('reports'),
    products: await count('products'),
    categories: await count('categories'),
  };
}

/** Percent-encodes a value; a lone surrogate becomes invalid UTF-8 bytes, which is hostile input too. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

async function send(
  t: TestApp,
  guest: TestAccount,
  route: (typeof ROUTES)[number],
  value: string,
  payload: unknown,
  authorized: boolean,
) {
  const url = route.url.replace('{x}', encode(value));
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method,
    url,
    headers: authorized ? bearer(guest) : {},
    ...(withBody ? { payload: payload as string } : {}),
  });
}

describe('hostile input', () => {
  test('never answers 5xx to known-bad values on any route, and changes nothing', async ({ t, guest }) => {
    const before = await snapshot(t);
    for (const route of ROUTES) {
      for (const value of KNOWN_BAD) {
        for (const authorized of [false, true]) {
          const res = await send(
            t,
            guest,
            route,
            value,
            {
              email: value,
              orderId: value,
              orderQuantity: value,
              reportText: value,
              name: value,
              pay: { Method: value, AccountNumber: value },
            },
            authorized,
          );
          expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(value).slice(0, 30)}`).toBeLessThan(
            500,
          );
          expect(res.headers['content-type'] ?? '', route.url).toContain('application/json');
        }
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test('never answers 5xx to generated values and bodies', async ({ t, guest }) => {
    const before = await snapshot(t);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer().map(String), fc.double().map(String)),
        fc.oneof(fc.anything(), fc.object(), fc.json()),
        fc.boolean(),
        async (route, value, payload, authorized) => {
          const res = await send(t, guest, route, value, payload, authorized);
          expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(value)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot(t)).toEqual(before);
  });

  test('answers malformed JSON, wrong content types and oversize bodies with 4xx', async ({ t, guest }) => {
    const before = await snapshot(t);
    const url = `/api/v1/users?email=${encodeURIComponent(guest.email)}`;
    const malformed = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(guest), 'content-type': 'application/json' },
      payload: '{"orderId": 1,',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    const xml = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(guest), 'content-type': 'application/xml' },
      payload: '<order/>',
    });
    expect(xml.statusCode).toBe(415);
    const big = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(guest), 'content-type': 'application/json' },
      payload: JSON.stringify({ reportText: 'x'.repeat(400 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, message: expect.any(String) });
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expect(post.statusCode).toBeLessThan(500);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('security headers', () => {
  function expectHeaders(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
  }

  test('are set on the API', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categorys' });
    expectHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('are set on the SPA, with HSTS when served over HTTPS', async ({ t }) => {
    const clientDir = mkdtempSync(join(tmpdir(), 'storefront-spa-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
    const app = await buildApp({
      config: { ...t.config, clientDir, publicUrl: 'https://shop.example' },
      database: t.database,
      logger: false,
      announce: () => {},
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/products/3' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expectHeaders(page.headers);
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const api = await app.inject({ method: 'GET', url: '/api/v1/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().success).toBe(false);
    } finally {
      await app.close();
    }
  });
});
