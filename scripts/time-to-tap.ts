/**
 * `node --import tsx scripts/time-to-tap.ts`: how long until a public page answers a tap, on
 * a phone: Chromium at 4× slower CPU on a 1.6 Mbit/s, 150 ms line (Lighthouse's mobile
 * figures), from the navigation's start until the app marks the page ready (`data-app-ready`
 * on <html>, set once the last part has hydrated). Starts the built server as the browser
 * tests do (tests/support/e2e-server.ts; `npm run build` first), measures /, /products, the
 * first dish and /about, TAP_RUNS times each (3), and prints each page's median and every run.
 * Figures are printed, never asserted: the machine is shared and they move from run to run.
 */
import { launchBrowser } from '../tests/support/browser.ts';
import { startAppServer } from '../tests/support/e2e-server.ts';

const RUNS = Number(process.env.TAP_RUNS ?? '3');
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 15)
  throw new Error(`TAP_RUNS must be a whole number from 1 to 15, not ${process.env.TAP_RUNS}`);
const LINE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

async function main() {
  const server = await startAppServer();
  const browser = await launchBrowser();
  try {
    const list = await server.api<{ data?: { _id: string }[] }>('/api/v1/allProductsData');
    const firstId = list.body.data?.[0]?._id;
    if (!firstId) throw new Error('The menu has no dish');
    const pages = ['/', '/products', `/products/${encodeURIComponent(firstId)}`, '/about'];
    const rows: string[] = [];
    for (const path of pages) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', LINE);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        // The mark's own time, by the page's clock (an init script, outside the page's content security policy).
        await page.addInitScript(() => {
          // The document, not <html>: it may not exist yet when this runs.
          new MutationObserver((_, observer) => {
            if (!document.documentElement?.hasAttribute('data-app-ready')) return;
            (window as unknown as { readyAt: number }).readyAt = performance.now();
            observer.disconnect();
          }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
        });
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'commit', timeout: 60_000 });
        await page.waitForFunction(
          () => typeof (window as unknown as { readyAt?: number }).readyAt === 'number',
          null,
          { timeout: 60_000 },
        );
        times.push(await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt));
        await context.close();
      }
      rows.push(
        `${path.padEnd(16)} ${String(Math.round(median(times))).padStart(6)} ms   every run: ${times.map((t) => Math.round(t)).join(' ')}`,
      );
    }
    console.log(
      `Until a page answers a tap (data-app-ready), ${CPU_SLOWDOWN}× slower CPU, 1.6 Mbit/s and 150 ms line, median of ${RUNS}:`,
    );
    for (const row of rows) console.log(`  ${row}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('The run failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
