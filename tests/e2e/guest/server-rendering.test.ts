import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The public pages the server renders, in Chromium (issue 16): the browser hydrates them
 * without a console error (the suite fails on any), without reading their data a second
 * time and without moving anything; signed-in parts fill in afterwards; with JavaScript off
 * the menu, a dish and the search still read. Run `npm run build` first.
 */

const suite = useE2eSuite();

/** The API reads a page makes, from its first byte on. */
function recordApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) reads.push(`${url.pathname}${url.search}`);
  });
  return reads;
}

/** Layout shifts since the page started (CLS without the session windows: every shift counts). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/** Opens a page and waits for hydration to be over: the browser asks who is signed in only after it. */
async function openHydrated(page: Page, path: string) {
  const session = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/get-session');
  const answer = await page.goto(path);
  await session;
  await page.waitForTimeout(200);
  return answer;
}

const dish = (index: number) => suite.menu[index] as Product;

/** A page in a phone's viewport on a phone's CPU (4× slower): its parser yields mid-document and its frames come late. */
async function openOnPhone(viewport: { width: number; height: number }) {
  const opened = await suite.open({ viewport, timeoutMs: 30_000 });
  const cpu = await opened.context.newCDPSession(opened.page);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page: opened.page, fullSpeed: () => cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 }) };
}

describe('hydration', () => {
  it('takes over every public page without a console error, a second read of its data or a layout shift', async () => {
    const first = dish(0);
    // `still`: no layout shift at all; the booking page's free times arrive after hydration and push the form down.
    const pages: { path: string; shows: string; alsoReads?: RegExp; still?: false }[] = [
      { path: '/', shows: 'Our Categories' },
      { path: '/products', shows: first.name },
      { path: `/products/${first._id}`, shows: first.name },
      { path: '/about', shows: 'Opening hours' },
      {
        path: `/home/search-page-items?q=${encodeURIComponent(first.name.split(' ')[0] as string)}`,
        shows: first.name,
      },
      // The free times change by the minute: the browser reads them, never the cached page.
      {
        path: '/reservations/new',
        shows: 'Book a table',
        alsoReads: /^\/api\/v1\/reservations\/availability\?/,
        still: false,
      },
    ];
    for (const { path, shows, alsoReads, still } of pages) {
      // A phone's CPU: its parser yields mid-document, and a paint then would show half a page that the rest moves.
      const { page, fullSpeed } = await openOnPhone({ width: 390, height: 844 });
      const reads = recordApiReads(page);
      await openHydrated(page, path);
      await expect.poll(() => page.getByRole('main').innerText(), { message: path }).toContain(shows);
      expect(
        reads.filter((read) => read !== '/api/auth/get-session' && !alsoReads?.test(read)),
        path,
      ).toEqual([]);
      if (still !== false) expect(await layoutShift(page), path).toBe(0);
      await fullSpeed();
    }
  }, 180_000);

  it("asks for the app's code only once the page's main picture is on the screen", async () => {
    for (const path of ['/', '/products', `/products/${dish(0)._id}`, '/about']) {
      const { page, fullSpeed } = await openOnPhone({ width: 412, height: 823 });
      await openHydrated(page, path);
      const timing = await page.evaluate(
        () =>
          new Promise<{ pictures: number; paintedAt: number | null; codeAt: number[] }>((resolve) => {
            const painted: number[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & {
                identifier: string;
                renderTime: number;
              })[]) {
                if (entry.identifier === 'first-picture') painted.push(entry.renderTime);
              }
            }).observe({ type: 'element', buffered: true });
            setTimeout(() => {
              const codeAt = performance
                .getEntriesByType('resource')
                .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
                .map((entry) => entry.startTime);
              resolve({
                pictures: document.querySelectorAll('img[elementtiming="first-picture"]').length,
                paintedAt: painted[0] ?? null,
                codeAt,
              });
            }, 100);
          }),
      );
      expect(timing.pictures, path).toBe(1);
      expect(timing.paintedAt, path).not.toBeNull();
      expect(timing.codeAt.length, path).toBeGreaterThan(0);
      expect(Math.min(...timing.codeAt), path).toBeGreaterThanOrEqual(timing.paintedAt as number);
      await fullSpeed();
    }
  }, 120_000);

  it('hands the page to React: buttons work, links navigate inside the app, and a signed-in guest sees their controls', async () => {
    const target = dish(1);
    const { page, context } = await suite.open();
    await openHydrated(page, `/products/${target._id}`);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => page.locator('output[aria-label="Quantity"]').innerText()).toBe('2');
    // A link inside the app changes the page without a new document.
    const documents: string[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Menu' }).click();
    await page.waitForURL('**/products');
    await page.getByRole('heading', { name: 'Our menu', level: 1 }).waitFor();
    expect(documents).toEqual([]);

    // Signed in, the same server-rendered page (everyone's) fills in the account after hydration.
    await signUpInContext(context, suite.server.baseUrl, newAccount('hydrate'));
    await openHydrated(page, '/');
    await page.getByRole('button', { name: TEXT.logOutItem }).waitFor();
    expect(await page.getByRole('link', { name: TEXT.login }).count()).toBe(0);
  });

  it('shows a dish that is not on the menu as the not-found page, with status 404', async () => {
    const { page } = await suite.open({ allowConsoleErrors: [/status of 404/] });
    const answer = await openHydrated(page, '/products/987654');
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: `404: ${TEXT.notFound}` }).waitFor();
  });
});

describe('without JavaScript', () => {
  it('reads the menu, opens a dish and searches', async () => {
    const target = dish(2);
    const handle = await suite.open({ javaScriptEnabled: false });
    const { page } = handle;
    await page.goto('/products');
    const main = page.getByRole('main');
    for (const item of suite.menu.slice(0, 8)) await main.getByRole('heading', { name: item.name }).first().waitFor();
    await main.getByRole('link', { name: target.name }).first().click();
    await page.waitForURL(`**/products/${target._id}`);
    await page.getByRole('heading', { name: target.name, level: 1 }).waitFor();
    expect(await main.innerText()).toContain(`$${target.price.toFixed(2)}`);

    const word = target.name.split(' ')[0] as string;
    await page.getByRole('searchbox', { name: 'Search dishes' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(`**/home/search-page-items?q=${encodeURIComponent(word)}`);
    await page.getByRole('heading', { name: `Results for ${word}` }).waitFor();
    await main.getByRole('heading', { name: target.name }).first().waitFor();
    // The scripts the pages name (and Chromium, with JavaScript off, refuses to fetch) are not faults here.
    const faults = handle.problems.filter((problem) => !/^request failed: GET \S+\/assets\/\S+\.js csp$/.test(problem));
    handle.problems.splice(0, handle.problems.length, ...faults);
  });
});
