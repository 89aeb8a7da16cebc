/**
 * A fuzz probe of the server as `npm start` runs it, through real HTTP: every operation of its
 * OpenAPI (and the identity, upload, picture and page routes), with hostile path and query
 * values, random JSON, malformed and binary bodies, a 50,000-deep JSON array and a cut-off
 * multipart body, each with no token, a garbage one, a guest's or an administrator's. Prints
 * how many answers fell in each status class and every 5xx (there must be none); exits 1 on a
 * 5xx, a failed request or a server that no longer answers its health check.
 *
 * Settings (environment): FUZZ_REQUESTS (20,300), FUZZ_CONNECTIONS (8).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { spawnServer } from '../tests/support/app-process.ts';
import { signIn } from './bench/reservations.ts';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_300);
const CONNECTIONS = Number(process.env.FUZZ_CONNECTIONS ?? 8);
const ADMIN = { email: 'admin@fuzz.example', password: 'fuzz-admin-password-1' };

const dataDir = mkdtempSync(join(tmpdir(), 'storefront-fuzz-'));
const app = await spawnServer({
  output: 'drain',
  env: {
    DATA_DIR: dataDir,
    AUTH_SECRET: 'fuzz-secret-fuzz-secret-fuzz-secret-012345',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
});
const { base } = app;

try {
  // Bearer headers through the real identity endpoints (the address header is not believed: no TRUST_PROXY).
  const tokens = {
    guest: await signIn(base, 'guest@fuzz.example', 'fuzz-guest-password-1', '10.9.0.1', 'Fuzz Guest'),
    admin: await signIn(base, ADMIN.email, ADMIN.password, '10.9.0.1'),
  };
  const spec = (await (await fetch(`${base}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations: { method: string; path: string }[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    // The event stream stays open by design: a valid token would hold a connection till the end.
    if (path === '/api/v1/events') continue;
    for (const method of Object.keys(methods))
      if (['get', 'post', 'patch', 'put', 'delete'].includes(method))
        operations.push({ method: method.toUpperCase(), path });
  }
  for (const path of [
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/get-session',
    '/products/{id}',
    '/home/search-page-items',
    '/images/dishes/{name}',
    '/sitemap.xml',
  ]) {
    for (const method of ['GET', 'POST']) operations.push({ method, path });
  }

  const hostile = fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1',
      '2',
      '99999999999999999999',
      '1e3',
      '0x10',
      'NaN',
      'null',
      '[]',
      '{}',
      '%00',
      '..%2F..%2Fetc%2Fpasswd',
      "1'%20OR%20'1'='1",
      '%3Cscript%3E',
      '%F0%9F%8D%94',
      '%ED%A0%80',
      'a'.repeat(5000),
      '%20',
    ),
    fc.string().map(encodeURIComponent),
    fc.integer().map(String),
    fc.double().map(String),
  );
  const contentTypes = fc.constantFrom(
    'application/octet-stream',
    'multipart/form-data; boundary=x',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json',
  );
  const bodies = fc.oneof(
    fc.json().map((body) => ({ type: 'application/json', body })),
    fc.anything().map((value) => ({ type: 'application/json', body: JSON.stringify(value) ?? 'null' })),
    fc.object().map((value) => ({ type: 'application/json', body: JSON.stringify(value) })),
    fc.string().map((body) => ({ type: 'application/json', body })),
    fc
      .tuple(contentTypes, fc.uint8Array({ maxLength: 2000 }))
      .map(([type, bytes]) => ({ type, body: Buffer.from(bytes) })),
    fc.constant({ type: 'application/json', body: '['.repeat(50_000) }),
    fc.constant({
      type: 'multipart/form-data; boundary=----x',
      body: '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    }),
  );
  const queryNames = fc.constantFrom(
    'searchText',
    'email',
    'category',
    'date',
    'q',
    'populler',
    'partySize',
    'diet',
    'x',
  );
  const cases = fc.sample(
    fc.tuple(
      fc.constantFrom(...operations),
      hostile,
      fc.array(fc.tuple(queryNames, hostile), { maxLength: 3 }),
      bodies,
      fc.constantFrom('none', 'garbage', 'guest', 'admin'),
    ),
    REQUESTS,
  );

  const counts: Record<string, number> = {};
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const [operation, value, query, body, who] = cases[next++] as (typeof cases)[number];
      const url =
        base +
        operation.path.replace(/\{[^}]+\}/g, value) +
        (query.length ? `?${query.map(([name, v]) => `${name}=${v}`).join('&')}` : '');
      const headers: Record<string, string> = { origin: base };
      if (who === 'garbage') headers.authorization = `Bearer ${value}`;
      if (who === 'guest' || who === 'admin') headers.authorization = tokens[who];
      const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      if (withBody) headers['content-type'] = body.type;
      try {
        const res = await fetch(url, {
          method: operation.method,
          headers,
          ...(withBody ? { body: body.body } : {}),
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        const group = `${Math.floor(res.status / 100)}xx`;
        counts[group] = (counts[group] ?? 0) + 1;
        if (res.status >= 500) failures.push(`${res.status} ${operation.method} ${url.slice(base.length, 200)}`);
      } catch (error) {
        counts.failed = (counts.failed ?? 0) + 1;
        failures.push(
          `request failed: ${operation.method} ${url.slice(base.length, 120)}: ${String(error).slice(0, 120)}`,
        );
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const health = await fetch(`${base}/healthz`);
  console.log(
    `${cases.length} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(0)} s, ${CONNECTIONS} at a time: ${JSON.stringify(counts)}; /healthz afterwards: ${health.status}`,
  );
  for (const failure of failures.slice(0, 30)) console.log(failure);
  if (failures.length > 0 || !health.ok) process.exitCode = 1;
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
