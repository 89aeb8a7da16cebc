import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../../support/app-process.ts';
import { cookieHeader, userRecordPayload } from '../../support/factories.ts';
import { createRaces, summary } from '../../support/reservation-races.ts';
import { createPostgresDatabase } from '../../support/test-database.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';

/**
 * Issue 40 point 1 across two app servers: the four reservation races of
 * reservation-races.test.ts, each request sent to one of two real server processes in turn,
 * both on one PostgreSQL database (a new one on TEST_DATABASE_URL's server). Exactly one of
 * racing changes wins, whichever server took it, and the table holds follow the status.
 * Runs in CI's PostgreSQL run: vitest.config.ts leaves postgres-* files out without TEST_DATABASE_URL.
 */
const ADMIN = { email: 'race-two-owner@example.com', password: 'race-two-owner-password' };
const SECRET = 'reservation-races-secret-reservation-races-0123';
const ROUNDS = 5;

let a: ServerProcess;
let b: ServerProcess;
let pool: pg.Pool;
let drop: () => Promise<void>;
const dirs: string[] = [];

async function json(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      origin: server.base,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function tokenFor(server: ServerProcess, cookie: string, email: string): Promise<string> {
  const answer = await json(server, 'GET', `/api/v1/users/jwt?email=${encodeURIComponent(email)}`, { cookie });
  if (answer.status !== 200) throw new Error(`token: ${answer.status}`);
  return answer.body.accessToken as string;
}

/** Signs up on `server` as the client does (identity, record, access token). */
async function signUp(server: ServerProcess, tag: string): Promise<{ email: string; token: string }> {
  const email = `${tag}-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `pass-${tag}-word-2027`, name: `Racer ${tag}` }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res.headers.getSetCookie());
  const record = await json(server, 'POST', '/api/v1/users', {
    cookie,
    body: userRecordPayload({ name: `Racer ${tag}`, email }),
  });
  if (record.status !== 201) throw new Error(`record: ${record.status} ${JSON.stringify(record.body)}`);
  return { email, token: await tokenFor(server, cookie, email) };
}

async function adminToken(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return tokenFor(server, cookieHeader(res.headers.getSetCookie()), ADMIN.email);
}

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const database = await createPostgresDatabase(adminUrl, 'storefront_races');
  drop = database.drop;
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const env = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-races-'));
    dirs.push(dataDir);
    return {
      DATABASE_URL: database.url,
      AUTH_SECRET: SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
  };
  [a, b] = await Promise.all([
    spawnServer({ env: env(), startTimeoutMs: 180_000 }),
    spawnServer({ env: env(), startTimeoutMs: 180_000 }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await drop?.();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('reservation races across two app servers (issue 40)', () => {
  it(
    'the four races: one winner where one must win, and the holds follow the status',
    { timeout: 240_000 },
    async () => {
      const owner = await adminToken(a);
      const staff = await signUp(a, 'host');
      const guest = await signUp(b, 'guest');
      const users = (await json(a, 'GET', '/api/v1/users/users', { token: owner })).body.data as {
        _id: string;
        email: string;
      }[];
      expect(
        (
          await json(b, 'PATCH', `/api/v1/users/users/${users.find((u) => u.email === staff.email)?._id}`, {
            token: owner,
            body: { role: 'staff' },
          })
        ).status,
      ).toBe(200);
      const settings = await json(a, 'PATCH', '/api/v1/restaurant', {
        token: owner,
        body: { ...BOOKING_TEST_SETTINGS, closedDates: [] },
      });
      expect(settings.status).toBe(200);
      // Real time on both servers: the rounds book the days from the day after tomorrow.
      const today = Date.now();
      const races = createRaces({
        servers: [a.base, b.base],
        staffToken: staff.token,
        guestToken: guest.token,
        dateFor: (round) => new Date(today + (2 + round) * 86_400_000).toISOString().slice(0, 10),
        async holdsOf(id) {
          const rows = (
            await pool.query<{ table_id: number; starts_at: Date; ends_at: Date; active: number }>(
              'select table_id, starts_at, ends_at, active from table_holds where reservation_id = $1',
              [Number(id)],
            )
          ).rows;
          return rows.map((h) => ({
            tableId: h.table_id,
            startsAt: new Date(h.starts_at).toISOString(),
            endsAt: new Date(h.ends_at).toISOString(),
            active: Number(h.active) === 1,
          }));
        },
      });
      const results = await races.run(ROUNDS);
      console.log(summary('[postgres, two servers]', results));
      expect(
        results.filter((r) => r.faults.length > 0).map((r) => `${r.race} #${r.round}: ${r.faults.join('; ')}`),
      ).toEqual([]);
      expect(results).toHaveLength(4 * ROUNDS);
    },
  );
});
