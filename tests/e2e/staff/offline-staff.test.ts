import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { KitchenTicket } from '../../../src/shared/contract/kitchen.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { allDayKitchen } from '../../support/records.ts';
import { OFFLINE_TEXT } from '../../../src/shared/texts-ordering.ts';
import type { OpenedPage } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Staff screens that survive the Wi-Fi (docs/reference/service.md, issue 50) in a real browser: a waiter's
 * tablet goes offline (Playwright's setOffline), takes a pick-up order and a table's round on
 * "New order", starts a ticket on the kitchen board and takes cash on the Floor, reloads and
 * closes pages meanwhile; the header counts the changes waiting; back online they are sent, the
 * header says "All changes sent", and the server has every change exactly once. A dish sold out
 * meanwhile is refused on reconnect with its reason. A guest's menu opens offline from the last
 * visit with "You are offline: ordering needs a connection".
 */

const ADMIN = { email: 'owner-offline@example.com', password: 'owner-offline-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);
/**
 * What a page logs while the network is gone; Chromium itself logs "An unknown error occurred
 * when fetching the script." when the service worker's registration (a second after the page
 * loads, its rejection caught in main.tsx) fetches its script offline.
 */
const OFFLINE_NOISE =
  /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to load resource|net::ERR_FAILED|EventSource|An unknown error occurred when fetching the script/;

async function setUp() {
  const { context: adminContext } = await suite.open();
  await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  const admin = await tokenOf(adminContext, ADMIN.email);
  await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(1000));
  const opened = await suite.open({ viewport: { width: 820, height: 1180 }, allowConsoleErrors: [OFFLINE_NOISE] });
  const waiter = await signUpInContext(opened.context, suite.server.baseUrl, newAccount('waiter'));
  await makeStaff(adminContext, admin, waiter.email);
  const staff = await tokenOf(opened.context, waiter.email);
  return { adminContext, admin, staff, ...opened };
}

/** Drops what going offline makes a page log (its failed requests), keeping every other problem for the suite's check. */
function forgiveOfflineNoise(opened: Pick<OpenedPage, 'problems'>) {
  const kept = opened.problems.filter((problem) => !OFFLINE_NOISE.test(problem));
  opened.problems.splice(0, opened.problems.length, ...kept);
}

/** Opens `path` once the service worker controls the page, so the page is kept for a visit offline. */
async function visitControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Once more through the worker, which keeps the page as it went.
  await page.reload();
}

const header = (page: Page) => page.getByTestId('offline-status').getByRole('status');

