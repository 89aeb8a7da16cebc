/**
 * A Friday night on one machine (issue 46; `BENCH_ONLY=night npm run bench`): two app servers
 * as `npm start` runs them on one PostgreSQL with Redis, every device from its own loopback
 * address, the whole evening at once for BENCH_NIGHT_SECONDS (300) at BENCH_NIGHT_SCALE (1):
 * 60 live screens (4 kitchen boards, 2 host books, 4 floors, 50 guests following their orders),
 * menu reads at 200 a second (lists, dish, search with typos, server-rendered pages), 300
 * bookings with cancels, moves, seatings and walk-ins, 2,000 tickets (guests' checkouts paid in
 * cash or online through the local fake Stripe, staff phone orders and table rounds with keys,
 * 10 % sent twice) each moved start → ready → complete by the kitchen, and 100 table bills
 * closed (discounts, splits, cash and online shares, receipts). Each count × scale; the kitchen's
 * units are raised so that its real limits are not what is measured.
 *
 * Printed: per request class count, p50, p95, p99, max, 4xx and 5xx; each event's delay to every
 * screen that should hear it; the invariants checked afterwards in the database; each process's
 * CPU seconds and peak memory (servers, PostgreSQL with its backends, the load generator) and
 * server + database CPU per request. Nothing is asserted.
 *
 * BENCH_NIGHT_BRANCHES (1): with n above 1 the owner opens n − 1 more branches through the API and
 * the same night's load is spread over them, every device at its branch (night-branches.ts); the
 * table and CPU are printed for the whole, the invariants per branch (night-branch-checks.ts).
 */
import { setMaxListeners } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { Stats, classTable, percentile } from './night-kit.ts';
import { ProcessWatch } from './night-process.ts';
import { runEvening } from './night-evening.ts';
import { newLedger, openScreens, type Ledger } from './night-ledger.ts';
import {
  type Cast,
  NIGHT_KITCHEN,
  castTheNight,
  clusterLog,
  postmasterPid,
  serverLog,
  startStage,
} from './night-setup.ts';
import {
  branchesAsked,
  castTheBranches,
  mergeLedgers,
  mergeStats,
  openBranchScreens,
  runBranchEvenings,
} from './night-branches.ts';
import { KitchenWatch, branchChecks } from './night-branch-checks.ts';
import { serverTimes } from './night-server-times.ts';
import { PgProfile, profiling } from './night-profile.ts';
import { fmt } from './measure.ts';
import { addDays, localToday } from '../../src/shared/domain/wall-clock.ts';

const CLASSES = [
  'menu read',
  'server-rendered page',
  'search',
  'availability',
  'booking write',
  'quote',
  'bag (add a line)',
  'checkout',
  'staff order',
  'kitchen transition',
  'bill / payment',
  'webhook (Stripe)',
];

/** The generator's event loop is sampled every 10 ms: the histogram's figures are that interval plus the lateness. */
const LAG_RESOLUTION_MS = 10;
const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - LAG_RESOLUTION_MS);

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function eventFigures(ledger: Ledger): string {
  const delays: number[] = [];
  const heardPer = new Map<string, number>();
  // A change's first arrival at each screen: a later message of the same status (the ticket's
  // payment or bill changed) is news of its own, not this change arriving late.
  const first = new Set<string>();
  let again = 0;
  for (const { key, screen, at } of ledger.heard) {
    if (first.has(`${key}#${screen}`)) {
      again += 1;
      continue;
    }
    first.add(`${key}#${screen}`);
    heardPer.set(key, (heardPer.get(key) ?? 0) + 1);
    const sent = ledger.sent.get(key);
    if (sent !== undefined && ledger.expected.has(key)) delays.push(at - sent);
  }
  let expected = 0;
  let missed = 0;
  for (const [key, screens] of ledger.expected) {
    expected += screens;
    missed += Math.max(0, screens - (heardPer.get(key) ?? 0));
  }
  delays.sort((a, b) => a - b);
  return `| event to each screen (${delays.length} first deliveries of ${expected} expected, ${missed} missed; ${again} more messages of a status already heard) | ${delays.length} | ${fmt(percentile(delays, 0.5), 1)} | ${fmt(percentile(delays, 0.95), 1)} | ${fmt(percentile(delays, 0.99), 1)} | ${fmt(delays.at(-1) ?? Number.NaN, 1)} | | |`;
}

