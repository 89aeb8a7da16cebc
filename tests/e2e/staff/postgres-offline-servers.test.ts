import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { KitchenTicket } from '../../../src/shared/contract/kitchen.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { allDayKitchen } from '../../support/records.ts';
import { OFFLINE_TEXT } from '../../../src/shared/texts-ordering.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { type AppServer, startAppServer } from '../../support/e2e-server.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { createPostgresDatabase } from '../../support/test-database.ts';

/**
 * Two tablets on two app servers over one PostgreSQL database (docs/reference/service.md "Staff screens that
 * survive the Wi-Fi", issue 50): both go offline, each takes the whole due of one table's bill
 * in cash and places a pick-up order; back online at once, each order is on the board once, the
 * bill is paid once, and the tablet whose cash came second lists the refusal with its reason.
 * Runs with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'owner-offline-pg@example.com', password: 'owner-offline-pg-2027' };
const SECRET = 'offline-servers-secret-offline-servers-secret-0123';
const OFFLINE_NOISE =
  /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to load resource|net::ERR_FAILED|EventSource/;
let second: AppServer | undefined;
let databaseUrl = '';

const suite = useE2eSuite(async () => {
  const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'storefront_offline');
  databaseUrl = database.url;
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  return {
    env,
    stop: async () => {
      await second?.stop();
      await database.drop();
    },
  };
});
const { tokenOf, call, makeStaff } = suiteApi(suite);
const header = (page: Page) => page.getByTestId('offline-status').getByRole('status');

describe.skipIf(!process.env.TEST_DATABASE_URL)('two tablets on two servers, offline', () => {
  it(
    'their keyed writes reach PostgreSQL once each; the bill paid by the first is refused to the second, with its reason',
    { timeout: 240_000 },
    async () => {
      second = await startAppServer({ env: { DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET } });
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(1000));
      const table = (
        await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Garden 41',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      const dish = suite.menu.find((d) => d.options.length === 0);
      const round = (
        await call<{ data: Ticket }>(adminContext, admin, 'POST', '/api/v1/tickets', {
          fulfilment: 'dine_in',
          when: 'asap',
          lines: [{ productId: dish?._id, quantity: 2 }],
          customer: {},
          tableId: table._id,
          key: 'offline-pg-round-1',
        })
      ).data;
      const bill = (await call<{ data: Bill }>(adminContext, admin, 'GET', `/api/v1/bills/${round.billId}`)).data;

      const tablets = [];
      for (const [n, base] of [suite.server.baseUrl, second.baseUrl].entries()) {
        const { context, page, problems } = await suite.open({
          baseURL: base,
          viewport: { width: 820, height: 1180 },
          allowConsoleErrors: [OFFLINE_NOISE],
        });
        const waiter = await signUpInContext(context, base, newAccount(`pg-waiter-${n}`));
        await makeStaff(adminContext, admin, waiter.email);
        // The tablet opens "New order" and the Floor online: the worker and the device keep them.
        await page.goto(`${base}/staff/order`);
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.getByRole('list', { name: 'Dishes to add' }).getByRole('button').first().waitFor();
        await page.goto(`${base}/staff/tables`);
        await page
          .getByRole('list', { name: 'Tables and their state' })
          .getByRole('button', { name: new RegExp(`^${table.name} `) })
          .click();
        await page.getByRole('region', { name: `${table.name} · Bill ${bill.number}` }).waitFor();
        tablets.push({ context, page, problems, base });
      }
      for (const { context } of tablets) await context.setOffline(true);
      for (const [n, { page }] of tablets.entries()) {
        const panel = page.getByRole('region', { name: `${table.name} · Bill ${bill.number}` });
        await panel.getByRole('button', { name: 'Take payment' }).first().click();
        await panel.getByLabel('Amount').fill(bill.due.toFixed(2));
        await panel.getByRole('button', { name: 'Take payment' }).last().click();
        await header(page).filter({ hasText: 'Offline: 1 change waiting' }).waitFor();
        // And a pick-up order from "New order", by the page's own route.
        await page.getByRole('link', { name: 'New order' }).first().click();
        await page.getByRole('radio', { name: 'Pick-up' }).check();
        await page.getByLabel('Customer’s name').fill(`Server caller ${n}`);
        await page.getByLabel('Search dishes').fill(dish?.name ?? '');
        await page
          .getByRole('button', { name: new RegExp(`^Add ${dish?.name}`) })
          .first()
          .click();
        await page.getByRole('button', { name: 'Send to kitchen' }).click();
        await header(page).filter({ hasText: 'Offline: 2 changes waiting' }).waitFor();
      }
      await Promise.all(tablets.map(({ context }) => context.setOffline(false)));
      for (const { page } of tablets)
        await header(page).filter({ hasText: OFFLINE_TEXT.allSent }).waitFor({ timeout: 20_000 });

      const board = (await call<{ data: KitchenTicket[] }>(adminContext, admin, 'GET', '/api/v1/kitchen/tickets')).data;
      expect(board.filter((t) => t.customer.name === 'Server caller 0')).toHaveLength(1);
      expect(board.filter((t) => t.customer.name === 'Server caller 1')).toHaveLength(1);
      const after = (await call<{ data: Bill }>(adminContext, admin, 'GET', `/api/v1/bills/${bill._id}`)).data;
      expect(after.status).toBe('paid');
      expect(after.payments).toHaveLength(1);
      // One tablet lists its cash as refused, with the server's reason.
      const refused = await Promise.all(
        tablets.map(({ page }) => page.getByRole('alert').filter({ hasText: OFFLINE_TEXT.refusedTitle }).count()),
      );
      expect([...refused].sort()).toEqual([0, 1]);
      const loser = tablets[refused.indexOf(1)] as (typeof tablets)[number];
      for (const { problems } of tablets)
        problems.splice(0, problems.length, ...problems.filter((p) => !OFFLINE_NOISE.test(p)));
      const listed = await loser.page.getByRole('alert').filter({ hasText: OFFLINE_TEXT.refusedTitle }).innerText();
      expect(listed).toMatch(
        new RegExp(
          `Payment on bill ${bill.number}: (This bill is already paid|The amount is more than the bill's due)`,
        ),
      );
    },
  );
});
