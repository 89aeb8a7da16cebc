/**
 * What every benchmark shares: settings, starting the servers (the app as `npm start` runs
 * it, with its output read along as a terminal would; the bare Fastify baseline), driving a
 * target with autocannon for a bounded time, and printing rows with their ratio to the
 * baseline. Figures are printed, never asserted: these machines are shared and noisy.
 *
 * Settings (environment): BENCH_DURATION seconds per target and round (5), BENCH_WARMUP
 * seconds (1), BENCH_ROUNDS (3): baseline and target measured in turn this many times, the
 * row is the round with the median ratio; BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL for the
 * server (unset: the default, info), BENCH_CPU_PROF: a directory where each app server writes a
 * V8 CPU profile (`node --cpu-prof`) when it stops; BENCH_PERF_MAP=1: each app server writes
 * /tmp/perf-<pid>.map (`node --perf-basic-prof`), so that `perf record -e cpu-clock -g` names its
 * JavaScript (perf samples a thread only while it runs; `--cpu-prof` also samples it while it waits
 * for a core inside a system call, which over-counts `writev` on two shared cores); BENCH_NODE_ARGS:
 * more of Node's flags for each app server (e.g. `--trace-deopt`, written to its output).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { type ServerProcess, spawnServer } from '../../tests/support/app-process.ts';

function numberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const DURATION = numberSetting('BENCH_DURATION', 5);
const WARMUP = numberSetting('BENCH_WARMUP', 1);
const CONNECTIONS = numberSetting('BENCH_CONNECTIONS', 50);
const ROUNDS = Math.round(numberSetting('BENCH_ROUNDS', 3));
const SERVER_LOG_LEVEL = process.env.BENCH_LOG_LEVEL;
const CPU_PROFILES = process.env.BENCH_CPU_PROF;
const PERF_MAP = process.env.BENCH_PERF_MAP === '1';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
if (CPU_PROFILES) mkdirSync(CPU_PROFILES, { recursive: true });
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/**
 * The load generator reads no bodies. autocannon keeps each response's body as a string for
 * its body checks (`verifyBody`, `expectBody`, `onResponse`), which no target here uses:
 * decoding a 5 KB brotli page into a string took a third of its CPU, and on these two cores
 * the load generator, not the server, then set the dish page's throughput (server 74 % idle).
 * The bytes are still received and counted; only the unused string is no longer made.
 */
const PipelinedRequests = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
PipelinedRequests.prototype.addBody = () => {};

/**
 * The restaurant's settings every bench sends first (PATCH /api/v1/restaurant): open all day in
 * `timeZone` (UTC), a kitchen of `unitsPerBucket` (10,000) units a 15-minute bucket and 20
 * minutes to cook, so that the kitchen's real limits are not what is measured; `more` adds the
 * bench's own sections (fulfilment, reservations…).
 */
export function allDayKitchen(
  more: Record<string, unknown> = {},
  { timeZone = 'UTC', unitsPerBucket = 10_000 } = {},
  kitchen: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    timeZone,
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
    kitchen: {
      unitsPerBucket,
      bucketMinutes: 15,
      prepMinutes: 20,
      extraDelayMinutes: 0,
      acceptingOrders: true,
      pausedUntil: null,
      ...kitchen,
    },
    ...more,
  };
}

export function describeMachine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return (
    `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}; ` +
    `${ROUNDS} rounds of ${DURATION} s per target and baseline after ${WARMUP} s warm-up, ${CONNECTIONS} connections, server LOG_LEVEL=${SERVER_LOG_LEVEL ?? 'info (default)'}`
  );
}

