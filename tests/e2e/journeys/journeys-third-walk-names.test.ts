import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import { localDigits } from '../../../src/shared/i18n/format.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { allDayKitchen } from '../../support/records.ts';
import { escapeRegExp, text } from '../../support/bangla-texts.ts';

/**
 * Issue 58 ("Journeys", the third walk), points 7 to 11: a guest on a phone in Bangla (the
 * confirm sheet, the search page, Bengali digits in the rating, the stepper, checkout's lines,
 * the VAT line and the badges, the Bengali font served to Bangla pages only, My Orders one tap
 * away); the owner's cash counts after a reload; one name per allergen on the dish page and the
 * kitchen's card; the change shown as the cash given is typed; the Printers page's Copy; the
 * Tables page's "Active"; the Google button saying "not set up" only when pressed.
 */

const ADMIN = { email: 'owner-third-walk@example.com', password: 'owner-third-walk-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const bn = (value: string | number) => localDigits(String(value), 'bn');
const spaced = (shown: string) => shown.replace(/\u00a0/g, ' ');

async function owner(): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
  await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  return { context, page, token: await tokenOf(context, ADMIN.email) };
}

/** A dish ordered as it is, with the allergens given and a rating to show. */
async function dishWithNuts(admin: { context: BrowserContext; token: string }): Promise<Product> {
  const dish = suite.menu.find(
    (one) => one.available && one.options.length === 0 && one.reatings > 0 && one.category !== 'Drinks',
  ) as Product;
  await call(admin.context, admin.token, 'PATCH', `/api/v1/allProductsData/${dish._id}`, {
    allergens: ['nuts', 'milk'],
  });
  return dish;
}

