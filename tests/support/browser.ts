import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, chromium } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (no browser download), plus axe-core.
 *
 *   const browser = await launchBrowser();
 *   const { context, page, problems } = await openPage(browser, server.baseUrl);
 *   await page.goto(`${server.baseUrl}/about`);
 *   expect(await seriousAxeViolations(page)).toEqual([]);
 *   expect(problems).toEqual([]);      // no page errors, console errors or failed requests
 *   await context.close(); await browser.close();
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /**
   * What went wrong in the page so far: uncaught errors, console.error messages and
   * failed or 5xx requests. A test asserts it is empty. Live array: read it at the end.
   */
  problems: string[];
}

/**
 * A fresh context (its own cookies and storage) and page with `baseURL` set, so
 * `page.goto('/about')` works. Options pass through, e.g. { viewport: { width: 375, height: 800 } }.
 * `allowConsoleErrors` lists patterns of expected console errors (e.g. a deliberate 404 fetch);
 * `timeoutMs` (10 s) bounds every wait and action.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions & { allowConsoleErrors?: RegExp[]; timeoutMs?: number } = {},
): Promise<OpenedPage> {
  const { allowConsoleErrors = [], timeoutMs = 10_000, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions, baseURL });
  // Fail fast: a locator that waits 30 s hides the real error behind a timeout.
  context.setDefaultTimeout(timeoutMs);
  const page = await context.newPage();
  if (contextOptions.javaScriptEnabled !== false) waitForTheAppAfterNavigations(page);
  const problems: string[] = [];
  const allowed = (text: string) => allowConsoleErrors.some((pattern) => pattern.test(text));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed(message.text())) problems.push(`console.error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Navigations and aborted fetches (a query cancelled by a page change) are not faults.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`server error: ${response.status()} ${response.url()}`);
  });
  return { context, page, problems };
}

/**
 * A page the server rendered shows before its code runs, and its buttons answer only once
 * React has taken it over (main.tsx marks <html data-app-ready>). So that tests act as a guest
 * does once the page works, goto, reload, Back and Forward return after that mark (at once for
 * a page without the app: a JSON answer, a picture).
 */
function waitForTheAppAfterNavigations(page: Page): void {
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
    );
  const after =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const answer = await navigate(...args);
      await ready();
      return answer;
    };
  Object.assign(page, {
    goto: after(page.goto.bind(page)),
    reload: after(page.reload.bind(page)),
    goBack: after(page.goBack.bind(page)),
    goForward: after(page.goForward.bind(page)),
  });
}

let axeSource: string | undefined;
function readAxeSource(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and returns its violations of the given
 * impacts (serious and critical by default). axe is evaluated through the DevTools
 * protocol, so the app's CSP (no inline script but the page starter, by its hash) needs no loosening.
 */
export async function axeViolations(page: Page, impacts: string[] = ['serious', 'critical']): Promise<AxeViolation[]> {
  // Colours are judged as they settle: a drawer sliding shut or a fade still running would
  // be measured half-transparent. The finite animations and transitions that are playing end
  // first, and those they set off after them (a fade that starts when a slide ends). Those that
  // would never end are not waited for: endless ones (a spinner), paused ones, and those driven
  // by scrolling rather than time (daisyUI's set-page-has-scroll: its end is a percentage).
  await page.evaluate(async () => {
    const ends = (animation: Animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
    };
    // A `finished` promise may never settle (an animation whose element React replaced), so each
    // round also ends after 100 ms and looks again; after 5 s axe runs whatever is still playing.
    const started = performance.now();
    while (performance.now() - started < 5000) {
      const playing = document.getAnimations().filter(ends);
      if (playing.length === 0) return;
      await Promise.race([
        Promise.all(playing.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 100)),
      ]);
    }
  });
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(readAxeSource());
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as {
      id: string;
      impact: string | null;
      help: string;
      helpUrl: string;
      nodes: { target: unknown[] }[];
    }[];
  });
  return violations
    .filter((violation) => violation.impact !== null && impacts.includes(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
}

/** Shorthand: the serious and critical violations. */
/** Moderate, serious and critical violations: the bar issue 41 sets for the pages it names. */
export async function moderateAxeViolations(page: Page): Promise<AxeViolation[]> {
  return axeViolations(page, ['moderate', 'serious', 'critical']);
}

export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  return axeViolations(page, ['serious', 'critical']);
}
