import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { UserRecord } from '../../../src/shared/contract/users.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { type BrowserAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, confirmDelete, signInThroughGuard, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The dashboard overview and the administrators' pages (issue 5) in a real browser against
 * the built app, with the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD. A guest's
 * records are made through the real API from the guest's own browser context.
 * Run `npm run build` first.
 */

const ADMIN = { email: 'head-chef@example.com', password: 'admin-password-2024' };

const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const open = suite.open;

const dish = (index: number) => suite.menu[index] as Product;
const price = (amount: number) => `$${amount}.00`;
const q = (email: string) => `?email=${encodeURIComponent(email)}`;

/** A call to the product API from inside a browser context, with that context's own access token. */
async function callAs<T = unknown>(
  context: BrowserContext,
  email: string,
  method: 'GET' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const tokenRes = await context.request.get(`${suite.server.baseUrl}/api/v1/users/jwt${q(email)}`);
  expect(tokenRes.status()).toBe(200);
  const { accessToken } = (await tokenRes.json()) as { accessToken: string };
  const res = await context.request.fetch(`${suite.server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, origin: suite.server.baseUrl },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: (await res.json()) as T };
}

interface GuestRecords {
  account: BrowserAccount;
  order: Product;
  favorite: Product;
  report: Product;
  reportText: string;
}

/** A new guest with one order (quantity 2), one favourite and one report, made through the real API. */
async function guestWithRecords(context: BrowserContext): Promise<GuestRecords> {
  const account = await signUpInContext(context, suite.server.baseUrl);
  const [order, favorite, report] = [dish(0), dish(1), dish(2)];
  const reportText = `Too salty today (${account.name})`;
  expect(
    (
      await callAs(context, account.email, 'PATCH', `/api/v1/users/${q(account.email)}`, {
        orderId: order._id,
        orderQuantity: 2,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await callAs(context, account.email, 'PATCH', `/api/v1/users/favorites/${q(account.email)}`, {
        orderId: favorite._id,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await callAs(context, account.email, 'PATCH', `/api/v1/users/reports/${q(account.email)}`, {
        orderId: report._id,
        reportText,
      })
    ).status,
  ).toBe(201);
  return { account, order, favorite, report, reportText };
}

const rowTexts = (table: Locator) => table.getByRole('row').allInnerTexts();

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('dashboard overview', () => {
  it('shows the header, summary cards, both charts with text alternatives, featured dishes and the closing line', async () => {
    const { context, page } = await open();
    await signUpInContext(context, suite.server.baseUrl);

    // The storefront's first load does not fetch the overview's chunk (and Recharts with it).
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(scripts.some((url) => /overview-/.test(url))).toBe(false);

    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TEXT.navDashboard);
    expect(await page.getByRole('main').getByRole('link', { name: TEXT.backToHome }).getAttribute('href')).toBe('/');
    expect(scripts.some((url) => /overview-/.test(url))).toBe(true);

    const summary = page.getByRole('region', { name: 'This week at a glance' });
    for (const label of [TEXT.weeklyBookingConfrom, TEXT.weeklyBooking, TEXT.visitorsOnline]) {
      expect(await summary.getByText(label, { exact: true }).count()).toBe(1);
    }

    // Two charts, each drawn (an SVG surface) inside a figure with its caption and a data table.
    const figures = page.getByRole('figure', { name: /^Activity/ });
    await expect.poll(() => figures.count()).toBe(2);
    await expect.poll(() => page.locator('figure .recharts-wrapper > svg.recharts-surface').count()).toBe(2);
    expect((await page.locator('figcaption h2').allTextContents()).sort()).toEqual([
      'Activity by country',
      'Activity share',
    ]);
    const bars = page.getByRole('table', { name: /Activity by country/ });
    expect(await bars.getByRole('columnheader').allTextContents()).toEqual(['Country', 'Visitor', 'Booking', 'Review']);
    expect(await bars.getByRole('rowheader').allTextContents()).toContain('Bangladesh');
    const donut = page.getByRole('table', { name: /Activity share/ });
    expect(await donut.getByRole('rowheader').allTextContents()).toEqual(['Visitor', 'Booking', 'Review']);
    // Stacked bars: one rectangle per country and series.
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBe(6 * 3);
    await expect.poll(() => page.locator('.recharts-pie-sector').count()).toBe(3);

    const featured = page.getByRole('region', { name: 'Featured dishes' }).getByRole('article');
    expect(await featured.count()).toBe(3);
    for (const card of await featured.all()) {
      expect(await card.textContent()).toMatch(/\$\d+\.00/);
      expect(await card.textContent()).toMatch(/Rating \d\.\d out of 5/);
      expect(await card.getByRole('link', { name: new RegExp(TEXT.addToCart) }).getAttribute('href')).toBe('/products');
    }
    expect(await page.getByText(TEXT.thanksDashboard, { exact: true }).count()).toBe(1);
    await expectNoSeriousAxeViolations(page);

    // On a phone the charts shrink with the window and nothing overflows sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(360);
    const surface = await page.locator('figure .recharts-wrapper > svg.recharts-surface').first().boundingBox();
    expect(surface?.width).toBeLessThan(360);
    await expectNoSeriousAxeViolations(page);
  });
});

describe('administrators', () => {
  it('lists all users, opens one user’s orders, favourites and reports, deletes a report, then deletes the user', async () => {
    const guestPage = await open();
    const guest = await guestWithRecords(guestPage.context);
    const { name, email } = guest.account;

    const { page } = await open({ allowConsoleErrors: [/status of 404/] });
    await signInThroughGuard(page, '/dashboard/allUsers', ADMIN);

    // The drawer offers All Users instead of the guest's three own lists.
    const drawer = page.getByRole('navigation', { name: 'Dashboard pages' });
    await expect.poll(() => drawer.getByRole('link').allTextContents()).toContain('All Users');
    for (const own of ['Booking Orders', 'Favorite Orders', 'Reports Orders'])
      expect(await drawer.getByRole('link', { name: own }).count()).toBe(0);

    // All users: photo, name and role, e-mail, the three lists; Delete on every row but the admin's own.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TEXT.allUsersTitle);
    const users = page.getByRole('table', { name: new RegExp(TEXT.allUsersTitle) });
    await expect
      .poll(() => rowTexts(users))
      .toEqual(expect.arrayContaining([expect.stringContaining(email), expect.stringContaining(ADMIN.email)]));
    const guestRow = users.getByRole('row').filter({ hasText: email });
    const adminRow = users.getByRole('row').filter({ hasText: ADMIN.email });
    expect(await guestRow.textContent()).toContain(name);
    // The role shows in a select per user (docs/reference/operations.md "Roles"), holding the spec's values.
    expect(await guestRow.getByRole('combobox', { name: `Role of ${name}` }).inputValue()).toBe('user');
    expect(await adminRow.getByRole('combobox', { name: /^Role of / }).inputValue()).toBe('admin');
    expect(await guestRow.getByRole('img', { name: `${name} has no photo` }).count()).toBe(1);
    expect(await adminRow.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await guestRow.getByRole('button', { name: `Delete ${name}` }).count()).toBe(1);
    expect(await guestRow.getByRole('link', { name: `Orders of ${name}` }).getAttribute('href')).toBe(
      `/dashboard/AllOrders/${email}`,
    );
    expect(await guestRow.getByRole('link', { name: `Favorites of ${name}` }).getAttribute('href')).toBe(
      `/dashboard/allFavorites/${email}`,
    );
    expect(await guestRow.getByRole('link', { name: `Reports of ${name}` }).getAttribute('href')).toBe(
      `/dashboard/allReports/${email}`,
    );
    await expectNoSeriousAxeViolations(page);

    // Orders: photo, name, category, price with $, quantity, payment state (no PAY for an admin), Delete.
    await guestRow.getByRole('link', { name: `Orders of ${name}` }).click();
    await page.waitForURL(`**/dashboard/AllOrders/${email}`);
    const orders = page.getByRole('table', { name: `Orders of ${email}` });
    await expect.poll(() => orders.getByRole('row').count()).toBe(2);
    const orderRow = orders.getByRole('row').nth(1);
    const orderCells = await orderRow.getByRole('cell').allInnerTexts();
    expect(orderCells).toEqual(
      expect.arrayContaining([guest.order.name, guest.order.category, price(guest.order.price * 2), '2', TEXT.unpaid]),
    );
    expect(await orderRow.getByRole('img', { name: guest.order.name }).count()).toBe(1);
    expect(await orderRow.getByRole('button', { name: TEXT.pay, exact: true }).count()).toBe(0);
    expect(await orderRow.getByRole('button', { name: `Delete the order of ${guest.order.name}` }).count()).toBe(1);
    await expectNoSeriousAxeViolations(page);

    // Favourites: the same layout, reading the favourites.
    await page
      .getByRole('navigation', { name: `Lists of ${email}` })
      .getByRole('link', { name: TEXT.favoritesButton })
      .click();
    await page.waitForURL(`**/dashboard/allFavorites/${email}`);
    const favorites = page.getByRole('table', { name: `Favorites of ${email}` });
    await expect.poll(() => favorites.getByRole('row').count()).toBe(2);
    const favoriteCells = await favorites.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(favoriteCells).toEqual(
      expect.arrayContaining([
        guest.favorite.name,
        guest.favorite.category,
        price(guest.favorite.price),
        '1',
        TEXT.pendingOrder,
      ]),
    );
    await expectNoSeriousAxeViolations(page);

    // Reports: photo, name, category, reporter e-mail, text; Delete asks, then shows the server's message.
    await page
      .getByRole('navigation', { name: `Lists of ${email}` })
      .getByRole('link', { name: TEXT.reportsButton })
      .click();
    await page.waitForURL(`**/dashboard/allReports/${email}`);
    const reports = page.getByRole('table', { name: `Reports of ${email}` });
    await expect.poll(() => reports.getByRole('row').count()).toBe(2);
    const reportCells = await reports.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(reportCells).toEqual(
      expect.arrayContaining([guest.report.name, guest.report.category, email, guest.reportText]),
    );
    await expectNoSeriousAxeViolations(page);
    await reports.getByRole('button', { name: `Delete the report on ${guest.report.name}` }).click();
    await confirmDelete(page, 'Delete this report?');
    await acceptSuccess(page, 'The report has been deleted');
    await expect.poll(() => page.getByText(TEXT.emptyList, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('table').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    // Exactly that record went: the order and the favourite are still there.
    const afterReport = await callAs<{ data: UserRecord }>(guestPage.context, email, 'GET', `/api/v1/users${q(email)}`);
    expect(afterReport.body.data.reports).toEqual([]);
    expect(afterReport.body.data.orders.map((o) => o.orderName)).toEqual([guest.order.name]);
    expect(afterReport.body.data.favorites.map((f) => f.orderName)).toEqual([guest.favorite.name]);

    // Delete the user: asked first, then the server's message, and the list refreshes.
    await drawer.getByRole('link', { name: 'All Users' }).click();
    await page.waitForURL('**/dashboard/allUsers');
    await users.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmDelete(page, `Delete ${name}?`);
    await acceptSuccess(page, `${name} has been deleted`);
    await expect.poll(() => rowTexts(users)).not.toEqual(expect.arrayContaining([expect.stringContaining(email)]));
    expect((await rowTexts(users)).join('\n')).toContain(ADMIN.email);

    // The deleted user can no longer sign in, and their records are gone.
    const signIn = await suite.server.api('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.server.baseUrl },
      body: JSON.stringify({ email, password: guest.account.password }),
    });
    expect(signIn.status).toBe(401);
    await page.goto(`/dashboard/AllOrders/${email}`);
    await expect.poll(() => page.getByRole('alert').getByRole('heading').textContent()).toBe('No such user');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByText(guest.order.name).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
  });

  it('fits the tables on a 360px phone with every action in reach', async () => {
    const guestPage = await open();
    const guest = await guestWithRecords(guestPage.context);
    const { page } = await open({ viewport: { width: 360, height: 740 } });
    await signInThroughGuard(page, '/dashboard/allUsers', ADMIN);

    const row = page
      .getByRole('table', { name: new RegExp(TEXT.allUsersTitle) })
      .getByRole('row')
      .filter({ hasText: guest.account.email });
    for (const control of [
      row.getByRole('link', { name: `Orders of ${guest.account.name}` }),
      row.getByRole('link', { name: `Reports of ${guest.account.name}` }),
      row.getByRole('button', { name: `Delete ${guest.account.name}` }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await expectNoSeriousAxeViolations(page);

    for (const [path, button] of [
      [`/dashboard/AllOrders/${guest.account.email}`, `Delete the order of ${guest.order.name}`],
      [`/dashboard/allReports/${guest.account.email}`, `Delete the report on ${guest.report.name}`],
    ] as const) {
      await page.goto(path);
      const control = page.getByRole('button', { name: button });
      await control.waitFor();
      const box = await control.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
      await expectNoSeriousAxeViolations(page);
    }
  });

  it('shows a clear error with Retry when the list cannot be read', async () => {
    const { page } = await open({ allowConsoleErrors: [/Failed to load resource/] });
    await signInThroughGuard(page, '/dashboard', ADMIN);
    await page.route('**/api/v1/users/users', (route) => route.abort('aborted'));
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'All Users' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load the users' });
    await alert.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.unroute('**/api/v1/users/users');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByRole('table', { name: new RegExp(TEXT.allUsersTitle) }).count()).toBe(1);
  });
});

describe('a plain user', () => {
  it('is sent to /signIn from the admin pages and is not allowed to see someone else’s orders', async () => {
    const otherPage = await open();
    const other = await guestWithRecords(otherPage.context);

    const { context, page } = await open({ allowConsoleErrors: [/status of 403/] });
    const me = await signUpInContext(context, suite.server.baseUrl);
    await callAs(context, me.email, 'PATCH', `/api/v1/users/${q(me.email)}`, {
      orderId: dish(3)._id,
      orderQuantity: 1,
    });

    for (const path of [
      '/dashboard/allUsers',
      `/dashboard/allFavorites/${other.account.email}`,
      `/dashboard/allReports/${other.account.email}`,
    ]) {
      await page.goto(path);
      await page.waitForURL('**/signIn');
    }

    // The drawer shows the guest's own lists, not All Users.
    await page.goto('/dashboard');
    const drawer = page.getByRole('navigation', { name: 'Dashboard pages' });
    await expect.poll(() => drawer.getByRole('link').allTextContents()).toContain('Booking Orders');
    expect(await drawer.getByRole('link', { name: 'All Users' }).count()).toBe(0);

    // Someone else's orders: the route opens, the server refuses, the page says so and shows no data.
    await page.goto(`/dashboard/AllOrders/${other.account.email}`);
    await expect
      .poll(() => page.getByRole('alert').getByRole('heading').textContent())
      .toBe("You are not allowed to see this user's orders");
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByText(other.order.name).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: `Lists of ${other.account.email}` }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    // Their own orders on the same route: shown, with the payment state and no Delete.
    await page.goto(`/dashboard/AllOrders/${me.email}`);
    const orders = page.getByRole('table', { name: `Orders of ${me.email}` });
    await expect.poll(() => orders.getByRole('row').count()).toBe(2);
    expect(await orders.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(dish(3).name), TEXT.unpaid]),
    );
    expect(await orders.getByRole('button').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
  });
});
