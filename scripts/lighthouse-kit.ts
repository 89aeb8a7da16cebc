import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Result } from 'lighthouse';

/* The Lighthouse run's settings, budgets and report (scripts/lighthouse.ts runs the audits). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHROME_PATH = process.env.LIGHTHOUSE_CHROME ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** docs/reference/design.md "Budgets", since the public pages are rendered on the server (issue 16). */
export const BUDGET_SCORE = 100;
export const BUDGET_LCP_MS = 1500;
export const BUDGET_JS_GZIP_KB = 120;

export const BUILD_TIMEOUT_MS = 180_000;
export const SERVER_START_TIMEOUT_MS = 90_000;
export const PAGE_TIMEOUT_MS = 120_000;
/** The whole run, whatever happens: then everything is stopped and the exit code is 1. */
export const RUN_TIMEOUT_MS = 15 * 60_000;

export type Preset = 'mobile' | 'desktop';

export function presets(): Preset[] {
  const raw = (process.env.LIGHTHOUSE_PRESET ?? 'mobile').trim().toLowerCase();
  if (raw === 'mobile' || raw === 'desktop') return [raw];
  if (raw === 'both') return ['mobile', 'desktop'];
  throw new Error(`LIGHTHOUSE_PRESET must be mobile, desktop or both, not "${raw}"`);
}

export function runsPerPage(): number {
  const raw = process.env.LIGHTHOUSE_RUNS ?? '3';
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15)
    throw new Error(`LIGHTHOUSE_RUNS must be a whole number from 1 to 15, not "${raw}"`);
  return runs;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
export interface PageResult {
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

export class LighthouseRuntimeError extends Error {}

/** LIGHTHOUSE_CPU_SLOWDOWN: the simulated CPU slowdown instead of the preset's (mobile 4): a slower phone, or a faster machine read as a slower one. */
export function cpuSlowdown(): number | undefined {
  const raw = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1 || value > 20)
    throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number from 1 to 20, not ${raw}`);
  return value;
}
export interface ScriptSize {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  transferBytes: number;
}

/** Every Script request Lighthouse recorded while loading / (same origin or not), gzipped here at level 9. */
export async function scriptSizes(lhr: Result): Promise<ScriptSize[]> {
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

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);
export const cell = (value: number | null) => (value === null ? '–' : String(value));

export function printTable(results: PageResult[]): void {
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

export function printScripts(sizes: ScriptSize[], origin: string): void {
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