async function invariants(databaseUrl: string, ledger: Ledger): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
    const doubled = Number(
      (
        await q(
          `select count(*) as n from table_holds a join table_holds b on a.table_id = b.table_id and a.reservation_id < b.reservation_id and a.active = 1 and b.active = 1 and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
        )
      )[0]?.n,
    );
    const rows = await q(`select id, status from tickets where status <> 'cancelled' or cancel_reason is null`);
    const byId = new Map(rows.map((r) => [String(r.id), String(r.status)]));
    const placed = [...ledger.tickets.keys()];
    const notCompleted = placed.filter((id) => byId.get(id) !== 'completed').length;
    const unknown = [...byId.keys()].filter((id) => !ledger.tickets.has(id)).length;
    let keysSplit = 0;
    let inFlight = 0;
    for (const ids of ledger.keys.values()) {
      if (new Set(ids.filter(Boolean)).size > 1) keysSplit += 1;
      if (ids.length > 1 && ids.some((id) => id === '')) inFlight += 1;
    }
    const repeated = [...ledger.keys.values()].filter((ids) => ids.length > 1).length;
    const keyRows = Number((await q(`select count(*) as n from ticket_keys`))[0]?.n);
    const receipts = (
      await q(`select receipt_number as n from bills where receipt_number is not null order by receipt_number`)
    ).map((r) => Number(r.n));
    const gaps = receipts.filter((n, i) => n !== (receipts[0] ?? 1) + i).length;
    const paidBills = receipts.length;
    return [
      `- tables double-booked: ${doubled}`,
      `- tickets placed ${placed.length}, in the database ${byId.size} (${unknown} not placed by the evening), not completed ${notCompleted}`,
      `- staff order keys ${ledger.keys.size} (${repeated} sent twice), ticket_keys rows ${keyRows}, keys answered with two different tickets: ${keysSplit}; a repeat sent while the first was in flight answered 409: ${inFlight}`,
      `- receipts ${receipts[0] ?? '-'}..${receipts.at(-1) ?? '-'} over ${paidBills} paid bills, gaps ${gaps}`,
      `- bookings made ${ledger.bookings}, refused as full ${ledger.refusedFull}; table bills closed with a receipt ${ledger.billsClosed}`,
    ];
  } finally {
    await client.end();
  }
}

export async function benchNight(): Promise<{ summary: string[] }> {
  const scale = setting('BENCH_NIGHT_SCALE', 1);
  const seconds = setting('BENCH_NIGHT_SECONDS', 300);
  const branches = branchesAsked();
  const stats = new Stats();
  if (profiling() && process.env.BENCH_DATABASE_URL)
    throw new Error("BENCH_PG_PROFILE=1 profiles the bench's own cluster: leave BENCH_DATABASE_URL unset");
  const stage = await startStage();
  const controller = new AbortController();
  setMaxListeners(1000, controller.signal);
  try {
    // BENCH_NIGHT_BRANCHES above 1: the same night spread over a group of branches (night-branches.ts).
    const group = branches > 1 ? await castTheBranches(stage, stats, scale, branches) : undefined;
    const casts: Cast[] = group ?? [await castTheNight(stage, stats, scale)];
    const cast = casts[0] as Cast;
    const ledger = newLedger();
    if (group) await openBranchScreens(group, controller.signal, stage.bases);
    else await openScreens(cast, ledger, controller.signal, stage.bases);
    const screens = casts.flatMap((c) => [...c.kitchen, ...c.hosts, ...c.floor, ...c.guests.map((g) => g.device)]);
    console.error(
      `night: scale ${scale}, ${seconds} s, ${screens.length} screens, zone ${cast.zone}, ${cast.dishes.length} dishes, ${cast.tables.length} tables, the ${NIGHT_KITCHEN} kitchen${group ? `; ${group.length} branches, each with its own ${cast.tables.length} tables` : ''}`,
    );
    const pgPid = process.env.BENCH_DATABASE_URL ? undefined : postmasterPid();
    const watches = [
      ...stage.servers.map((s, i) => new ProcessWatch(`server ${i === 0 ? 'A' : 'B'}`, s.child.pid ?? -1)),
      ...(pgPid ? [new ProcessWatch('PostgreSQL (all its processes)', pgPid, true)] : []),
      new ProcessWatch('load generator', process.pid),
    ];
    const profile = profiling() ? new PgProfile(stage.databaseUrl, clusterLog()) : undefined;
    const today = localToday(new Date().toISOString(), cast.zone);
    await profile?.start([addDays(today, -1), today, addDays(today, 1), addDays(today, 2)]);
    const kitchen = group ? new KitchenWatch(stage.databaseUrl) : undefined;
    await kitchen?.start();
    // The generator's own lateness: its timers and answers are read on one event loop, so a late
    // loop shows in every latency it measures (the servers' own times, BENCH_NIGHT_LOGS, do not).
    const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
    lag.enable();
    const started = performance.now();
    const hooks = stage.bases.map((b) => `${b}/api/v1/payments/webhooks/stripe`);
    await (group
      ? runBranchEvenings(group, stage.stripe, scale, seconds, hooks)
      : runEvening(cast, stage.stripe, ledger, stats, scale, seconds, hooks));
    const wall = (performance.now() - started) / 1000;
    lag.disable();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const cpu = watches.map((w) => ({ name: w.name, cpu: w.stop(), peakMb: w.peakKb / 1024 }));
    await kitchen?.stop();
    // A group's figures as one: the class table, errors and CPU per request read as one branch's do.
    const all = group ? mergeStats([stats, ...group.map((c) => c.stats)]) : stats;
    const requests = [...all.ms.values()].reduce((sum, list) => sum + list.length, 0);
    const serverCpu = cpu
      .filter((c) => c.name.startsWith('server') || c.name.startsWith('PostgreSQL'))
      .reduce((sum, c) => sum + c.cpu, 0);
    const profiled = profile ? ['', ...(await profile.report(requests))] : [];
    const logs = [serverLog('a'), serverLog('b')].filter((file): file is string => file !== undefined);
    const ownTimes = logs.length > 0 ? ['', ...serverTimes(logs)] : [];
    const checks = await (
      group && kitchen ? branchChecks(stage.databaseUrl, group, kitchen) : invariants(stage.databaseUrl, ledger)
    ).catch((error: unknown) => [`- invariants could not be read: ${String(error)}`]);
    const summary = [
      `night (issue 46): scale ${scale}, ${fmt(wall, 0)} s, ${requests} requests, two servers on one PostgreSQL with Redis${group ? `, the load spread over ${group.length} branches` : ''}`,
      '',
      ...classTable(all, CLASSES),
      eventFigures(group ? mergeLedgers(group) : ledger),
      '',
      `errors (no answer) ${all.errors}, 5xx ${all.count((s) => s >= 500)}, 4xx ${all.count((s) => s >= 400 && s < 500)}; screens opened again after their stream ended ${screens.reduce((sum, d) => sum + d.reconnects, 0)}`,
      ...checks,
      ...[...all.refusals].map(
        ([name, byMessage]) =>
          `- refused or failed (${name}): ${[...byMessage].map(([m, n]) => `${n} × ${m}`).join('; ')}`,
      ),
      '',
      '| process | CPU s | peak memory MB (Pss) |',
      '|---|---:|---:|',
      ...cpu.map((c) => `| ${c.name} | ${fmt(c.cpu, 1)} | ${fmt(c.peakMb, 0)} |`),
      `load generator's event loop late by p50 ${fmt(late(lag.percentile(50)), 1)} ms, p99 ${fmt(late(lag.percentile(99)), 1)} ms, max ${fmt(late(lag.max), 1)} ms (each latency above includes it)`,
      `servers + PostgreSQL: ${fmt((serverCpu * 1e6) / Math.max(1, requests), 0)} µs of CPU per request (${requests} requests), ${fmt(serverCpu / wall, 2)} cores busy on average`,
      ...ownTimes,
      ...profiled,
    ];
    // Printed once, by scripts/bench.ts.
    return { summary };
  } catch (error) {
    // Told before the stage stops: what fails after it (a request still in flight) must not hide it.
    console.error('night: failed:', error);
    throw error;
  } finally {
    controller.abort();
    await stage.stop();
  }
}
