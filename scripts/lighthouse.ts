/**
 * `npm run lighthouse`: Lighthouse against the built storefront, one table on stdout.
 *
 * Builds the client (`npm run build`, always, so the figures describe the source as it is;
 * `--no-build` measures dist/client as it stands), starts the built server as production runs
 * it (tests/support/e2e-server.ts: `node --import tsx src/server/main.ts`, a temporary DATA_DIR,
 * 127.0.0.1, a free port), launches /usr/bin/chromium headless through chrome-launcher and runs
 * Lighthouse (performance, accessibility, best practices, SEO) on /, /products,
 * /products/{first dish} and /about. As the baseline, in the same run and the same browser, a
 * floor: one heading and one paragraph of HTML from a bare Fastify route (the project's own
 * dependency), what Lighthouse gives on this machine for a page that does nothing; the pages'
 * figures are read against it, as the throughput benches read theirs against a bare hello. Then the JavaScript that / loads: every Script request
 * Lighthouse recorded for /, fetched again and gzipped here at level 9 (the budget's measure),
 * next to the bytes actually transferred (the server answers brotli).
 *
 * Figures are printed, never asserted: the exit code is non-zero only when the run itself
 * failed (build, server, browser, Lighthouse), not when a budget is missed.
 *
 * Settings: LIGHTHOUSE_PRESET=mobile (default; Lighthouse's default mobile emulation and
 * simulated throttling) | desktop | both; LIGHTHOUSE_CHROME (/usr/bin/chromium);
 * LIGHTHOUSE_RUNS=3 runs per page, of which the one with the median performance score is
 * reported (scores on a shared machine move by several points from run to run);
 * LIGHTHOUSE_PAGES=floor,home,products,dish,about (all five by default) to measure fewer pages;
 * LIGHTHOUSE_CPU_SLOWDOWN=N simulates a CPU N times slower than this machine's (the mobile
 * preset's is 4), to read the pages as a slower machine or phone would give them;
 * LIGHTHOUSE_REPORTS=1 also writes the JSON reports to lighthouse-reports/ (gitignored).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import Fastify, { type FastifyInstance } from 'fastify';
import lighthouse, { type Flags, type Result, desktopConfig } from 'lighthouse';
import { type AppServer, startAppServer } from '../tests/support/e2e-server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROME_PATH = process.env.LIGHTHOUSE_CHROME ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** docs/reference/design.md "Budgets", since the public pages are rendered on the server (issue 16). */
const BUDGET_SCORE = 100;
const BUDGET_LCP_MS = 1500;
const BUDGET_JS_GZIP_KB = 120;

const BUILD_TIMEOUT_MS = 180_000;
const SERVER_START_TIMEOUT_MS = 90_000;
const PAGE_TIMEOUT_MS = 120_000;
/** The whole run, whatever happens: then everything is stopped and the exit code is 1. */
const RUN_TIMEOUT_MS = 15 * 60_000;

type Preset = 'mobile' | 'desktop';

function presets(): Preset[] {
  const raw = (process.env.LIGHTHOUSE_PRESET ?? 'mobile').trim().toLowerCase();
  if (raw === 'mobile' || raw === 'desktop') return [raw];
  if (raw === 'both') return ['mobile', 'desktop'];
  throw new Error(`LIGHTHOUSE_PRESET must be mobile, desktop or both, not "${raw}"`);
}

function runsPerPage(): number {
  const raw = process.env.LIGHTHOUSE_RUNS ?? '3';
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15)
    throw new Error(`LIGHTHOUSE_RUNS must be a whole number from 1 to 15, not "${raw}"`);
  return runs;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function build(): Promise<void> {
  console.error('Building the client (npm run build)…');
  const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await withTimeout(
    new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    }),
    BUILD_TIMEOUT_MS,
    'npm run build',
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output}`);
}

interface PageResult {
  preset: Preset;
  label: string;
  /** Every run's performance score, the reported run's included. */
  perfRuns: (number | null)[];
  /** Every run's LCP (ms). */
  lcpRuns: (number | undefined)[];
  /** Every run's benchmark index (Lighthouse's measure of this machine's speed at the time, higher is faster). */
  indexRuns: number[];
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | undefined;
  tbtMs: number | undefined;
  cls: number | undefined;
  lhr: Result;
}

class LighthouseRuntimeError extends Error {}

/** LIGHTHOUSE_CPU_SLOWDOWN: the simulated CPU slowdown instead of the preset's (mobile 4): a slower phone, or a faster machine read as a slower one. */
function cpuSlowdown(): number | undefined {
  const raw = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1 || value > 20)
    throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number from 1 to 20, not ${raw}`);
  return value;
}

