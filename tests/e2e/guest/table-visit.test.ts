import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { moderateAxeViolations } from '../../support/browser.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Dine-in from a table's QR code keeps the table (issue 41, point 3): signed out, through
 * sign-in, an empty bag, the menu and the bag, every page says which table, and the checkout
 * opens on dine-in at it. Placing that order ends the visit. On a phone.
 */
const suite = useE2eSuite();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const banner = (page: Page) => page.getByRole('complementary', { name: 'Your table' });

async function tableSeven(): Promise<{ id: string; name: string }> {
  // The demo room's T7: its id is what the printed QR code holds.
  const label = await suite.server.api<{ data: { _id: string; name: string } }>('/api/v1/tables/7/label');
  expect(label.status).toBe(200);
  expect(label.body.data.name).toBe('T7');
  return { id: label.body.data._id, name: label.body.data.name };
}

describe('a visit at a table (issue 41, point 3)', () => {
  it(
    'keeps the table through sign-in, an empty bag, the menu and the bag, and checks out dine-in at it',
    { timeout: 90_000 },
    async () => {
      const table = await tableSeven();
      const maker = await suite.open();
      const account = await signUpInContext(maker.context, suite.server.baseUrl, newAccount('qr'));

      const { page } = await suite.open(PHONE);
      await page.goto(`/order?table=${table.id}`);
      // Signed out: the checkout sends the guest to sign in, which says the table.
      await page.waitForURL((url) => url.pathname === '/signIn');
      await banner(page).getByText('Table 7: you are ordering at this table.').waitFor();
      expect(await moderateAxeViolations(page)).toEqual([]);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Submit' }).click();
      await acceptSuccess(page, TEXT.loginSuccess);

      // An empty bag is no dead end: the way to the menu, and the table is still known.
      await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('table') === table.id);
      await page.getByText('Nothing to check out: order a dish first, and it will come to Table 7.').waitFor();
      await page.getByRole('link', { name: 'See the menu' }).click();
      await page.waitForURL((url) => url.pathname === '/products');
      await banner(page).waitFor();

      // A dish into the bag, from its page; the banner is on every page of the visit.
      const dish = suite.menu.find(
        (item) =>
          item.available &&
          !(item.options ?? []).some((group) => group.min > 0 && !group.values.some((value) => value.default)),
      ) as Product;
      await page.goto(`/products/${dish._id}`);
      await banner(page).waitFor();
      await page.getByRole('button', { name: TEXT.addToCart }).click();
      await page
        .getByRole('dialog', { name: 'Confirm your order' })
        .getByRole('button', { name: TEXT.confirmOrder })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

      // Even a reload keeps it; the banner's link opens the checkout on dine-in at the table.
      await page.reload();
      await banner(page).getByRole('link', { name: 'Check out at Table 7' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      const atTable = page.getByRole('radio', { name: 'At this table (Table 7)' });
      await atTable.waitFor();
      expect(await atTable.isChecked()).toBe(true);
      expect(await moderateAxeViolations(page)).toEqual([]);
      await page.getByLabel('Method').selectOption('cash');
      await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Place order' }).click();
      const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
      await placed.waitFor();
      expect(await placed.innerText()).toContain('Pay at the table');
      // The order is in: the visit is over.
      await expect.poll(() => banner(page).count()).toBe(0);

      // The guest's ticket is dine-in at that table.
      const mine = (await page.evaluate(async () => {
        const token = localStorage.getItem('accessToken');
        return (await fetch('/api/v1/tickets/mine', { headers: { authorization: `Bearer ${token}` } })).json();
      })) as { data: { fulfilment: string; tableId?: string }[] };
      expect(mine.data.map((ticket) => [ticket.fulfilment, ticket.tableId])).toEqual([['dine_in', table.id]]);
    },
  );

  it('a code that names no table says so and offers the menu', async () => {
    const { page } = await suite.open({ ...PHONE, allowConsoleErrors: [/404/] });
    await page.goto('/order?table=999999');
    await page.getByRole('heading', { name: 'This code does not lead to one of our tables' }).waitFor();
    await page.getByRole('link', { name: 'See the menu' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});
