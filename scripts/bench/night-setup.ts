/**
 * The night bench's stage: PostgreSQL (BENCH_DATABASE_URL, else the project's throwaway cluster
 * on BENCH_PG_PORT, 55460), Redis (BENCH_REDIS_URL, else a redis-server of its own on a free
 * port), the local fake Stripe of the tests, two app servers as `npm start` runs them (built
 * client, default log level), the restaurant's settings for an evening, and the accounts of the
 * staff and guests, each device on its own loopback address.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type FakeStripe, startFakeStripe } from '../../tests/support/fake-stripe.ts';
import { type ServerProcess, findFreePort } from '../../tests/support/app-process.ts';
import { createPostgresDatabase } from '../../tests/support/test-database.ts';
import { DEMO_SETTINGS } from '../../src/server/db/seed/demo-restaurant.ts';
import { allDayKitchen, startApp } from './measure.ts';
import { Device, type Stats } from './night-kit.ts';
import { loopback } from './night-process.ts';
import { PROFILE_OPTS, profiling } from './night-profile.ts';
import { ADMIN, account, signInGuest, signUp } from './night-accounts.ts';

/**
 * BENCH_NIGHT_KITCHEN: `demo` (the default) cooks with the demo restaurant's own kitchen: 40 units
 * a 15-minute bucket, 20 minutes to cook, 1.5 units a booked cover in the bucket 30 minutes after
 * it sits (a party of 3 loads 4.5: the fractional room PostgreSQL once refused with a 500, issue
 * 55), so promises move later as the evening fills the kitchen; `roomy` gives the kitchen 10,000
 * units a bucket, as the runs before 2026-11-29 had it (every promise as soon as possible).
 */
export const NIGHT_KITCHEN = process.env.BENCH_NIGHT_KITCHEN === 'roomy' ? 'roomy' : 'demo';
const PG_PORT = process.env.BENCH_PG_PORT ?? '55460';

function cluster(command: 'start' | 'url' | 'stop'): string {
  const env = { ...process.env, PG_TEST_PORT: PG_PORT, ...(profiling() ? { PG_TEST_OPTS: PROFILE_OPTS } : {}) };
  return (
    execFileSync('bash', ['scripts/pg-test-cluster.sh', command], { env, encoding: 'utf8' }).trim().split('\n').pop() ??
    ''
  );
}

/** Where a server's access lines are kept (BENCH_NIGHT_LOGS, a directory), when asked for: night-server-times.ts reads them. */
export function serverLog(name: 'a' | 'b'): string | undefined {
  const dir = process.env.BENCH_NIGHT_LOGS;
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  return join(dir, `server-${name}.log`);
}

/** The throwaway cluster's log (lock waits are logged there when profiling). */
export const clusterLog = () => `/tmp/storefront-pg-${PG_PORT}/postgres.log`;

