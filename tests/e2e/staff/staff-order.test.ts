import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { restaurantTime } from '../../../src/client/lib/clock.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { OFFLINE_TEXT } from '../../../src/shared/texts-ordering.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Orders taken by staff in a real browser (docs/reference/ordering.md "Orders taken by staff", issue 38): on a
 * tablet (768 px), a staff member opens "New order" from the staff menu and takes a phone order
 * for pick-up with the keyboard alone (name, phone, a dish found by search, its size and an
 * extra, a note, "Send to kitchen"), hears the promise ("Ready at …") from the live region, and
 * the ticket is on the kitchen board with its options and note. No axe violation, moderate up.
 */

const ADMIN = { email: 'owner-counter@example.com', password: 'owner-counter-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);

/** The kitchen open all day on UTC, so an ASAP promise exists whenever the test runs. */
async function openAllDay(context: BrowserContext, adminToken: string) {
  await call(context, adminToken, 'PATCH', '/api/v1/restaurant', {
    timeZone: 'UTC',
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
    kitchen: {
      bucketMinutes: 15,
      unitsPerBucket: 100,
      prepMinutes: 20,
      extraDelayMinutes: 0,
      acceptingOrders: true,
      pausedUntil: null,
    },
  });
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab once and checks where the focus went. */
async function tabTo(page: Page, locator: Locator, shift = false) {
  await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  expect(await isFocused(locator), `focus on ${String(locator)}`).toBe(true);
}

describe('New order', () => {
  it(
    'a staff member takes a phone order for pick-up with the keyboard, reads "Ready at …", and the kitchen board has it',
    { timeout: 120_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await tokenOf(adminContext, ADMIN.email);
      await openAllDay(adminContext, adminToken);
      const { context, page } = await suite.open({ viewport: { width: 768, height: 1024 } });
      const clerk = await signUpInContext(context, suite.server.baseUrl, newAccount('clerk'));
      await makeStaff(adminContext, adminToken, clerk.email);

      // On the tablet the staff menu is behind its button; it lists "New order", and the keyboard follows it.
      await page.goto('/dashboard');
      const menuButton = page.getByRole('button', { name: 'Open the dashboard menu' });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('navigation', { name: 'Dashboard pages' });
      const link = menu.getByRole('link', { name: 'New order', exact: true });
      await link.waitFor();
      // The menu opens with the focus on its first link; Tab walks down to "New order".
      for (let i = 0; i < 10 && !(await isFocused(link)); i += 1) await page.keyboard.press('Tab');
      expect(await isFocused(link)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/staff/order');
      await page.getByRole('heading', { level: 1, name: 'New order' }).waitFor();
      await page.getByRole('list', { name: 'Dishes to add' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // "Pick-up" is the choice; the keyboard moves through the form from there.
      const pickup = page.getByRole('radio', { name: 'Pick-up' });
      expect(await pickup.isChecked()).toBe(true);
      await pickup.focus();
      await tabTo(page, page.getByLabel('Customer’s name'));
      await page.keyboard.type('Rina Caller');
      await tabTo(page, page.getByLabel('Phone (optional)'));
      await page.keyboard.type('+880 1711-222333');
      await tabTo(page, page.getByLabel('Category'));
      await tabTo(page, page.getByLabel('Search dishes'));
      await page.keyboard.type('margherita');
      const add = page.getByRole('button', { name: /^Add Margherita Pizza/ });
      await page.getByRole('list', { name: 'Dishes to add' }).getByRole('button').first().waitFor();
      expect(await page.getByRole('list', { name: 'Dishes to add' }).getByRole('button').count()).toBe(1);
      await tabTo(page, add);
      await page.keyboard.press('Enter');
      const line = page.getByRole('group', { name: '1. Margherita Pizza' });
      await line.waitFor();
      await page.getByRole('status').filter({ hasText: 'Added Margherita Pizza' }).waitFor();

      // The line: quantity, then its options (Size as radios, Extras as boxes), then the note.
      await tabTo(page, line.getByLabel('Quantity'));
      await page.keyboard.press('ArrowUp');
      expect(await line.getByLabel('Quantity').inputValue()).toBe('2');
      await tabTo(page, line.getByRole('button', { name: 'Remove Margherita Pizza' }));
      const regular = line.getByRole('radio', { name: /Regular/ });
      await tabTo(page, regular);
      await page.keyboard.press('ArrowDown');
      expect(await line.getByRole('radio', { name: /Large/ }).isChecked()).toBe(true);
      await tabTo(page, line.getByRole('checkbox', { name: /Extra mozzarella/ }));
      await tabTo(page, line.getByRole('checkbox', { name: /Olives/ }));
      await page.keyboard.press('Space');
      expect(await line.getByRole('checkbox', { name: /Olives/ }).isChecked()).toBe(true);
      await tabTo(page, line.getByLabel('Note for the kitchen (optional)'));
      await page.keyboard.type('No basil');
      // 2 × (13 + 4.50 + 1) = $37.00, and the kitchen's forecast to read out before sending.
      await page.getByRole('definition').filter({ hasText: '$37.00' }).first().waitFor();
      // Past 23:40 UTC the promise is after midnight: "Ready at 00:10 tomorrow".
      const readyTime = page.getByLabel('Ready time');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('option')].some((o) =>
          /^As soon as possible \(Ready at \d{2}:\d{2}( tomorrow)?\)$/.test(o.textContent ?? ''),
        ),
      );
      await tabTo(page, readyTime);
      expect(await readyTime.inputValue()).toBe('asap');
      const forecast = (await readyTime.locator('option:checked').textContent()) ?? '';
      await tabTo(page, page.getByRole('button', { name: 'Send to kitchen' }));
      const answer = page.waitForResponse(
        (res) => res.url().endsWith('/api/v1/tickets') && res.request().method() === 'POST',
      );
      await page.keyboard.press('Enter');
      const sent = await answer;
      expect(sent.status()).toBe(201);
      const ticket = ((await sent.json()) as { data: Ticket }).data;
      const sentBody = JSON.parse(sent.request().postData() ?? '{}') as { key: string };
      expect(sentBody.key).toMatch(/^[0-9a-f-]{36}$/);

      // The promise to tell the caller, said by the live region, and a new order offered.
      const readyAt = `Ready at ${restaurantTime(ticket.readyAt, 'UTC')}`; // "00:20 tomorrow" after midnight
      expect(forecast).toBe(`As soon as possible (${readyAt})`);
      await page
        .getByRole('status')
        .filter({ hasText: `Order ${ticket.number} sent to the kitchen. ${readyAt}` })
        .waitFor({ state: 'attached' });
      await page.getByText(readyAt, { exact: true }).waitFor();
      expect(ticket).toMatchObject({
        source: 'staff',
        fulfilment: 'pickup',
        payment: 'due',
        customer: { name: 'Rina Caller', phone: '+880 1711-222333' },
        total: 37,
      });
      expect(ticket.lines).toEqual([
        {
          orderMainId: null,
          name: 'Margherita Pizza',
          quantity: 2,
          price: 37,
          options: [
            { group: 'Size', name: 'Large (14")', price: 4.5 },
            { group: 'Extras', name: 'Olives', price: 1 },
          ],
          note: 'No basil',
        },
      ]);
      const heading = page.getByRole('heading', { name: `Order ${ticket.number} sent to the kitchen` });
      await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
      expect(await isFocused(heading)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // "New order" starts afresh with the name field ready (and a new key for the next order).
      await tabTo(page, page.getByRole('button', { name: 'New order' }));
      await page.keyboard.press('Enter');
      const name = page.getByLabel('Customer’s name');
      await name.waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
      expect(await isFocused(name)).toBe(true);
      expect(await name.inputValue()).toBe('');
      expect(await page.getByRole('group', { name: '1. Margherita Pizza' }).count()).toBe(0);

      // The kitchen board has it, with its options and note.
      await page.goto('/kitchen');
      const card = page.getByRole('article', { name: `Order ${ticket.number}` });
      await card.waitFor();
      await card.getByText('Margherita Pizza · Large (14"), Olives').waitFor();
      await card.getByText('“No basil”').waitFor();
      await card.getByText(/Rina Caller/).waitFor();
    },
  );

  it(
    'an answer lost on the way is retried with the same key: the order is placed once',
    { timeout: 60_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await tokenOf(adminContext, ADMIN.email);
      await openAllDay(adminContext, adminToken);
      const { page, context } = await suite.open();
      const clerk = await signUpInContext(context, suite.server.baseUrl, newAccount('till'));
      await makeStaff(adminContext, adminToken, clerk.email);
      const before = await call<{ data: Ticket[] }>(adminContext, adminToken, 'GET', '/api/v1/kitchen/tickets');

      // The first send reaches the server, which places the order, but its answer never comes back.
      const keys: string[] = [];
      let lost = false;
      await page.route('**/api/v1/tickets', async (route) => {
        keys.push((JSON.parse(route.request().postData() ?? '{}') as { key: string }).key);
        if (lost) return route.continue();
        lost = true;
        await route.fetch();
        return route.abort('aborted');
      });
      await page.goto('/staff/order');
      await page.getByLabel('Customer’s name').fill('Counter Guest');
      await page.getByLabel('Search dishes').fill('tacos');
      await page.getByRole('button', { name: /^Add Beef Tacos/ }).click();
      await page.getByRole('button', { name: 'Send to kitchen' }).click();
      // Kept on the tablet (decision 044) and sent again by the outbox with the same key.
      await page.getByRole('heading', { name: OFFLINE_TEXT.orderQueued }).waitFor();
      await page.getByText(OFFLINE_TEXT.allSent).waitFor({ timeout: 15_000 });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      const after = await call<{ data: Ticket[] }>(adminContext, adminToken, 'GET', '/api/v1/kitchen/tickets');
      const added = after.data.filter((t) => !before.data.some((b) => b._id === t._id));
      expect(added.map((t) => t.customer.name)).toEqual(['Counter Guest']);
    },
  );

  it(
    'on a small screen: one column, nothing wider than the screen, a line with its options, no axe violation',
    { timeout: 60_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await tokenOf(adminContext, ADMIN.email);
      await openAllDay(adminContext, adminToken);
      const { page, context } = await suite.open({ viewport: { width: 375, height: 800 } });
      const clerk = await signUpInContext(context, suite.server.baseUrl, newAccount('runner'));
      await makeStaff(adminContext, adminToken, clerk.email);
      const tables = await call<{ data: { _id: string; active: boolean }[] }>(
        adminContext,
        adminToken,
        'GET',
        '/api/v1/tables',
      );
      const tableId = tables.data.find((table) => table.active)?._id as string;
      // Taken for a table (the Floor's "Add items" opens /staff/order?table=…): Table and that table are chosen.
      await page.goto(`/staff/order?table=${tableId}`);
      expect(await page.getByRole('radio', { name: 'Table' }).isChecked()).toBe(true);
      await page
        .getByRole('combobox', { name: 'Table' })
        .locator(`option[value="${tableId}"]`)
        .waitFor({ state: 'attached' });
      expect(await page.getByRole('combobox', { name: 'Table' }).inputValue()).toBe(tableId);
      await page.getByRole('radio', { name: 'Delivery' }).check();
      await page.getByLabel('Address').waitFor();
      await page.getByRole('radio', { name: 'Table' }).check();
      await page.getByRole('combobox', { name: 'Table' }).selectOption(tableId);
      await page.getByLabel('Customer’s name').fill('Table guest');
      await page.getByLabel('Search dishes').fill('tamales');
      await page.getByRole('button', { name: /^Add Pork Tamales/ }).click();
      // A required group without a default: sending names it beside the group and moves the focus there.
      await page.getByRole('button', { name: 'Send to kitchen' }).click();
      await page.getByRole('alert').filter({ hasText: 'Choose Salsa for Pork Tamales' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'radio');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Chosen, the table's order goes to the kitchen with its table.
      await page.getByRole('radio', { name: /Salsa verde/ }).check();
      const answer = page.waitForResponse(
        (res) => res.url().endsWith('/api/v1/tickets') && res.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Send to kitchen' }).click();
      const sent = await answer;
      expect(sent.status()).toBe(201);
      const ticket = ((await sent.json()) as { data: Ticket }).data;
      expect(ticket).toMatchObject({ source: 'staff', fulfilment: 'dine_in', customer: { name: 'Table guest' } });
      expect(ticket.tableId).toBe(tableId);
      expect(ticket.lines[0]?.options).toEqual([{ group: 'Salsa', name: 'Salsa verde', price: 0 }]);
      await page.getByRole('heading', { name: `Order ${ticket.number} sent to the kitchen` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    },
  );

  it('a guest is sent to sign in; the server refuses them too', async () => {
    const { context, page } = await suite.open();
    const guest = await signUpInContext(context, suite.server.baseUrl, newAccount('nosy'));
    await page.goto('/staff/order');
    await page.waitForURL((url) => url.pathname !== '/staff/order');
    expect(await page.getByRole('button', { name: 'Send to kitchen' }).count()).toBe(0);
    const token = await tokenOf(context, guest.email);
    const res = await context.request.fetch(`${suite.server.baseUrl}/api/v1/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: suite.server.baseUrl },
      data: {},
    });
    expect(res.status()).toBe(403);
  });
});
