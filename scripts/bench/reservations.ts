/**
 * The reservations budgets (docs/reference/design.md "Budgets"): availability for a date with 30 tables and
 * 300 bookings answers in ≤ 20 ms p95 (one connection: the time one answer takes; and 50
 * connections for throughput), and booking throughput under 20 concurrent clients racing for
 * the same evening, with how many succeeded and how many were refused.
 *
 * The server runs as `npm start` runs it, with TRUST_PROXY=1 so that each simulated guest can
 * come from its own address (X-Forwarded-For), as guests behind a load balancer do; otherwise
 * the sign-up limit per address would throttle the bench, not the booking path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { createDatabase } from '../../src/server/db/database.ts';
import type { ServerProcess } from '../../tests/support/app-process.ts';
import { type Measurement, allDayKitchen, fmt, run, startApp } from './measure.ts';

const ADMIN = { email: 'bench-owner@example.com', password: 'bench-owner-password' };
const CLIENTS = 20;
const BOOKING_SECONDS = Number(process.env.BENCH_DURATION ?? 5);

function dayAfter(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function signIn(
  base: string,
  email: string,
  password: string,
  address: string,
  signUpName?: string,
): Promise<string> {
  const path = signUpName ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email';
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': address },
    body: JSON.stringify({ email, password, ...(signUpName ? { name: signUpName } : {}) }),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (signUpName) {
    await fetch(`${base}/api/v1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ name: signUpName, email }),
    });
  }
  const token = await fetch(`${base}/api/v1/users/jwt?email=${encodeURIComponent(email)}`, {
    headers: { cookie, 'x-forwarded-for': address },
  });
  return `Bearer ${((await token.json()) as { accessToken: string }).accessToken}`;
}

export async function call(
  base: string,
  method: string,
  path: string,
  authorization: string,
  body?: unknown,
  address = '10.9.0.1',
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization, 'x-forwarded-for': address },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; data?: unknown } };
}

/** The settings the day is measured under, and 30 tables (the demo's 14 and 16 more), through the API. */
export async function prepareTheDay(app: ServerProcess, admin: string): Promise<void> {
  const settings = await call(
    app.base,
    'PATCH',
    '/api/v1/restaurant',
    admin,
    allDayKitchen({
      reservations: { slotMinutes: 15, leadMinutes: 0, horizonDays: 60, coversPerSlot: 1000, lastSeatingMinutes: 0 },
    }),
  );
  if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
  for (let i = 15; i <= 30; i += 1)
    await call(app.base, 'POST', '/api/v1/tables', admin, {
      name: `T${i}`,
      minCovers: 2,
      maxCovers: i % 2 === 0 ? 4 : 6,
    });
}

/**
 * 300 bookings on `date`, ten back to back on each of the 30 tables, written straight into the
 * SQLite file. Only while no server runs on it: a server holds its file (docs/decisions/018).
 */
export function writeBookings(dataDir: string, date: string): number {
  const database = createDatabase({ dataDir });
  if (database.engine !== 'sqlite') throw new Error('the bench seeds SQLite');
  const native = database.native;
  try {
    const tables = native.prepare('select id from dining_tables order by id').all() as { id: number }[];
    native.transaction(() => bookTheTables(native, tables, date, 1))();
    console.error(
      `reservations: ${tables.length} tables, ${(native.prepare('select count(*) as n from reservations where date = ?').get(date) as { n: number }).n} bookings on ${date}`,
    );
    return tables.length;
  } finally {
    // Closed through the driver: Kysely never opened it.
    native.close();
  }
}