describe('the third walk (issue 58, points 7 to 11)', () => {
  it(
    'a guest on a phone in Bangla: the confirm sheet, the search page, Bengali digits everywhere, the font only on Bangla pages, My Orders one tap away',
    { timeout: 180_000 },
    async () => {
      const admin = await owner();
      await call(admin.context, admin.token, 'PATCH', '/api/v1/restaurant', {
        ...allDayKitchen(100),
        billing: { taxInclusive: false, rates: { dineIn: 5, takeaway: 5 }, categoryRates: {}, serviceChargePercent: 0 },
      });
      const dish = await dishWithNuts(admin);
      const name = dish.translations?.bn.name || dish.name;

      const { context, page } = await suite.open(PHONE);
      const fonts: string[] = [];
      page.on('requestfinished', (request) => {
        if (new URL(request.url()).pathname.startsWith('/fonts/')) fonts.push(request.url());
      });

      // English: no Bengali font named or fetched (its one Bangla word, the language switch, stays in the device's fonts).
      await page.goto('/?lang=en');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.locator('#bengali-font').count()).toBe(0);
      await page.waitForTimeout(500);
      expect(fonts).toEqual([]);

      // Bangla: the font's faces in the page, and the Bengali subset fetched and used.
      const guest = await signUpInContext(context, suite.server.baseUrl, newAccount('third-walk-bn'));
      await page.goto(`/products/${dish._id}?lang=bn`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await page.locator('#bengali-font').count()).toBe(1);
      await expect.poll(() => fonts.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(fonts.every((url) => /\/fonts\/noto-sans-bengali-[\d.]+-(400|700)\.woff2$/.test(url))).toBe(true);
      const font = await context.request.get(fonts[0] as string);
      expect(font.status()).toBe(200);
      expect(font.headers()['content-type']).toBe('font/woff2');
      expect(font.headers()['cache-control']).toContain('immutable');
      expect(
        await page.evaluate(
          async () => (await document.fonts.ready, document.fonts.check("16px 'Noto Sans Bengali'", 'বাংলা')),
        ),
      ).toBe(true);
      expect(
        await page.evaluate(() =>
          [...document.fonts].some(
            (face) => face.family.replace(/"/g, '') === 'Noto Sans Bengali' && face.status === 'loaded',
          ),
        ),
      ).toBe(true);

      // The dish page: its rating, the stepper's quantity and the allergens' names in Bangla.
      const main = page.locator('main');
      await expect.poll(() => main.locator('article').first().innerText()).toContain(bn(dish.reatings.toFixed(1)));
      expect(await main.locator('article').first().innerText()).not.toContain(dish.reatings.toFixed(1));
      expect(
        await page
          .getByRole('group', { name: text('dish.quantity') })
          .locator('output')
          .innerText(),
      ).toBe(bn(1));
      // Its ingredients as the owner wrote them in Bangla (the demo's), not the English list.
      const ingredients = dish.translations?.bn.items ?? [];
      expect(ingredients.length).toBeGreaterThan(0);
      for (const item of ingredients) await main.locator('article').first().getByText(item, { exact: true }).waitFor();
      for (const item of dish.translations?.en.items ?? [])
        expect(await main.locator('article').first().getByText(item, { exact: true }).count()).toBe(0);
      const allergens = main.getByRole('list', { name: text('menu.dishAllergens', { name }) });
      expect(await allergens.getByRole('listitem').allInnerTexts()).toEqual(
        [text('allergen.milk'), text('allergen.nuts')].map((one) => expect.stringContaining(one) as unknown as string),
      );

      // The confirm sheet: its sentence in Bangla, the quantity in Bengali digits.
      await page.getByRole('button', { name: text('text.addToCart') }).click();
      const sheet = page.getByRole('dialog', { name: text('dish.confirmYourOrder') });
      await sheet.waitFor();
      await sheet
        .getByText(text('dish.confirmPutsInBag', { button: text('text.confirmOrder') }), { exact: true })
        .waitFor();
      expect(await sheet.getByText(/puts it in your bag/).count()).toBe(0);
      const quantity = sheet.getByRole('term').filter({ hasText: text('dish.quantity') });
      expect(await quantity.locator('xpath=following-sibling::dd[1]').innerText()).toBe(bn(1));
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });

      // A line in the bag: the header's badge counts it in Bengali digits; the checkout writes "১ × …" and the VAT line's rate in them.
      const token = await tokenOf(context, guest.email);
      await call(context, token, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, {
        orderId: dish._id,
        orderQuantity: 1,
        userGmail: guest.email,
        status: 'Conform',
      });
      await page.goto('/checkout?fulfilment=pickup&lang=bn');
      const line = page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(bn(1))} × ${escapeRegExp(name)}`) });
      await line.waitFor();
      const summary = page.locator('dl').filter({ has: page.getByText(text('checkout.subtotal'), { exact: true }) });
      await summary
        .getByRole('term')
        .filter({ hasText: `${bn(5)} %` })
        .waitFor();
      expect(await summary.innerText()).not.toMatch(/[0-9]/);
      const ordersBadge = page.getByRole('link', { name: new RegExp(`^${escapeRegExp(text('header.orders'))}: `) });
      await expect.poll(() => ordersBadge.getAttribute('aria-label')).toBe(`${text('header.orders')}: ${bn(1)}`);
      expect(await ordersBadge.innerText()).toBe(bn(1));

      // The search page's words.
      await page.goto(`/home/search-page-items?q=${encodeURIComponent(dish.name)}&lang=bn`);
      await page
        .getByRole('heading', { level: 1 })
        .filter({ hasText: text('search.resultsFor') })
        .waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toContain('Results for');

      // My Orders and My Reservations are one tap away from any page on a phone.
      const yours = page.getByRole('navigation', { name: text('header.yours') });
      await yours.getByRole('link', { name: text('head.myOrders') }).tap();
      await page.waitForURL(/\/dashboard\/orders/);
      await page.goto('/?lang=bn');
      await page
        .getByRole('navigation', { name: text('header.yours') })
        .getByRole('link', { name: text('head.myReservations') })
        .tap();
      await page.waitForURL(/\/dashboard\/reservations/);
    },
  );

  it(
    'the owner: the cash counts after a reload, one name per allergen on the dish page and the kitchen card, Copy on Printers, "Active" on Tables',
    { timeout: 180_000 },
    async () => {
      const admin = await owner();
      const page = admin.page;
      await call(admin.context, admin.token, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));
      const dish = await dishWithNuts(admin);

      // The dish page and the kitchen's card say "Tree nuts"; the card never the key "nuts".
      await page.goto(`/products/${dish._id}`);
      await page
        .getByRole('list', { name: `${dish.name} allergens` })
        .getByText('Tree nuts')
        .waitFor();
      const ticket = (
        await call<{ data: Ticket }>(admin.context, admin.token, 'POST', '/api/v1/tickets', {
          fulfilment: 'pickup',
          when: 'asap',
          lines: [{ productId: dish._id, quantity: 1 }],
          customer: { name: 'Nut check', phone: '+880 1711-000000' },
          key: 'third-walk-nuts',
        })
      ).data;
      await page.goto('/kitchen');
      const card = page.getByRole('article', { name: `Order ${ticket.number}` });
      await card.getByText('Allergens: Milk, Tree nuts', { exact: true }).waitFor();

      // The cash count kept is shown again after a reload: who, when, expected, counted, difference.
      const bill = (await call<{ data: Bill }>(admin.context, admin.token, 'GET', `/api/v1/bills/${ticket.billId}`))
        .data;
      await call(admin.context, admin.token, 'POST', `/api/v1/bills/${bill._id}/payments`, {
        method: 'cash',
        amount: bill.due,
        key: 'third-walk-cash',
      });
      await page.goto('/dashboard/day-report');
      const counted = page.getByLabel('Cash counted');
      await counted.fill((bill.due - 1).toFixed(2));
      await page.getByRole('button', { name: 'Keep the count' }).click();
      await page.getByRole('status').filter({ hasText: 'difference -' }).waitFor();
      await page.reload();
      const kept = page.getByRole('region', { name: 'Counts kept' });
      const row = kept.getByRole('row').filter({ hasText: 'by Administrator' });
      await row.waitFor();
      const cells = (await row.getByRole('cell').allInnerTexts()).map(spaced);
      expect(cells.slice(-3)).toEqual([`$${bill.due.toFixed(2)}`, `$${(bill.due - 1).toFixed(2)}`, '-$1.00']);

      // Printers: the address shown once, with a Copy button that copies it.
      await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.baseUrl });
      await page.goto('/dashboard/printers');
      const form = page.getByRole('form', { name: 'Add a printer' });
      await form.getByLabel('Printer name').fill('Pass copy');
      await form.getByLabel('Role').selectOption('receipt');
      await form.getByRole('button', { name: 'Add printer' }).click();
      const address = await page.getByLabel('Printer address').innerText();
      await page.getByRole('button', { name: 'Copy address' }).click();
      await page.getByText('Copied', { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address.trim());

      // Tables: a table that takes guests is "Active", not "In use" (which read as occupied).
      await page.goto('/dashboard/tables');
      await page.getByRole('heading', { name: 'Tables', level: 1 }).waitFor();
      await page.getByRole('switch').first().waitFor();
      expect(await page.getByText('In use', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('switch', { name: / Active$/ }).count()).toBeGreaterThan(0);
    },
  );

  it(
    'a waiter on a tablet sees the change as the cash given is typed; a guest reads "Google sign-in is not set up" only when pressing the button',
    { timeout: 180_000 },
    async () => {
      const admin = await owner();
      await call(admin.context, admin.token, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));
      const table = (
        await call<{ data: { _id: string; name: string } }>(admin.context, admin.token, 'POST', '/api/v1/tables', {
          name: 'Change 4',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      const { context, page } = await suite.open({ viewport: { width: 820, height: 1180 }, hasTouch: true });
      const waiter = await signUpInContext(context, suite.server.baseUrl, newAccount('third-walk-waiter'));
      await makeStaff(admin.context, admin.token, waiter.email);
      const staff = await tokenOf(context, waiter.email);
      const dish = suite.menu.find((one) => one.available && one.options.length === 0) as Product;
      const round = (
        await call<{ data: Ticket }>(context, staff, 'POST', '/api/v1/tickets', {
          fulfilment: 'dine_in',
          when: 'asap',
          lines: [{ productId: dish._id, quantity: 2 }],
          customer: { name: 'Change guests' },
          tableId: table._id,
          key: 'third-walk-change',
        })
      ).data;
      const bill = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${round.billId}`)).data;

      await page.goto(`/staff/tables?table=${table._id}&bill=${bill._id}`);
      const panel = page.getByRole('region', { name: `${table.name} · Bill ${bill.number}` });
      await panel.waitFor();
      await panel.getByRole('button', { name: 'Take payment' }).first().click();
      const tendered = panel.getByLabel('Tendered');
      const given = Math.ceil(bill.due) + 5;
      await tendered.fill(String(given));
      // Before "Take payment": the change, the same figure the server gives back once taken.
      const change = (given * 100 - Math.round(bill.due * 100)) / 100;
      await panel.getByText(`Change $${change.toFixed(2)}`, { exact: true }).waitFor();
      expect(await tendered.getAttribute('aria-describedby')).toBeTruthy();
      await tendered.fill('1');
      await panel.getByText(`$${(bill.due - 1).toFixed(2)} short of the amount and tip`, { exact: true }).waitFor();
      await tendered.fill(String(given));
      await panel.getByRole('button', { name: 'Take payment' }).last().click();
      await expect
        .poll(
          async () =>
            (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${bill._id}`)).data.payments.at(-1)
              ?.change,
        )
        .toBe(change);

      // New order on the tablet: the dishes' list starts below the search, never under it, and each
      // dish's name and price stay inside its button (in two narrow columns the price stuck out).
      await page.goto('/staff/order');
      const list = page.getByRole('list', { name: 'Dishes to add' });
      const dishes = list.getByRole('button');
      await dishes.first().waitFor();
      const search = await page.getByRole('searchbox', { name: 'Search dishes' }).boundingBox();
      const listBox = await list.boundingBox();
      expect(listBox && search && listBox.y >= search.y + search.height).toBe(true);
      const spilled = await list.evaluate((element) =>
        [...element.querySelectorAll('button')]
          .filter((button) => {
            const box = button.getBoundingClientRect();
            return [...button.querySelectorAll('span')].some((part) => {
              const inner = part.getBoundingClientRect();
              return inner.width > 0 && (inner.left < box.left - 0.5 || inner.right > box.right + 0.5);
            });
          })
          .map((button) => button.textContent),
      );
      expect(spilled).toEqual([]);

      // Sign-in without Google set up: the spec's button as always; pressed, the dialog says why nothing opens.
      const { page: visitor } = await suite.open(PHONE);
      await visitor.goto('/signIn');
      const google = visitor.getByRole('button', { name: 'Continue with Google' });
      await expect.poll(() => google.isEnabled()).toBe(true);
      expect(await visitor.getByText('Google sign-in is not set up').count()).toBe(0);
      await google.click();
      const dialog = visitor.getByRole('dialog').filter({ hasText: 'Google sign-in is not set up' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(visitor.url()).toMatch(/\/signIn$/);
    },
  );
});