/** The app as `npm start` runs it (default log level unless BENCH_LOG_LEVEL), its output read and discarded (or kept in `logFile`). */
export function startApp(env: Record<string, string>, logFile?: string): Promise<ServerProcess> {
  return spawnServer({
    output: logFile ? { file: logFile } : 'drain',
    nodeArgs: [
      ...(CPU_PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILES}`] : []),
      ...(PERF_MAP ? ['--perf-basic-prof'] : []),
      ...NODE_ARGS,
    ],
    env: { AUTH_SECRET: BENCH_SECRET, ...(SERVER_LOG_LEVEL ? { LOG_LEVEL: SERVER_LOG_LEVEL } : {}), ...env },
  });
}

/** The bare Fastify hello route (hello.ts). */
export function startBaseline(): Promise<ServerProcess> {
  return spawnServer({ args: ['scripts/bench/hello.ts'], output: 'drain' });
}

export interface Measurement {
  target: string;
  /** What the row is about, e.g. the menu size. */
  setting: string;
  /** The baseline's req/s measured just before this row's round. */
  baselineRps: number;
  /** The baseline's server CPU per request in that round. */
  baselineCpuUs: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time the server process spent per request (user + system): noise-resistant on a shared machine. */
  cpuUs: number;
  /** The median of every round's `cpuUs` (`run`'s row is the round of median throughput ratio). */
  cpuUsMedian?: number;
  bad: number;
}

/** CPU milliseconds a process has used so far (Linux /proc; NaN elsewhere). Clock ticks are 1/100 s on Linux. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: Float64Array | number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export interface Target {
  name: string;
  /** The path of the next request (taken in turn or chosen at random per request). */
  paths: () => string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: () => string;
  /** Per request: headers and body that belong together (a guest's token and that guest's order). */
  next?: () => { headers: Record<string, string>; body: string };
}

/** Drives a target for `seconds` with `connections`; latencies from every response. */
async function drive(
  server: ServerProcess,
  target: Target,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Omit<Measurement, 'target' | 'setting' | 'baselineRps' | 'baselineCpuUs'>> {
  const pid = server.child.pid ?? -1;
  const cpuBefore = processCpuMs(pid);
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: server.base,
      connections,
      pipelining: 1,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          method: target.method ?? 'GET',
          setupRequest: (request) => {
            const paired = target.next?.();
            const body = paired?.body ?? target.body?.();
            return {
              ...request,
              path: target.paths(),
              headers: {
                ...request.headers,
                ...target.headers,
                ...paired?.headers,
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { body }),
            };
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count] = responseTime;
    count += 1;
  });
  const result = await done;
  const cpuMs = processCpuMs(pid) - cpuBefore;
  const sorted = latencies.slice(0, count).sort();
  return {
    rps: count / (result.duration || seconds),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    cpuUs: (cpuMs * 1000) / Math.max(1, count),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

export const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/**
 * Measures a target right after the baseline, each warmed up first, so that the ratio
 * compares two figures taken seconds apart on this noisy machine; ROUNDS times in turn, and
 * the row is the round whose ratio is the median (one slow second of a neighbour on the
 * machine moves one round, not the figure).
 */
export async function run(
  baseline: ServerProcess,
  server: ServerProcess,
  target: Target,
  setting: string,
  connections = CONNECTIONS,
): Promise<Measurement> {
  const rounds: Measurement[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await drive(baseline, HELLO, WARMUP, connections);
    const base = await drive(baseline, HELLO, DURATION, connections);
    await drive(server, target, WARMUP, connections);
    const m = await drive(server, target, DURATION, connections);
    rounds.push({ target: target.name, setting, baselineRps: base.rps, baselineCpuUs: base.cpuUs, ...m });
  }
  const sorted = [...rounds].sort((a, b) => ratio(a) - ratio(b));
  const cpus = rounds.map((r) => r.cpuUs).sort((a, b) => a - b);
  const row = { ...(sorted[Math.floor((sorted.length - 1) / 2)] as Measurement), cpuUsMedian: median(cpus) };
  console.error(
    `  ${target.name.padEnd(34)} ${setting.padEnd(14)} ${fmt(row.rps, 0).padStart(7)} req/s (baseline ${fmt(row.baselineRps, 0)})   p95 ${fmt(row.p95, 2)} ms   ratios ${rounds.map((r) => fmt(ratio(r), 2)).join(' ')}${row.bad ? `   ${row.bad} failed` : ''}`,
  );
  return row;
}

const HELLO: Target = { name: 'hello (baseline)', paths: () => '/hello' };

/** The median of sorted numbers (the mean of the middle two of an even count). */
function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The ratio of a row's throughput to its baseline's. */
export const ratio = (row: Measurement | undefined) => (row ? row.rps / row.baselineRps : Number.NaN);

/**
 * The baseline's server CPU per request over the row's: the throughput ratio the server
 * would reach if it alone were the bottleneck (the load generator shares these 2 cores).
 */
const cpuRatio = (row: Measurement) => row.baselineCpuUs / row.cpuUs;

/** A markdown table of the rows, each with its baseline and ratio. */
export function table(rows: Measurement[], settingName: string): string {
  const header = [
    'target',
    settingName,
    'req/s',
    'baseline req/s',
    'x baseline',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'server CPU µs/req',
    'baseline CPU µs/req',
    'x baseline CPU',
    'failed',
  ];
  const body = rows.map((r) => [
    r.target,
    r.setting,
    fmt(r.rps, 0),
    fmt(r.baselineRps, 0),
    fmt(ratio(r), 2),
    fmt(r.p50, 2),
    fmt(r.p95, 2),
    fmt(r.p99, 2),
    fmt(r.cpuUs, 0),
    fmt(r.baselineCpuUs, 0),
    fmt(cpuRatio(r), 2),
    String(r.bad),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => (line[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}