/** The postmaster's process id of the throwaway cluster (its CPU and memory are watched), when it is ours. */
export function postmasterPid(): number | undefined {
  try {
    return Number(readFileSync(`/tmp/storefront-pg-${PG_PORT}/data/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** Waits until something accepts connections on the port (a redis-server just spawned: slow to listen on a loaded machine), at most 15 s. */
async function listening(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Stage {
  servers: ServerProcess[];
  bases: string[];
  databaseUrl: string;
  stripe: FakeStripe;
  stop(): Promise<void>;
}

export async function startStage(): Promise<Stage> {
  let adminUrl = process.env.BENCH_DATABASE_URL;
  const ownCluster = !adminUrl;
  if (!adminUrl) {
    cluster('start');
    adminUrl = cluster('url');
  }
  const database = await createPostgresDatabase(adminUrl, 'bench_night');
  let redis: ChildProcess | undefined;
  let redisUrl = process.env.BENCH_REDIS_URL;
  if (!redisUrl) {
    const port = await findFreePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    redisUrl = `redis://127.0.0.1:${port}`;
    await listening(port);
  }
  const stripe = await startFakeStripe();
  const dirs = [mkdtempSync(join(tmpdir(), 'storefront-night-a-')), mkdtempSync(join(tmpdir(), 'storefront-night-b-'))];
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.base,
  };
  const servers: ServerProcess[] = [];
  const stop = async () => {
    for (const server of servers.reverse()) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await stripe.close();
    redis?.kill('SIGTERM');
    await database.drop().catch(() => undefined);
    if (ownCluster) cluster('stop');
  };
  try {
    servers.push(await startApp({ ...env, DATA_DIR: dirs[0] as string }, serverLog('a')));
    servers.push(await startApp({ ...env, DATA_DIR: dirs[1] as string }, serverLog('b')));
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, bases: servers.map((s) => s.base), databaseUrl: database.url, stripe, stop };
}

/** A time zone whose local time now is about 18:00, so that "tonight" has an evening left: Etc/GMT∓n. */
export function eveningZone(): string {
  let offset = 18 - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export interface Cast {
  admin: Device;
  kitchen: Device[];
  hosts: Device[];
  floor: Device[];
  guests: { device: Device; email: string }[];
  browsers: Device[];
  dishes: { _id: string; name: string }[];
  tables: { _id: string; name: string }[];
  zone: string;
}

/** The evening's settings of a branch (the first's, and each other's when there are more): hours all day, the night's kitchen, in `zone`. */
export function eveningSettings(zone: string): Record<string, unknown> {
  return allDayKitchen(
    {
      fulfilment: { pickup: true, delivery: true, dineIn: true, deliveryMinimum: 0 },
      reservations: { slotMinutes: 15, leadMinutes: 0, horizonDays: 60, coversPerSlot: 1000, lastSeatingMinutes: 0 },
      unpaidOrders: { perGuest: 100, maxUnits: null },
    },
    { timeZone: zone, unitsPerBucket: NIGHT_KITCHEN === 'roomy' ? 10_000 : DEMO_SETTINGS.kitchen.unitsPerBucket },
    {
      unitsPerCover: DEMO_SETTINGS.kitchen.unitsPerCover,
      firstCourseMinutes: DEMO_SETTINGS.kitchen.firstCourseMinutes,
    },
  );
}

export type FirstBranch = Pick<Cast, 'admin' | 'dishes' | 'tables' | 'zone'> & { settings: Record<string, unknown> };

/** The owner signed in, the first branch's settings for the evening, its 30 tables, the dishes to order. */
export async function openTheFirstBranch(stage: Stage, stats: Stats): Promise<FirstBranch> {
  const admin = new Device(loopback(10, 0), stage.bases, stats, 0);
  await account(admin, ADMIN.email, 'Owner', false);
  const zone = eveningZone();
  const body = eveningSettings(zone);
  const settings = await admin.send(undefined, 'PATCH', '/api/v1/restaurant', body);
  if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
  const existing = ((await admin.send(undefined, 'GET', '/api/v1/tables')).body.data as { _id: string }[]).length;
  for (let i = existing + 1; i <= 30; i += 1)
    await admin.send(undefined, 'POST', '/api/v1/tables', {
      name: `T${i}`,
      minCovers: 1,
      maxCovers: i % 2 === 0 ? 4 : 8,
    });
  const tables = (await admin.send(undefined, 'GET', '/api/v1/tables')).body.data as { _id: string; name: string }[];
  // Dishes the generator can order as they come: a dish whose options must be chosen (a salsa for
  // the tamales) would only be refused, its 400 counted apart from the evening's real answers.
  const dishes = (
    (await admin.send(undefined, 'GET', '/api/v1/allProductsData')).body.data as {
      _id: string;
      name: string;
      available?: boolean;
      options?: { min: number }[];
    }[]
  ).filter((d) => d.available !== false && !(d.options ?? []).some((group) => group.min > 0));
  return { admin, dishes, tables, zone, settings: body };
}

/** Settings for the evening, 30 tables, and every account: staff made staff in the database, guests signed up. */
export async function castTheNight(stage: Stage, stats: Stats, scale: number): Promise<Cast> {
  const device = (group: number, n: number) => new Device(loopback(group, n), stage.bases, stats, n);
  const { admin, dishes, tables, zone } = await openTheFirstBranch(stage, stats);

  const per = Math.max(1, Math.round(scale));
  const staffDevices = Array.from({ length: 10 * per }, (_, i) => device(11, i));
  const guestDevices = Array.from({ length: Math.max(5, Math.round(50 * scale)) }, (_, i) => device(12, i));
  const stamp = Date.now().toString(36);
  for (const [i, d] of staffDevices.entries()) await signUp(d, `night-staff-${stamp}-${i}@example.com`, `Staff ${i}`);
  const client = new pg.Client({ connectionString: stage.databaseUrl });
  await client.connect();
  await client.query(`update users set role = 'staff' where email like $1`, [`night-staff-${stamp}-%`]);
  await client.end();
  // A fresh token carries the new role.
  for (const [i, d] of staffDevices.entries()) await signInGuest(d, `night-staff-${stamp}-${i}@example.com`);
  const guests: Cast['guests'] = [];
  for (const [i, d] of guestDevices.entries()) {
    const email = `night-guest-${stamp}-${i}@example.com`;
    await signUp(d, email, `Guest ${i}`);
    guests.push({ device: d, email });
  }
  return {
    admin,
    kitchen: staffDevices.slice(0, 4 * per),
    hosts: staffDevices.slice(4 * per, 6 * per),
    floor: staffDevices.slice(6 * per),
    guests,
    browsers: Array.from({ length: Math.max(10, Math.round(100 * scale)) }, (_, i) => device(13, i)),
    dishes,
    tables,
    zone,
  };
}
