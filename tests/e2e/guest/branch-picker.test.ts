import { describe, expect, it } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The guest's "Choose your branch" in a real browser (docs/reference/branches.md "Guests"): with
 * one branch the home page and the header are what they always were; from the second branch on
 * the home page asks, "Order here" and "Book a table here" keep the choice (a cookie the server
 * reads: the settings answered are that branch's) and go on, and the header names the branch with
 * "Change branch", which leads back to the picker. On a desktop and on a phone, with no serious
 * accessibility violation. Staff at two branches switch between them in the header, and their
 * screens (the kitchen board) are the chosen branch's.
 */
const ADMIN = { email: 'branch-picker@example.com', password: 'branch-picker-password-1' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff, openGulshan } = suiteApi(suite);

describe("the guest's branch", () => {
  it('is asked from the second branch on, kept, named in the header and changed', { timeout: 120_000 }, async () => {
    const { page, context } = await suite.open();
    // One branch (the page settled, its list of branches read): no picker, no branch in the header.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('link', { name: 'Book a table' }).first().waitFor();
    await expect(page.getByRole('heading', { name: 'Choose your branch' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Change branch' }).count()).resolves.toBe(0);

    // The brand admin opens Gulshan, with a phone of its own.
    const { context: adminContext } = await suite.open();
    await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(adminContext, ADMIN.email);
    await openGulshan(adminContext, admin);
    const first = (await call<{ data: RestaurantSettings }>(adminContext, admin, 'GET', '/api/v1/restaurant')).data;

    await page.goto('/');
    const picker = page.getByRole('region', { name: 'Choose your branch' });
    await picker.getByRole('heading', { name: 'Saffron Table Gulshan' }).waitFor();
    const cards = picker.getByRole('listitem');
    await expect(cards.count()).resolves.toBe(2);
    // Not chosen yet: the guest is at the first branch, marked as theirs, and the header names it.
    await cards.nth(0).getByText('Your branch').waitFor();
    const header = page.getByRole('banner');
    // The header's branch, named for a screen reader as "Your branch: …".
    const headerBranch = (name: string) => header.getByText(`Your branch: ${name}`, { exact: true }).waitFor();
    await headerBranch(first.name);
    await cards.nth(1).getByText('House 32, Road 11, Gulshan 2').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // "Order here" at Gulshan: the menu, at Gulshan.
    await cards.nth(1).getByRole('button', { name: 'Order here' }).click();
    await page.waitForURL((url) => url.pathname === '/products');
    await headerBranch('Saffron Table Gulshan');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'branch')?.value).toBe('gulshan');
    const settings = await page.evaluate(async () => (await (await fetch('/api/v1/restaurant')).json()) as unknown);
    expect((settings as { data: RestaurantSettings }).data.phone).toBe('+880 1700-000002');
    // The booking page names the branch it books at (the settings' `name` is the brand's).
    await page.goto('/reservations/new');
    await page.getByText('Saffron Table Gulshan, House 32, Road 11, Gulshan 2').waitFor();

    // "Change branch": back to the picker, Gulshan marked; "Book a table here" at the first branch.
    await header.getByRole('link', { name: 'Change branch' }).click();
    await page.waitForURL('**/#choose-branch');
    await cards.nth(1).getByText('Your branch').waitFor();
    await cards.nth(0).getByRole('button', { name: 'Book a table here' }).click();
    await page.waitForURL((url) => url.pathname === '/reservations/new');
    await headerBranch(first.name);
    expect((await context.cookies()).find((c) => c.name === 'branch')?.value).not.toBe('gulshan');

    // On a phone: the picker fits the screen's width.
    const { page: phone } = await suite.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto('/');
    await phone
      .getByRole('region', { name: 'Choose your branch' })
      .getByRole('button', { name: 'Order here' })
      .first()
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phone)).toEqual([]);
  });

  it("staff at two branches switch between them; the board is the chosen branch's", { timeout: 120_000 }, async () => {
    const { context: adminContext } = await suite.open();
    await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(adminContext, ADMIN.email);
    // Gulshan (opened by the test before, else now) and a cook of both branches.
    const open = await adminContext.request.get(`${suite.server.baseUrl}/api/v1/branches/gulshan`);
    if (open.status() === 404) await openGulshan(adminContext, admin);
    // Both kitchens open all day, so "as soon as possible" is taken whatever the hour of the run
    // (Gulshan keeps Dhaka's clock: a run at 18:00 UTC found it closed).
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' }));
    for (const query of ['', '?branch=gulshan'])
      await call(adminContext, admin, 'PATCH', `/api/v1/restaurant${query}`, { openingHours: allDay });
    const { context, page } = await suite.open();
    const cook = await signUpInContext(context, suite.server.baseUrl, newAccount('two-branch-cook'));
    await makeStaff(adminContext, admin, cook.email);
    const users = await call<{ data: { _id: string; email: string }[] }>(
      adminContext,
      admin,
      'GET',
      '/api/v1/users/users',
    );
    const cookId = users.data.find((u) => u.email === cook.email)?._id;
    await call(adminContext, admin, 'PATCH', `/api/v1/users/users/${cookId}`, { role: 'staff', branches: ['1', '2'] });
    // One order at each branch, of different dishes.
    const [tacos, other] = suite.menu.filter((d) => (d.options ?? []).length === 0) as [Product, Product];
    const order = async (query: string, dish: Product, key: string) =>
      (
        await call<{ data: Ticket }>(adminContext, admin, 'POST', `/api/v1/tickets${query}`, {
          fulfilment: 'pickup',
          when: 'asap',
          lines: [{ productId: dish._id, quantity: 1 }],
          customer: { name: 'Rina Caller', phone: '+880 1711-222333' },
          key,
        })
      ).data;
    const atFirst = await order('', tacos, 'switch-first');
    const atGulshan = await order('?branch=gulshan', other, 'switch-gulshan');
    expect(atFirst.number).toBe(atGulshan.number); // each branch counts its own day

    await page.goto('/kitchen');
    const board = page.getByRole('main');
    const card = (ticket: Ticket) => board.getByRole('article', { name: `Order ${ticket.number}` });
    await card(atFirst).getByText(tacos.name).waitFor();
    const branch = page.getByLabel('Branch', { exact: true });
    // The switch appears once the cook's role and branches are known.
    await branch.waitFor();
    await expect(branch.locator('option').count()).resolves.toBe(2);
    await branch.selectOption('gulshan');
    await page.waitForLoadState('load');
    await card(atGulshan).getByText(other.name).waitFor();
    await expect(board.getByText(tacos.name).count()).resolves.toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
