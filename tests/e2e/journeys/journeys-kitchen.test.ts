import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { axeViolations } from '../../support/browser.ts';
import { type BrowserAccount, newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Issue 41, point 5 (the kitchen board), as a cook lives it: a dish sold out from "All day"
 * asks first, can be undone, and stays marked sold out with "Back on" after a reload; the
 * "soon" and "late" states keep the due time and the cash due readable (axe in each state);
 * the busy buttons show their total and a reset; "Complete" on a cash ticket asks whether the
 * money was taken.
 */

const ADMIN = { email: 'owner-kitchen-journey@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, placePickup } = suiteApi(suite);

const moderateOrWorse = (page: Page) => axeViolations(page, ['moderate', 'serious', 'critical']);

/** A guest's cash order for pick-up (see placePickup). */
const placeOrder = (context: BrowserContext, guest: BrowserAccount, dish: Product, quantity: number) =>
  placePickup(context, guest.email, dish, quantity);

describe('the kitchen board', () => {
  it(
    'sells a dish out with a question, an undo and "Back on" after a reload; shows the busy total; asks about the money on Complete',
    { timeout: 120_000 },
    async () => {
      const { context: adminApi } = await suite.open();
      await signInInContext(adminApi, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await tokenOf(adminApi, ADMIN.email);
      const dish = suite.menu[2] as Product;
      const { context: guestContext } = await suite.open();
      const guest = await signUpInContext(guestContext, suite.server.baseUrl, newAccount('kitchen-journey'));
      const ticket = await placeOrder(guestContext, guest, dish, 2);
      const availableNow = async () =>
        (await call<{ data: Product }>(adminApi, adminToken, 'GET', `/api/v1/allProductsData/${dish._id}`)).data
          .available;

      const { context, page } = await suite.open();
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await page.goto('/kitchen');
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      const card = page.getByRole('article', { name: `Order ${ticket.number}` });
      await card.waitFor();
      const allDay = page.getByRole('region', { name: 'All day' });
      const entry = allDay.getByRole('listitem').filter({ hasText: dish.name });

      try {
        // Sold out asks first; "Cancel" changes nothing.
        await entry.getByRole('button', { name: `Mark ${dish.name} sold out` }).click();
        const ask = page.getByRole('dialog', { name: `Mark ${dish.name} sold out?` });
        await ask.waitFor();
        expect(await moderateOrWorse(page)).toEqual([]);
        await ask.getByRole('button', { name: 'Cancel' }).click();
        await ask.waitFor({ state: 'hidden' });
        expect(await availableNow()).toBe(true);

        // Yes: marked there at once, with an undo that puts it back.
        await entry.getByRole('button', { name: `Mark ${dish.name} sold out` }).click();
        await ask.getByRole('button', { name: 'Yes, sold out' }).click();
        await page.getByText(`Sold out: ${dish.name}`, { exact: true }).waitFor();
        await entry.getByText('Sold out', { exact: true }).waitFor();
        await entry.getByRole('button', { name: `Back on ${dish.name}` }).waitFor();
        expect(await availableNow()).toBe(false);
        expect(await moderateOrWorse(page)).toEqual([]);
        await page.getByRole('button', { name: `Undo sold out: ${dish.name}` }).click();
        await page.getByText(`Back on: ${dish.name}`, { exact: true }).waitFor();
        await entry.getByRole('button', { name: `Mark ${dish.name} sold out` }).waitFor();
        expect(await availableNow()).toBe(true);

        // Sold out again, then a reload: still marked, and "Back on" puts it back.
        await entry.getByRole('button', { name: `Mark ${dish.name} sold out` }).click();
        await ask.getByRole('button', { name: 'Yes, sold out' }).click();
        await page.getByText(`Sold out: ${dish.name}`, { exact: true }).waitFor();
        await page.reload();
        await entry.getByText('Sold out', { exact: true }).waitFor();
        await entry.getByRole('button', { name: `Back on ${dish.name}` }).click();
        await page.getByText(`Back on: ${dish.name}`, { exact: true }).waitFor();
        await entry.getByRole('button', { name: `Mark ${dish.name} sold out` }).waitFor();
        expect(await availableNow()).toBe(true);
      } finally {
        await call(adminApi, adminToken, 'PATCH', `/api/v1/allProductsData/${dish._id}`, { available: true });
      }

      // The busy buttons: +10, +10, +20 shows 40, and a reset to 0.
      const busy = page.getByRole('region', { name: 'Busy controls' });
      const total = (minutes: number) => busy.getByText(`Extra time on every promise: ${minutes} min`);
      await total(0).waitFor();
      await busy.getByRole('button', { name: '+10 min' }).click();
      await total(10).waitFor();
      await busy.getByRole('button', { name: '+10 min' }).click();
      await total(20).waitFor();
      await busy.getByRole('button', { name: '+20 min' }).click();
      await total(40).waitFor();
      // The buttons come back once the settings are read again (the colours are judged as they settle).
      await expect.poll(() => busy.getByRole('button', { name: 'Reset to 0 min' }).isEnabled()).toBe(true);
      expect(await moderateOrWorse(page)).toEqual([]);
      await busy.getByRole('button', { name: 'Reset to 0 min' }).click();
      await total(0).waitFor();

      // Complete on a cash ticket asks whether the money was taken; "Cancel" leaves it ready.
      await card.getByRole('button', { name: 'Start', exact: true }).click();
      await card.getByRole('button', { name: 'Ready', exact: true }).click();
      await card.getByRole('button', { name: 'Complete', exact: true }).click();
      const money = page.getByRole('dialog', { name: `Was the money for ${ticket.number} taken?` });
      await money.waitFor();
      expect(await moderateOrWorse(page)).toEqual([]);
      await money.getByRole('button', { name: 'Cancel' }).click();
      await money.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: 'Complete', exact: true }).waitFor();
      expect(
        (
          await call<{ data: Ticket[] }>(
            guestContext,
            await tokenOf(guestContext, guest.email),
            'GET',
            '/api/v1/tickets/mine',
          )
        ).data.find((t) => t._id === ticket._id)?.status,
      ).toBe('ready');
      await card.getByRole('button', { name: 'Complete', exact: true }).click();
      await money.getByRole('button', { name: 'Yes, money taken' }).click();
      await card.getByRole('button', { name: 'Recall', exact: true }).waitFor();
    },
  );

  it(
    'keeps the due time and the cash due readable when an order is due soon and when it is late (axe in each state)',
    { timeout: 90_000 },
    async () => {
      const { context: guestContext } = await suite.open();
      const guest = await signUpInContext(guestContext, suite.server.baseUrl, newAccount('kitchen-states'));
      const ticket = await placeOrder(guestContext, guest, suite.menu[1] as Product, 1);
      const due = Date.parse(ticket.readyAt);

      for (const [state, at, text] of [
        ['on time', due - 20 * 60_000, /^Due \d{2}:\d{2}/],
        ['soon', due - 2 * 60_000, 'Due soon'],
        ['late', due + 3 * 60_000, 'Late · was due'],
      ] as const) {
        const { context, page } = await suite.open();
        await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
        // The board's clock at that moment (timers still run, so its timers re-render).
        await page.clock.setFixedTime(at);
        await page.goto('/kitchen');
        const card = page.getByRole('article', { name: `Order ${ticket.number}` });
        await card.waitFor();
        await (typeof text === 'string' ? card.getByText(text, { exact: true }) : card.getByText(text)).waitFor();
        if (state === 'on time') expect(await card.getByText('Due soon').count()).toBe(0);
        await card.getByText(/^Cash due /).waitFor();
        expect(await moderateOrWorse(page), state).toEqual([]);
        await context.close();
      }
    },
  );
});