async function audit(
  url: string,
  label: string,
  port: number,
  preset: Preset,
  slowdown: number | undefined,
): Promise<PageResult> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    maxWaitForLoad: 60_000,
  };
  // Merged into the preset's throttling: only the CPU multiplier changes.
  if (slowdown !== undefined) flags.throttling = { cpuSlowdownMultiplier: slowdown };
  const runner = await withTimeout(
    lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined),
    PAGE_TIMEOUT_MS,
    `Lighthouse on ${label}`,
  );
  if (!runner) throw new Error(`Lighthouse gave no result for ${label}`);
  const lhr = runner.lhr;
  if (lhr.runtimeError)
    throw new LighthouseRuntimeError(`Lighthouse on ${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  return {
    preset,
    label,
    perfRuns: [],
    lcpRuns: [],
    indexRuns: [],
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue,
    lhr,
  };
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART, NO_FCP): one more try. */
async function auditWithRetry(
  url: string,
  label: string,
  port: number,
  preset: Preset,
  slowdown: number | undefined,
): Promise<PageResult> {
  try {
    return await audit(url, label, port, preset, slowdown);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    console.error(`${error.message}: trying once more`);
    return audit(url, label, port, preset, slowdown);
  }
}

/** The floor page: valid, accessible, indexable HTML that loads nothing and runs nothing. */
const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor: a bare page</title>
<meta name="description" content="One heading and one paragraph from a bare Fastify route: the least this machine's browser and Lighthouse measure for a page.">
<link rel="icon" href="data:,">
</head>
<body>
<main>
<h1>A bare page</h1>
<p>One heading and one paragraph, served by a bare Fastify route. What Lighthouse measures here is the machine's own share of every page's figures.</p>
</main>
</body>
</html>
`;

/** A bare Fastify (no plugins, no logging) answering the floor page on 127.0.0.1, a free port. */
async function startFloorServer(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(FLOOR_HTML));
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nAllow: /\n'),
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `${address}/` };
}

interface ScriptSize {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  transferBytes: number;
}

/** Every Script request Lighthouse recorded while loading / (same origin or not), gzipped here at level 9. */
async function scriptSizes(lhr: Result): Promise<ScriptSize[]> {
  const details = lhr.audits['network-requests']?.details;
  const items = details && details.type === 'table' ? details.items : [];
  const seen = new Set<string>();
  const sizes: ScriptSize[] = [];
  for (const item of items) {
    if (item.resourceType !== 'Script' || typeof item.url !== 'string' || seen.has(item.url)) continue;
    seen.add(item.url);
    const res = await withTimeout(
      fetch(item.url, { headers: { 'accept-encoding': 'identity' } }),
      15_000,
      `GET ${item.url}`,
    );
    if (!res.ok) throw new Error(`GET ${item.url} answered ${res.status} (was dist/client rebuilt during the run?)`);
    const body = Buffer.from(await res.arrayBuffer());
    sizes.push({
      url: item.url,
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      transferBytes: typeof item.transferSize === 'number' ? item.transferSize : 0,
    });
  }
  return sizes;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);
const cell = (value: number | null) => (value === null ? '–' : String(value));

