import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * A kitchen tap costs one request (issue 59, point 3; decision 063): on the board that taps,
 * "Start", "Ready", "Complete" and "Recall" send their one POST and take the card from its
 * answer; on another board the live event moves the card and "All day" without a request; a new
 * order is read as its one card. Counted with the pages' own requests to the API (NOT_A_TAPS aside).
 */

const ADMIN = { email: 'owner-one-request@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, makeStaff, placePickup } = suiteApi(suite);

/** What a page reads whatever is tapped: the live stream, and the printers' states (the header's, every 10 s). */
const NOT_A_TAPS = new Set(['/api/v1/events', '/api/v1/printers/states']);

/** The API requests a page makes from now on ("POST /api/v1/…"), those of NOT_A_TAPS aside. */
function apiRequests(page: Page): { seen: string[] } {
  const log = { seen: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !NOT_A_TAPS.has(url.pathname))
      log.seen.push(`${request.method()} ${url.pathname}`);
  });
  return log;
}

async function cookBoard(adminContext: BrowserContext, adminToken: string, name: string): Promise<Page> {
  const { context, page } = await suite.open();
  const cook = await signUpInContext(context, suite.server.baseUrl, newAccount(name));
  await makeStaff(adminContext, adminToken, cook.email);
  await page.goto('/kitchen');
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  await page.getByText('No orders right now.').waitFor();
  return page;
}

describe('a kitchen tap', () => {
  it(
    'costs one request on the board that taps and none on another board, which follows by its live event',
    { timeout: 120_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await tokenOf(adminContext, ADMIN.email);
      const tapping = await cookBoard(adminContext, adminToken, 'tapping-cook');
      const watching = await cookBoard(adminContext, adminToken, 'watching-cook');
      const tapped = apiRequests(tapping);
      const watched = apiRequests(watching);

      // A guest's cash pick-up of two portions.
      const { context: guestContext } = await suite.open();
      const guest = await signUpInContext(guestContext, suite.server.baseUrl, newAccount('one-request-guest'));
      const dish = suite.menu[2] as Product;
      const ticket = await placePickup(guestContext, guest.email, dish, 2);

      const cards = [tapping, watching].map((page) => page.getByRole('article', { name: `Order ${ticket.number}` }));
      const allDays = [tapping, watching].map((page) => page.getByRole('region', { name: 'All day' }));
      const [card, watchedCard] = cards as [Locator, Locator];
      // The new order: each board reads that one card, not its pages.
      for (const [index, shown] of cards.entries()) {
        await shown.getByText(dish.name).waitFor({ timeout: 5000 });
        await (allDays[index] as Locator).getByText(dish.name).waitFor();
      }
      await settle(tapping);
      expect(tapped.seen).toEqual([`GET /api/v1/kitchen/tickets/${ticket._id}`]);
      expect(watched.seen).toEqual([`GET /api/v1/kitchen/tickets/${ticket._id}`]);

      const post = `POST /api/v1/kitchen/tickets/${ticket._id}/status`;
      /** One tap on the tapping board, then the state both boards must reach: exactly one request in all. */
      async function tap(button: string, reached: (shown: Locator, index: number) => Promise<void>, confirm?: string) {
        tapped.seen.length = 0;
        watched.seen.length = 0;
        await card.getByRole('button', { name: button, exact: true }).click();
        if (confirm) await tapping.getByRole('dialog').getByRole('button', { name: confirm }).click();
        for (const [index, shown] of cards.entries()) await reached(shown, index);
        await settle(tapping);
        expect(tapped.seen, button).toEqual([post]);
        expect(watched.seen, button).toEqual([]);
      }
      const nothingToCook = async (_shown: Locator, index: number) => {
        await (allDays[index] as Locator).getByText('Nothing to cook.').waitFor();
      };

      await tap('Start', async (shown) => {
        await shown.getByRole('button', { name: 'Ready', exact: true }).waitFor();
      });
      await tap('Ready', async (shown, index) => {
        await shown.getByRole('button', { name: 'Complete', exact: true }).waitFor();
        await nothingToCook(shown, index);
      });
      // Completing a cash pick-up takes its money: both boards drop "Cash due" and stop its timer.
      await tap(
        'Complete',
        async (shown, index) => {
          await (index === 0 ? tapping : watching)
            .getByRole('region', { name: /^Completed/ })
            .getByRole('article', { name: `Order ${ticket.number}` })
            .waitFor();
          await shown.getByText(/^Took /).waitFor();
          expect(await shown.getByText(/^Cash due/).count()).toBe(0);
        },
        'Yes, money taken',
      );
      await tap('Recall', async (shown) => {
        await shown.getByRole('button', { name: 'Complete', exact: true }).waitFor();
        expect(await shown.getByText(/^Took /).count()).toBe(0);
      });
      // Back to cooking: its two portions count in "All day" again, on both boards.
      await tap('Recall', async (shown, index) => {
        await shown.getByRole('button', { name: 'Ready', exact: true }).waitFor();
        await (allDays[index] as Locator)
          .getByRole('listitem')
          .filter({ hasText: dish.name })
          .getByText('2', { exact: true })
          .waitFor();
      });
      await watchedCard.getByRole('button', { name: 'Ready', exact: true }).waitFor();
    },
  );
});

/** Lets what a tap set off finish before counting: the device's own live event, which must read nothing, comes after the answer. */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(750);
}