async function orderOnTablet(page: Page, dish: Product, who: { name?: string; table?: string }) {
  if (who.table) {
    await page.getByRole('radio', { name: 'Table', exact: true }).check();
    await page.getByRole('combobox', { name: 'Table' }).selectOption({ label: `${who.table} (1–4)` });
  } else {
    await page.getByRole('radio', { name: 'Pick-up' }).check();
    await page.getByLabel('Customer’s name').fill(who.name ?? '');
  }
  await page.getByLabel('Search dishes').fill(dish.name);
  await page
    .getByRole('button', { name: new RegExp(`^Add ${dish.name}`) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Send to kitchen' }).click();
  await page.getByRole('heading', { name: OFFLINE_TEXT.orderQueued }).waitFor();
  await page.getByRole('button', { name: 'New order' }).click();
}

/**
 * Holds the first request `matches` picks until `release()`: `arrived` resolves once it was sent.
 * `then` ends it: the answer fetched when it was sent (an answer on its way), or the request let
 * through as it is (`continue`).
 */
async function holdFirst(page: Page, matches: (url: URL) => boolean, then: 'answer' | 'continue') {
  let arrived!: () => void;
  let release!: () => void;
  const sent = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(matches, async (route) => {
    if (held) return route.continue();
    held = true;
    const answer = then === 'answer' ? await route.fetch() : undefined;
    arrived();
    await released;
    await (answer ? route.fulfill({ response: answer }) : route.continue());
  });
  return { arrived: sent, release };
}

async function ticketsOf(context: BrowserContext, token: string): Promise<KitchenTicket[]> {
  return (await call<{ data: KitchenTicket[] }>(context, token, 'GET', '/api/v1/kitchen/tickets')).data;
}

describe('staff screens offline', () => {
  it(
    'orders, a round, a kitchen move and cash taken offline, through a reload and a closed page, reach the server exactly once',
    { timeout: 240_000 },
    async () => {
      const { adminContext, admin, staff, context, page, problems } = await setUp();
      const dish = suite.menu.find((d) => d.options.length === 0) as Product;
      const table = (
        await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Patio 31',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      // Before the Wi-Fi drops: a round at the table (its open bill) and a pick-up on the board.
      const line = { productId: dish._id, quantity: 1 };
      const round = (
        await call<{ data: Ticket }>(context, staff, 'POST', '/api/v1/tickets', {
          fulfilment: 'dine_in',
          when: 'asap',
          lines: [line],
          customer: {},
          tableId: table._id,
          key: 'offline-e2e-round-1',
        })
      ).data;
      const pickup = (
        await call<{ data: Ticket }>(context, staff, 'POST', '/api/v1/tickets', {
          fulfilment: 'pickup',
          when: 'asap',
          lines: [line],
          customer: { name: 'Before Drop' },
          key: 'offline-e2e-pickup-1',
        })
      ).data;

      // The tablet opens its three screens online: the worker keeps them, the device keeps their reads.
      await visitControlled(page, '/kitchen');
      await page.getByRole('article', { name: `Order ${pickup.number}` }).waitFor();
      await page.goto('/staff/tables');
      await page
        .getByRole('list', { name: 'Tables and their state' })
        .getByRole('button', { name: new RegExp(`^${table.name} `) })
        .waitFor();
      await page.goto('/staff/order');
      await page.getByRole('list', { name: 'Dishes to add' }).getByRole('button').first().waitFor();

      await context.setOffline(true);
      await header(page).filter({ hasText: OFFLINE_TEXT.offline }).waitFor();
      await orderOnTablet(page, dish, { name: 'Offline Olive' });
      await header(page).filter({ hasText: 'Offline: 1 change waiting' }).waitFor();
      await orderOnTablet(page, dish, { table: table.name });
      await header(page).filter({ hasText: 'Offline: 2 changes waiting' }).waitFor();

      // A reload offline: the worker serves the page, the outbox is still there.
      await page.reload();
      await header(page).filter({ hasText: 'Offline: 2 changes waiting' }).waitFor();

      // The board from the device's copy: "Start" on the pick-up, kept and shown as moved.
      await page.goto('/kitchen');
      const card = page.getByRole('article', { name: `Order ${pickup.number}` });
      await card.getByRole('button', { name: 'Start', exact: true }).click();
      await header(page).filter({ hasText: 'Offline: 3 changes waiting' }).waitFor();
      await card.getByRole('button', { name: 'Ready', exact: true }).waitFor();

      // Cash for the table's bill on the Floor.
      await page.goto('/staff/tables');
      await page
        .getByRole('list', { name: 'Tables and their state' })
        .getByRole('button', { name: new RegExp(`^${table.name} `) })
        .click();
      const bill = (await call<{ data: Bill }>(adminContext, admin, 'GET', `/api/v1/bills/${round.billId}`)).data;
      const panel = page.getByRole('region', { name: `${table.name} · Bill ${bill.number}` });
      await panel.getByRole('button', { name: 'Take payment' }).first().click();
      await panel.getByLabel('Amount').fill(bill.due.toFixed(2));
      await panel.getByRole('button', { name: 'Take payment' }).last().click();
      await panel.getByText(OFFLINE_TEXT.queued).waitFor();
      await header(page).filter({ hasText: 'Offline: 4 changes waiting' }).waitFor();

      // The tab is closed; another opens, still offline: the four changes wait there.
      forgiveOfflineNoise({ problems });
      await page.close();
      const second = await context.newPage();
      second.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await second.goto('/staff/tables');
      await header(second).filter({ hasText: 'Offline: 4 changes waiting' }).waitFor();
      // Nothing reached the server meanwhile.
      expect((await ticketsOf(adminContext, admin)).filter((t) => t.customer.name === 'Offline Olive')).toEqual([]);

      await context.setOffline(false);
      await header(second).filter({ hasText: OFFLINE_TEXT.allSent }).waitFor({ timeout: 20_000 });
      const tickets = await ticketsOf(adminContext, admin);
      expect(tickets.filter((t) => t.customer.name === 'Offline Olive')).toHaveLength(1);
      expect(tickets.filter((t) => t.table?._id === table._id)).toHaveLength(2);
      expect(tickets.find((t) => t._id === pickup._id)?.status).toBe('preparing');
      const after = (await call<{ data: Bill }>(adminContext, admin, 'GET', `/api/v1/bills/${round.billId}`)).data;
      expect(after.payments.filter((p) => p.method === 'cash')).toHaveLength(1);
      expect(after.payments[0]?.amount).toBe(bill.due);
      // The round kept offline joined the table's open bill, sent before the cash (the order they were made in).
      expect(after.ticketIds).toHaveLength(2);
      await second.close();
      forgiveOfflineNoise({ problems });
    },
  );

  it(
    'an order for a dish sold out meanwhile is refused on reconnect, with its reason on the screen',
    { timeout: 120_000 },
    async () => {
      const { adminContext, admin, context, page, problems } = await setUp();
      const dish = suite.menu.filter((d) => d.options.length === 0)[1] as Product;
      await visitControlled(page, '/staff/order');
      await page.getByRole('list', { name: 'Dishes to add' }).getByRole('button').first().waitFor();
      await context.setOffline(true);
      await orderOnTablet(page, dish, { name: 'Late Larry' });
      await header(page).filter({ hasText: 'Offline: 1 change waiting' }).waitFor();
      // Meanwhile the kitchen, online, sells the dish out.
      await call(adminContext, admin, 'PATCH', `/api/v1/allProductsData/${dish._id}`, { available: false });
      await context.setOffline(false);
      const refusals = page.getByRole('alert').filter({ hasText: OFFLINE_TEXT.refusedTitle });
      await refusals.getByText(`Order for Late Larry: Sold out: ${dish.name}`).waitFor({ timeout: 20_000 });
      await header(page).filter({ hasText: OFFLINE_TEXT.allSent }).waitFor();
      expect((await ticketsOf(adminContext, admin)).filter((t) => t.customer.name === 'Late Larry')).toEqual([]);
      // A reload keeps the refusal until it is dismissed.
      await page.reload();
      await refusals.getByRole('button', { name: OFFLINE_TEXT.dismiss }).click();
      await refusals.waitFor({ state: 'detached' });
      await call(adminContext, admin, 'PATCH', `/api/v1/allProductsData/${dish._id}`, { available: true });
      forgiveOfflineNoise({ problems });
    },
  );

  it(
    'an answer to a read sent before the Wi-Fi dropped, arriving after, leaves the header at "Offline"',
    { timeout: 120_000 },
    async () => {
      const { adminContext, admin, context, page, problems } = await setUp();
      const table = (
        await call<{ data: { name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Patio 32',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      // The screen's read of the tables is on its way when the Wi-Fi drops; its answer comes after (as Chromium delivers it).
      const tables = await holdFirst(page, (url) => url.pathname === '/api/v1/tables', 'answer');
      await page.goto('/staff/order');
      await page.getByRole('list', { name: 'Dishes to add' }).getByRole('button').first().waitFor();
      await tables.arrived;
      await context.setOffline(true);
      await header(page).filter({ hasText: OFFLINE_TEXT.offline }).waitFor();
      tables.release();
      // The answer is in once the table is offered.
      await page.getByRole('radio', { name: 'Table', exact: true }).check();
      await page
        .getByRole('combobox', { name: 'Table' })
        .getByRole('option', { name: `${table.name} (1–4)` })
        .waitFor({ state: 'attached' });
      expect(await header(page).textContent()).toBe(OFFLINE_TEXT.offline);
      forgiveOfflineNoise({ problems });
    },
  );

  it(
    'a Wi-Fi lost while a staff screen still loads (before its header) says "Offline", then counts the change waiting',
    { timeout: 120_000 },
    async () => {
      const { context, page, problems } = await setUp();
      const dish = suite.menu.filter((d) => d.options.length === 0)[2] as Product;
      // Once online, so that the device keeps the page, who is signed in and the menu.
      await visitControlled(page, '/staff/order');
      await page.getByRole('list', { name: 'Dishes to add' }).getByRole('button').first().waitFor();
      // Loading again, the Wi-Fi drops once the screen's code runs (the header's with it) and before who is signed in is known.
      const session = await holdFirst(page, (url) => url.pathname === '/api/auth/get-session', 'continue');
      await page.reload();
      await page.getByText('Checking your access').waitFor({ state: 'attached' });
      await session.arrived;
      await context.setOffline(true);
      session.release();
      await header(page).filter({ hasText: OFFLINE_TEXT.offline }).waitFor();
      await orderOnTablet(page, dish, { name: 'Early Ed' });
      await header(page).filter({ hasText: 'Offline: 1 change waiting' }).waitFor();
      forgiveOfflineNoise({ problems });
    },
  );

  it(
    'a guest’s menu opens offline from the last visit and says ordering needs a connection',
    { timeout: 120_000 },
    async () => {
      const { context, page, problems } = await suite.open({ allowConsoleErrors: [OFFLINE_NOISE] });
      await visitControlled(page, '/');
      const dish = suite.menu[0] as Product;
      await page.getByText(dish.name).first().waitFor();
      expect(await page.getByText(OFFLINE_TEXT.guestOffline).count()).toBe(0);
      await context.setOffline(true);
      await page.reload();
      await page.getByText(dish.name).first().waitFor();
      await page.getByText(OFFLINE_TEXT.guestOffline).waitFor();
      await context.setOffline(false);
      await page.getByText(OFFLINE_TEXT.guestOffline).waitFor({ state: 'detached' });
      forgiveOfflineNoise({ problems });
    },
  );
});