/** Ten 90-minute turns on each of `tables` of `branch` on `date`, staggered by table so the slots differ (inside the caller's transaction). */
export function bookTheTables(native: SqliteDatabase, tables: { id: number }[], date: string, branch: number): void {
  const insert = native.prepare(
    `insert into reservations (user_id, date, time, starts_at, ends_at, party_size, name, phone, email, notes, status, source, created_at, updated_at, branch_id)
     values (null, ?, ?, ?, ?, 2, 'Bench guest', '+880 1700-000000', null, '', 'booked', 'phone', ?, ?, ?)`,
  );
  const hold = native.prepare(
    'insert into table_holds (reservation_id, table_id, starts_at, ends_at, active, branch_id) values (?, ?, ?, ?, 1, ?)',
  );
  const now = new Date().toISOString();
  for (const [index, table] of tables.entries()) {
    for (let n = 0; n < 10; n += 1) {
      const minutes = 60 + n * 120 + (index % 8) * 15;
      const startsAt = new Date(`${date}T00:00:00.000Z`).getTime() + minutes * 60_000;
      const start = new Date(startsAt).toISOString();
      const end = new Date(startsAt + 90 * 60_000).toISOString();
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const { lastInsertRowid } = insert.run(date, time, start, end, now, now, branch);
      hold.run(Number(lastInsertRowid), table.id, start, end, branch);
    }
  }
}

/** CLIENTS guests book random evening times of the same two days (at most BOOKING_SECONDS, 29 attempts each); counts each answer. */
async function raceForTables(
  app: ServerProcess,
): Promise<{ attempts: number; seconds: number; counts: Record<string, number> }> {
  const guests = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      signIn(
        app.base,
        `bench-guest-${i}-${Date.now()}@example.com`,
        'bench-guest-password',
        `10.8.${i}.1`,
        `Bench Guest ${i}`,
      ),
    ),
  );
  const days = [dayAfter(3), dayAfter(4)];
  const times = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30'];
  const counts: Record<string, number> = {};
  let attempts = 0;
  const started = Date.now();
  const until = started + BOOKING_SECONDS * 1000;
  await Promise.all(
    guests.map(async (authorization, i) => {
      // Each guest stays under the per-account limit of 30 bookings a minute, so what is
      // measured is the booking path, not the limiter's 429s.
      for (let mine = 0; mine < 29 && Date.now() < until; mine += 1) {
        const body = {
          date: days[attempts % days.length],
          time: times[Math.floor(Math.random() * times.length)],
          partySize: 2 + (attempts % 5),
          name: `Guest ${i}`,
          phone: '+880 1711-000000',
        };
        attempts += 1;
        const res = await call(app.base, 'POST', '/api/v1/reservations', authorization, body, `10.8.${i}.1`);
        const key =
          res.status === 201
            ? '201 booked'
            : res.status === 409
              ? `409 ${/upcoming/.test(res.body.message ?? '') ? 'guest at its 5-booking cap' : 'time taken'}`
              : `${res.status}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    }),
  );
  return { attempts, seconds: (Date.now() - started) / 1000, counts };
}

export async function benchReservations(baseline: ServerProcess): Promise<{ rows: Measurement[]; summary: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-reservations-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' };
  let app = await startApp(env);
  const rows: Measurement[] = [];
  try {
    const admin = await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1');
    const date = dayAfter(2);
    await prepareTheDay(app, admin);
    // The server holds its SQLite file (docs/decisions/018): the bookings are written while it
    // is stopped, and it is started again for the measurements.
    await app.stop();
    writeBookings(dataDir, date);
    app = await startApp(env);
    const parties = [2, 4, 6];
    let i = 0;
    const target = {
      name: 'availability (30 tables, 300 bookings)',
      paths: () => `/api/v1/reservations/availability?date=${date}&partySize=${parties[i++ % parties.length]}`,
    };
    rows.push(await run(baseline, app, target, 'one connection', 1));
    rows.push(await run(baseline, app, target, '50 connections'));
    const race = await raceForTables(app);
    const single = rows[0];
    const summary = [
      'reservations:',
      `  availability p95, one connection: ${fmt(single?.p95 ?? Number.NaN, 2)} ms (<= 20 ms) ${(single?.p95 ?? Infinity) <= 20 ? 'ok' : 'MISSED'}; at 50 connections ${fmt(rows[1]?.rps ?? Number.NaN, 0)} req/s, p95 ${fmt(rows[1]?.p95 ?? Number.NaN, 2)} ms`,
      `  booking under ${CLIENTS} concurrent guests: ${race.attempts} attempts in ${fmt(race.seconds, 1)} s (${fmt(race.attempts / race.seconds, 0)} per second): ${Object.entries(
        race.counts,
      )
        .sort()
        .map(([k, n]) => `${n} × ${k}`)
        .join(', ')}`,
    ];
    return { rows, summary };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
