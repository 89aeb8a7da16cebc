import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Product } from '../../src/shared/contract/catalog.ts';
import { TEXT } from '../../src/shared/texts.ts';
import { type OpenedPage, launchBrowser, openPage } from './browser.ts';
import { type AppServer, type StartAppServerOptions, assertClientBuilt, startAppServer } from './e2e-server.ts';

/**
 * The hooks every browser test file needs, registered once:
 *
 *   const suite = useE2eSuite({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
 *   it('…', async () => {
 *     const { page } = await suite.open();
 *     await page.goto('/about');
 *   });
 *
 * Before all: the built app (`npm run build` first) and Chromium. After each test: every
 * page it opened is closed, and the test fails if one had page errors, unexpected console
 * errors or failed requests. After all: both stop.
 */
export interface E2eSuite {
  readonly server: AppServer;
  readonly browser: Browser;
  /** The seeded menu, as the server lists it at start. */
  readonly menu: Product[];
  /** A fresh context and page on the server (options as openPage's), checked after the test. */
  open(options?: Parameters<typeof openPage>[2]): Promise<OpenedPage>;
}

/**
 * `serverOptions` may be worked out when the suite starts (a free port, a provider started
 * first), with a `stop` for what was started with it, run after the server stops.
 */
export function useE2eSuite(
  serverOptions: StartAppServerOptions | (() => Promise<StartAppServerOptions & { stop?: () => Promise<void> }>) = {},
): E2eSuite {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let menu: Product[] | undefined;
  let stopAlongside: (() => Promise<void>) | undefined;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    assertClientBuilt();
    const { stop, ...options }: StartAppServerOptions & { stop?: () => Promise<void> } =
      typeof serverOptions === 'function' ? await serverOptions() : serverOptions;
    stopAlongside = stop;
    [server, browser] = await Promise.all([startAppServer(options), launchBrowser()]);
    menu = await readMenu(server);
    // The browser suites pick dishes by position: the demo menu has plenty.
    expect(menu.length).toBeGreaterThan(4);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stopAlongside?.();
  });

  afterEach(async () => {
    const pages = opened.splice(0);
    for (const { context } of pages) await context.close();
    for (const { problems } of pages) expect(problems, problems.join('\n')).toEqual([]);
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The e2e suite has not started yet (use it inside tests and hooks).');
    return value;
  };

  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    get menu() {
      return started(menu);
    },
    async open(options = {}) {
      const handle = await openPage(started(browser), started(server).baseUrl, options);
      opened.push(handle);
      return handle;
    },
  };
}

/** The seeded menu, as the server lists it. */
async function readMenu(server: AppServer): Promise<Product[]> {
  const res = await server.api<{ data: Product[] }>('/api/v1/allProductsData');
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The spec's success dialog (docs/reference/storefront.md §8): the message as its title, 'You clicked the button!', then OK. */
export async function acceptSuccess(page: Page, title: string): Promise<void> {
  const dialog = await shownDialog(page, title);
  await dialog.getByText(TEXT.clickedButton).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * A staff member opens `path`, is sent to sign in by the page's guard, signs in through the form
 * (the spec's success dialog) and comes back to `path`.
 */
export async function signInThroughGuard(
  page: Page,
  path: string,
  who: { email: string; password: string },
): Promise<void> {
  await page.goto(path);
  await page.waitForURL('**/signIn');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await acceptSuccess(page, TEXT.loginSuccess);
  const back = new URL(path, 'http://localhost').pathname;
  await page.waitForURL((url) => url.pathname === back);
}

/** The theme's primary colour (styles.css, "saffron" --color-primary #c2410c), as computed. */
export const THEME_PRIMARY = 'rgb(194, 65, 12)';

/**
 * A success dialog of the product's own (issue 48, point 1): titled with what happened, never
 * the spec's 'You clicked the button!', its OK in the theme's colour; then OK.
 */
/**
 * A SweetAlert2 dialog, shown and done growing in. Its popup scales in for a third of a
 * second; on a loaded machine a click aimed while it still moves can land beside its button
 * and the dialog stays open (CI, stop 62). Waits for its finite animations to finish.
 */
export async function shownDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await dialog.evaluate((popup) =>
    Promise.all(
      popup
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return dialog;
}

export async function acceptDone(page: Page, title: string): Promise<void> {
  const dialog = await shownDialog(page, title);
  expect(await dialog.getByText(TEXT.clickedButton).count()).toBe(0);
  const ok = dialog.getByRole('button', { name: 'OK' });
  expect(await ok.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(THEME_PRIMARY);
  await ok.click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The question asked before a delete, answered yes. */
export async function confirmDelete(page: Page, title: string): Promise<void> {
  const dialog = await shownDialog(page, title);
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
}
