import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Money with its currency on every screen (issue 41, point 6): the owner switches the
 * restaurant to taka, and the dish page (as the server renders it and after hydration), the
 * Add to Cart confirmation, the bag, the checkout's summary, the kitchen card's "Cash due"
 * and today's revenue all show "BDT"; back in US dollars they show "$" again (docs/reference/storefront.md §9).
 */

const ADMIN = { email: 'owner-currency@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);

/** Intl writes a no-break space after a currency code; the tests read it as a space. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ').trim();
const bdt = (amount: number) => `BDT ${amount.toFixed(2)}`;
const usd = (amount: number) => `$${amount.toFixed(2)}`;

/** The price on a dish's page, once the page has hydrated (the browser asks who is signed in only after it). */
async function dishPrice(page: Page, dish: Product): Promise<string> {
  const session = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/get-session');
  await page.goto(`/products/${dish._id}`);
  await session;
  return spaced(await page.getByRole('status', { name: 'Price' }).or(page.getByLabel('Price')).first().innerText());
}

describe('the restaurant currency', () => {
  it(
    'shows every amount in taka once the owner switches to it, and in dollars again after',
    { timeout: 120_000 },
    async () => {
      const { context: adminContext, page: adminPage } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await tokenOf(adminContext, ADMIN.email);
      const dish = suite.menu.find((d) => d.available && d.options.length === 0) ?? (suite.menu[0] as Product);
      const { context, page } = await suite.open();
      const guest = await signUpInContext(context, suite.server.baseUrl, newAccount('taka'));

      // Dollars first: the demo restaurant's prices as docs/reference/storefront.md §9 writes them.
      expect(await dishPrice(page, dish)).toBe(usd(dish.price));

      await call(adminContext, adminToken, 'PATCH', '/api/v1/restaurant', { currency: 'BDT' });
      let takenInTaka = 0;
      try {
        // The page as the server sends it already says taka (a settings change makes the kept page again)…
        const html = await (await context.request.get(`${suite.server.baseUrl}/products/${dish._id}`)).text();
        expect(html.replace(/\u00a0|&nbsp;|&#160;|&#xa0;/gi, ' ')).toContain(bdt(dish.price));
        // …and the browser, hydrating it, prints the same (the suite fails on a hydration error in the console).
        expect(await dishPrice(page, dish)).toBe(bdt(dish.price));

        // Add to Cart: the confirmation's total.
        await page.getByRole('button', { name: 'Increase quantity' }).click();
        await page.getByRole('button', { name: TEXT.addToCart }).click();
        const modal = page.getByRole('dialog', { name: 'Confirm your order' });
        expect(spaced(await modal.getByRole('definition').last().innerText())).toBe(bdt(dish.price * 2));
        await modal.getByRole('button', { name: TEXT.confirmOrder }).click();
        await acceptSuccess(page, 'Added to your bag');

        // The bag.
        await page.goto('/dashboard/booking-orders');
        const bag = page.getByRole('table', { name: 'Your booking orders' });
        await bag.getByText(dish.name).first().waitFor();
        expect((await bag.locator('tbody').innerText()).replace(/\u00a0/g, ' ')).toContain(bdt(dish.price * 2));

        // The checkout's summary: subtotal and total, and no "Delivery fee" row for a pick-up.
        await page.goto('/checkout?fulfilment=pickup');
        await page.getByRole('checkbox', { name: new RegExp(dish.name) }).waitFor();
        await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
        const summary = page.locator('dl[aria-label="Summary"]');
        await expect
          .poll(async () => spaced(await summary.getByRole('definition').last().innerText()))
          .toBe(bdt(dish.price * 2));
        expect(spaced(await summary.getByRole('definition').first().innerText())).toBe(bdt(dish.price * 2));
        expect(await summary.getByText('Delivery fee').count()).toBe(0);

        // Placed with cash on collection: the placed order, My Orders and the kitchen card say what is due, in taka.
        await page.getByLabel('Method').selectOption('cash');
        await page.getByRole('button', { name: 'Place order' }).click();
        const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
        await placed.waitFor();
        expect(spaced(await placed.innerText())).toContain(`${bdt(dish.price * 2)} · `);
        const number = /Order (A-\d{3}) placed/.exec(await placed.innerText())?.[1] as string;
        const mine = await call<{ data: Ticket[] }>(
          context,
          await tokenOf(context, guest.email),
          'GET',
          '/api/v1/tickets/mine',
        );
        const ticket = mine.data.find((t) => t.number === number) as Ticket;
        expect(ticket.payment).toBe('due');
        expect(ticket.total).toBe(dish.price * 2);
        await page.goto('/dashboard/orders');
        expect(spaced(await page.getByRole('listitem', { name: `Order ${number}` }).innerText())).toContain(
          bdt(ticket.total),
        );

        await adminPage.goto('/kitchen');
        const card = adminPage.getByRole('article', { name: `Order ${ticket.number}` });
        await card.waitFor();
        expect(spaced(await card.getByText(/^Cash due/).innerText())).toBe(`Cash due ${bdt(ticket.total)}`);

        // Completed, the cash is taken: today's net sales, in taka.
        for (const status of ['preparing', 'ready', 'completed'])
          await call(adminContext, adminToken, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, { status });
        const figures = await call<{ data: { netSales: number } }>(
          adminContext,
          adminToken,
          'GET',
          '/api/v1/dashboard/today',
        );
        await adminPage.goto('/dashboard');
        const today = adminPage.getByRole('region', { name: /^Today/ });
        await today.waitFor();
        const netSales = today.getByRole('listitem').filter({ has: adminPage.getByText('Net sales', { exact: true }) });
        const shown = spaced(await netSales.locator('p.font-display').innerText());
        expect(figures.data.netSales).toBeGreaterThan(0);
        expect(shown).toBe(bdt(figures.data.netSales));
        takenInTaka = figures.data.netSales;
      } finally {
        await call(adminContext, adminToken, 'PATCH', '/api/v1/restaurant', { currency: 'USD' });
      }

      // Back in dollars: the same dish as docs/reference/storefront.md §9 writes it, on the server's page and in the browser.
      const html = await (await context.request.get(`${suite.server.baseUrl}/products/${dish._id}`)).text();
      expect(html).toContain(usd(dish.price));
      expect(html).not.toMatch(/BDT(\s|&nbsp;|\u00a0)\d/);
      expect(await dishPrice(page, dish)).toBe(usd(dish.price));

      // Today's money was taken in taka: back in dollars, the dashboard and the day report still say taka (issue 58, point 6).
      await adminPage.goto('/dashboard');
      const today = adminPage.getByRole('region', { name: /^Today/ });
      const netSales = today.getByRole('listitem').filter({ has: adminPage.getByText('Net sales', { exact: true }) });
      await expect
        .poll(async () => spaced(await netSales.locator('p.font-display').innerText()))
        .toBe(bdt(takenInTaka));
      await adminPage.goto('/dashboard/day-report');
      const row = adminPage.getByRole('region', { name: 'Figures' }).getByRole('row').filter({ hasText: 'Net sales' });
      await expect.poll(async () => spaced(await row.innerText()).replace(/\s+/g, ' ')).toContain(bdt(takenInTaka));
    },
  );
});
