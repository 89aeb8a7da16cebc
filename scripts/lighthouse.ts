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
import * as chromeLauncher from 'chrome-launcher';
import type { FastifyInstance } from 'fastify';
import lighthouse, { type Flags, desktopConfig } from 'lighthouse';
import { type AppServer, startAppServer } from '../tests/support/e2e-server.ts';
import type { Preset, PageResult, ScriptSize } from './lighthouse-kit.ts';
import {
  ROOT,
  CHROME_PATH,
  CHROME_FLAGS,
  CATEGORIES,
  BUDGET_SCORE,
  BUDGET_LCP_MS,
  BUILD_TIMEOUT_MS,
  SERVER_START_TIMEOUT_MS,
  PAGE_TIMEOUT_MS,
  RUN_TIMEOUT_MS,
  presets,
  runsPerPage,
  withTimeout,
  LighthouseRuntimeError,
  cpuSlowdown,
  scriptSizes,
  ms,
  cell,
  printTable,
  printScripts,
} from './lighthouse-kit.ts';
import { startFloorServer } from './lighthouse-floor.ts';

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
