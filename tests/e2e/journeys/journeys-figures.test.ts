import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TODAY_FIGURE_DEFINITIONS } from '../../../src/shared/contract/dashboard.ts';
import { axeViolations } from '../../support/browser.ts';
import { type BrowserAccount, newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Issue 41, point 8 ("Today's figures contradict each other"), as staff read the dashboard
 * after a day is built through the real API: the Orders figure counts every order placed today
 * (open, completed and cancelled add up to it, as do the chart's hours), Reservations adds up
 * from its split, and each figure says what it counts in a tooltip (the one definition the
 * server computes by). The figures on a clock that makes orders late: tests/api/kitchen/kitchen.test.ts.
 */

const ADMIN = { email: 'owner-figures-journey@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, placePickup } = suiteApi(suite);

const moderateOrWorse = (page: Page) => axeViolations(page, ['moderate', 'serious', 'critical']);

const placeOrder = (context: BrowserContext, guest: BrowserAccount, dish: Product) =>
  placePickup(context, guest.email, dish);

describe("today's figures", () => {
  it(
    'add up (orders by status and by hour, reservations by status) and say what each counts',
    { timeout: 120_000 },
    async () => {
      const { context: staffApi } = await suite.open();
      await signInInContext(staffApi, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const staffToken = await tokenOf(staffApi, ADMIN.email);
      const { context: guestContext } = await suite.open();
      const guest = await signUpInContext(guestContext, suite.server.baseUrl, newAccount('figures'));

      // A day: a walk-in seated now; three orders: one open, one completed (cash taken), one cancelled.
      await call(staffApi, staffToken, 'POST', '/api/v1/reservations', {
        source: 'walk_in',
        partySize: 3,
        name: 'Walk In',
        phone: '+880 1711-000777',
      });
      await placeOrder(guestContext, guest, suite.menu[0] as Product);
      const done = await placeOrder(guestContext, guest, suite.menu[1] as Product);
      const dropped = await placeOrder(guestContext, guest, suite.menu[2] as Product);
      for (const status of ['preparing', 'ready', 'completed'])
        await call(staffApi, staffToken, 'POST', `/api/v1/kitchen/tickets/${done._id}/status`, { status });
      await call(staffApi, staffToken, 'POST', `/api/v1/kitchen/tickets/${dropped._id}/status`, {
        status: 'cancelled',
        reason: 'Out of stock',
      });

      const { context, page } = await suite.open();
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await page.goto('/dashboard');
      const today = page.getByRole('region', { name: /^Today/ });
      await today.waitFor();
      const card = (label: string) =>
        today.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

      // Orders: 3, split 1 + 1 + 1, and the chart's hours hold the same 3.
      await card('Orders').getByText('3', { exact: true }).waitFor();
      await card('Orders').getByText('1 open · 1 completed · 1 cancelled').waitFor();
      const hours = page.getByRole('table', { name: 'Orders per hour today' });
      const perHour = (await hours.locator('tbody td').allTextContents()).map(Number);
      expect(perHour.reduce((a, b) => a + b, 0)).toBe(3);

      // Reservations and covers: the walk-in, seated, and the split adds up to the total.
      await card('Reservations').getByText('1', { exact: true }).waitFor();
      await card('Reservations').getByText('0 booked · 1 seated · 0 completed · 0 no-shows').waitFor();
      await card('Covers').getByText('3', { exact: true }).waitFor();
      await card('Covers').getByText('3 seated · 0 completed · not counted: 0 to come, 0 no-shows').waitFor();

      // Each figure says what it counts: a tooltip on its "?" (hover and keyboard focus), which is also the button's description.
      const figures: [string, string][] = [
        ['Reservations', TODAY_FIGURE_DEFINITIONS.reservations],
        ['Covers', TODAY_FIGURE_DEFINITIONS.covers],
        ['Orders', TODAY_FIGURE_DEFINITIONS.orders],
        ['Net sales', TODAY_FIGURE_DEFINITIONS.netSales],
        ['Minutes to ready', TODAY_FIGURE_DEFINITIONS.minutesToReady],
        ['On time', TODAY_FIGURE_DEFINITIONS.onTime],
      ];
      for (const [label, definition] of figures) {
        const help = today.getByRole('button', { name: `What ${label} counts` });
        expect(await help.locator('xpath=..').getAttribute('data-tip')).toBe(definition);
        const described = await help.evaluate(
          (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
        );
        expect(described).toBe(definition);
      }
      await today.getByRole('button', { name: 'What Orders counts' }).focus();
      expect(await moderateOrWorse(page)).toEqual([]);
    },
  );
});