function printTable(results: PageResult[]): void {
  const header = [
    'preset',
    'page',
    'perf',
    'a11y',
    'best-pr',
    'seo',
    'LCP',
    'TBT',
    'CLS',
    'index',
    'perf, every run',
    'LCP ms, every run',
    'index, every run',
  ];
  const rows = results.map((r) => [
    r.preset,
    r.label,
    cell(r.scores.performance),
    cell(r.scores.accessibility),
    cell(r.scores['best-practices']),
    cell(r.scores.seo),
    ms(r.lcpMs),
    ms(r.tbtMs),
    r.cls === undefined ? '–' : r.cls.toFixed(3),
    String(Math.round(r.lhr.environment.benchmarkIndex)),
    r.perfRuns.map(cell).join(' '),
    r.lcpRuns.map((v) => (v === undefined ? '–' : String(Math.round(v)))).join(' '),
    r.indexRuns.map((v) => String(Math.round(v))).join(' '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((c, i) => (i < 2 || i >= row.length - 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function printScripts(sizes: ScriptSize[], origin: string): void {
  const total = sizes.reduce(
    (sum, s) => ({ raw: sum.raw + s.rawBytes, gzip: sum.gzip + s.gzipBytes, transfer: sum.transfer + s.transferBytes }),
    { raw: 0, gzip: 0, transfer: 0 },
  );
  console.log('');
  console.log(`JavaScript loaded by / (${sizes.length} files): raw, gzip -9 (budget measure), transferred as served`);
  for (const s of sizes) {
    const name = s.url.startsWith(origin) ? s.url.slice(origin.length) : s.url;
    console.log(
      `  ${name.padEnd(48)} ${kb(s.rawBytes).padStart(7)} KB ${kb(s.gzipBytes).padStart(7)} KB ${kb(s.transferBytes).padStart(7)} KB`,
    );
  }
  console.log(
    `  ${'total'.padEnd(48)} ${kb(total.raw).padStart(7)} KB ${kb(total.gzip).padStart(7)} KB ${kb(total.transfer).padStart(7)} KB`,
  );
  const verdict =
    total.gzip / 1024 <= BUDGET_JS_GZIP_KB ? 'within' : `over by ${kb(total.gzip - BUDGET_JS_GZIP_KB * 1024)} KB`;
  console.log(
    `JS for / : ${kb(total.gzip)} KB gzip (budget ${BUDGET_JS_GZIP_KB} KB: ${verdict}), ${kb(total.transfer)} KB transferred (brotli)`,
  );
}

async function run(): Promise<void> {
  const chosen = presets();
  const runs = runsPerPage();
  const slowdown = cpuSlowdown();
  if (!process.argv.includes('--no-build')) await build();

  let server: AppServer | undefined;
  let floor: FastifyInstance | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const watchdog = setTimeout(() => {
    console.error(`The run took longer than ${RUN_TIMEOUT_MS / 60_000} min: stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, RUN_TIMEOUT_MS);
  watchdog.unref();

  async function cleanup(): Promise<void> {
    const c = chrome;
    const s = server;
    const f = floor;
    chrome = undefined;
    server = undefined;
    floor = undefined;
    await Promise.allSettled([
      f ? withTimeout(f.close(), 10_000, 'stopping the floor server') : Promise.resolve(),
      c ? withTimeout(Promise.resolve(c.kill()), 10_000, 'stopping Chromium') : Promise.resolve(),
      s ? s.stop(10_000) : Promise.resolve(),
    ]);
  }
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    console.error('Starting the built server…');
    server = await startAppServer({ startTimeoutMs: SERVER_START_TIMEOUT_MS });
    const list = await server.api<{ data?: { _id: string }[] }>('/api/v1/allProductsData');
    const firstId = list.body.data?.[0]?._id;
    if (list.status !== 200 || !firstId)
      throw new Error(`GET /api/v1/allProductsData gave no dish (status ${list.status})`);

    const floorServer = await startFloorServer();
    floor = floorServer.app;

    console.error(`Launching ${CHROME_PATH}…`);
    chrome = await withTimeout(
      chromeLauncher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: CHROME_FLAGS,
        logLevel: 'silent',
        connectionPollInterval: 250,
        maxConnectionRetries: 80,
      }),
      30_000,
      'launching Chromium',
    );

    const allPages: { key: string; label: string; path?: string; url?: string }[] = [
      { key: 'floor', label: 'floor', url: floorServer.url },
      { key: 'home', label: '/', path: '/' },
      { key: 'products', label: '/products', path: '/products' },
      { key: 'dish', label: `/products/${firstId}`, path: `/products/${encodeURIComponent(firstId)}` },
      { key: 'about', label: '/about', path: '/about' },
    ];
    const wanted = (process.env.LIGHTHOUSE_PAGES ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const unknown = wanted.filter((k) => !allPages.some((p) => p.key === k));
    if (unknown.length > 0)
      throw new Error(`LIGHTHOUSE_PAGES: unknown page ${unknown.join(', ')} (floor, home, products, dish, about)`);
    const pages = wanted.length === 0 ? allPages : allPages.filter((p) => wanted.includes(p.key));
    const results: PageResult[] = [];
    let sizes: ScriptSize[] | undefined;
    for (const preset of chosen) {
      for (const page of pages) {
        const pageRuns: PageResult[] = [];
        for (let run = 1; run <= runs; run++) {
          console.error(`Lighthouse (${preset}) ${page.label}, run ${run} of ${runs}…`);
          const url = page.url ?? `${server.baseUrl}${page.path ?? '/'}`;
          pageRuns.push(await auditWithRetry(url, page.label, chrome.port, preset, slowdown));
        }
        const sorted = [...pageRuns].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
        const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
        results.push({
          ...median,
          perfRuns: pageRuns.map((r) => r.scores.performance),
          lcpRuns: pageRuns.map((r) => r.lcpMs),
          indexRuns: pageRuns.map((r) => r.lhr.environment.benchmarkIndex),
        });
        // Right away, while the files Lighthouse saw are surely the ones on disk.
        if (page.key === 'home' && sizes === undefined) sizes = await scriptSizes(median.lhr);
      }
    }

    if (process.env.LIGHTHOUSE_REPORTS === '1') {
      const dir = join(ROOT, 'lighthouse-reports');
      mkdirSync(dir, { recursive: true });
      for (const r of results) {
        const name = `${r.preset}-${r.label
          .replace(/^\/$/, 'home')
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '')}.json`;
        writeFileSync(join(dir, name), JSON.stringify(r.lhr, null, 2));
      }
      console.error(`Reports written to ${dir}`);
    }

    console.log('');
    const first = results[0]?.lhr;
    console.log(
      `Lighthouse ${first?.lighthouseVersion ?? ''} on ${first?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
        `scores 0–100 (budget ≥ ${BUDGET_SCORE}); per page the run with the median performance score of ${runs}; ` +
        `simulated CPU ${first?.configSettings.throttling.cpuSlowdownMultiplier ?? '?'}× slower than this machine`,
    );
    printTable(results);
    if (results.some((r) => r.label === 'floor')) {
      console.log(
        "floor: a bare Fastify route answering one heading and one paragraph, measured in the same run: the machine's own share of each figure.",
      );
    }
    if (results.length > 0) {
      console.log(
        "index: Lighthouse's benchmarkIndex, this machine's speed during the run (higher is faster; the simulation slows this machine's own tasks by the multiplier above): the reported run's, then every run's.",
      );
    }
    if (sizes) printScripts(sizes, server.baseUrl);
    else console.log('\nJS for / : not measured (home is not among LIGHTHOUSE_PAGES)');
    const measured = results.filter((r) => r.label !== 'floor');
    const short = measured.flatMap((r) =>
      CATEGORIES.filter((c) => (r.scores[c] ?? 0) < BUDGET_SCORE).map(
        (c) => `${r.preset} ${r.label} ${c} ${cell(r.scores[c])}`,
      ),
    );
    console.log(short.length === 0 ? `All scores ≥ ${BUDGET_SCORE}.` : `Below ${BUDGET_SCORE}: ${short.join('; ')}`);
    const slow = measured
      .filter((r) => r.lcpMs === undefined || r.lcpMs > BUDGET_LCP_MS)
      .map((r) => `${r.preset} ${r.label} ${ms(r.lcpMs)}`);
    console.log(
      slow.length === 0 ? `Every LCP ≤ ${BUDGET_LCP_MS} ms.` : `LCP over ${BUDGET_LCP_MS} ms: ${slow.join('; ')}`,
    );
  } finally {
    clearTimeout(watchdog);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('The Lighthouse run failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
