import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { pseudoText } from '../../../src/shared/i18n/i18n.ts';
import { outsideCatalogs, ownerData, textsOutsideCatalogs } from '../../support/pseudo-texts.ts';
import { escapeRegExp } from '../../support/bangla-texts.ts';

/**
 * The pseudo-locale run of the back office and the guest's own screens (issue 51, decision 045):
 * signed in as the administrator, the dashboard with today's figures, the day report, All Users
 * and a user's lists, the settings and the menu editor; signed in as a guest with an order, a
 * favourite, a report and a booking, the overview and the own lists, My Orders, My Reservations
 * and the bill. Every text on them comes from the catalogs, but the owner's and people's data.
 */
const ADMIN = { email: 'owner-pseudo@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { I18N_PSEUDO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);

/** A local date in the restaurant's zone, days from today. */
function dateIn(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

describe('the pseudo-locale run of the back office', () => {
  it(
    'shows no text outside the catalogs on the administrator`s screens and the guest`s own lists',
    { timeout: 240_000 },
    async () => {
      const base = suite.server.baseUrl;
      const { context: adminContext, page } = await suite.open();
      await signInInContext(adminContext, base, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        kitchen: { acceptingOrders: true, pausedUntil: null },
      });
      const restaurant = (
        (await (await fetch(`${base}/api/v1/restaurant`)).json()) as {
          data: {
            name: string;
            address: string;
            phone: string;
            timeZone: string;
            billing: { taxName: string; categoryRates: Record<string, number> };
          };
        }
      ).data;

      // A guest with something in every list: an order placed and paid at the counter, a favourite, a report, a booking.
      const { context: guestContext, page: guestPage } = await suite.open();
      const guest = await signUpInContext(guestContext, base, newAccount('pseudo'));
      const guestToken = await tokenOf(guestContext, guest.email);
      const dish = suite.menu.find((one) => one.options.length === 0) as Product;
      const line = await call<{ data: { orderMainId: string } }>(
        guestContext,
        guestToken,
        'PATCH',
        `/api/v1/users/?email=${encodeURIComponent(guest.email)}`,
        { orderId: dish._id, orderQuantity: 2, userGmail: guest.email, status: 'Conform' },
      );
      const ticket = (
        await call<{ data: Ticket }>(guestContext, guestToken, 'POST', '/api/v1/checkout', {
          orderIds: [line.data.orderMainId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { Method: 'cash' },
        })
      ).data;
      await call(guestContext, guestToken, 'POST', '/api/v1/reservations', {
        date: dateIn(restaurant.timeZone, 2),
        time: '19:00',
        partySize: 2,
        name: guest.name,
        phone: '+880 1711-222333',
      }).catch(() => undefined);
      const due = (await call<{ data: { due: number } }>(adminContext, admin, 'GET', `/api/v1/bills/${ticket.billId}`))
        .data.due;
      await call(adminContext, admin, 'POST', `/api/v1/bills/${ticket.billId}/payments`, {
        method: 'cash',
        amount: due,
        key: 'pseudo-office-cash',
      });

      const data = ownerData(suite.menu, restaurant, [
        ADMIN.email,
        guest.email,
        guest.name,
        ticket.number,
        restaurant.billing.taxName,
        ...Object.keys(restaurant.billing.categoryRates),
        /* the bootstrapped administrator's name */ 'Administrator',
      ]);
      const adminPaths = [
        '/dashboard',
        '/dashboard/day-report',
        '/dashboard/allUsers',
        `/dashboard/AllOrders/${guest.email}`,
        `/dashboard/allFavorites/${guest.email}`,
        `/dashboard/allReports/${guest.email}`,
        '/dashboard/settings',
        '/dashboard/menu',
      ];
      const found = await textsOutsideCatalogs(page, adminPaths, data, async () => {
        // Each screen shows its content, not its spinner, when it is read.
        await page.locator('main h1, main h2').first().waitFor();
        await page.locator('main [role="status"] .loading').first().waitFor({ state: 'detached' });
        await page.waitForTimeout(300);
      });
      const guestPaths = [
        '/dashboard',
        '/dashboard/booking-orders',
        '/dashboard/favorite-orders',
        '/dashboard/reports-orders',
        '/dashboard/orders',
        '/dashboard/reservations',
        `/bills/${ticket.billId}`,
      ];
      found.push(
        ...(await textsOutsideCatalogs(guestPage, guestPaths, data, async () => {
          await guestPage.locator('main h1, main h2').first().waitFor();
          await guestPage.locator('main [role="status"] .loading').first().waitFor({ state: 'detached' });
          await guestPage.waitForTimeout(300);
        })),
      );
      expect(found).toEqual([]);
    },
  );

  it('says the settings` and the dish dialog`s own checks in the catalogs` words', { timeout: 120_000 }, async () => {
    const base = suite.server.baseUrl;
    const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
    await signInInContext(context, base, ADMIN.email, ADMIN.password);
    const restaurant = (
      (await (await fetch(`${base}/api/v1/restaurant`)).json()) as {
        data: { name: string; address: string; phone: string };
      }
    ).data;
    const outside = outsideCatalogs(ownerData(suite.menu, restaurant));
    /** The problems shown (beside their fields and the form's alert) that are not the catalogs'. */
    const shownOutside = async (within: string) =>
      (
        await page
          .locator(`${within} span.text-error, ${within} p.text-error, ${within} [role="alert"]`)
          .allInnerTexts()
      ).filter((shown) => shown.trim() !== '' && outside(shown) !== undefined);

    await page.goto('/dashboard/settings');
    await page
      .getByRole('group', { name: pseudoText('The restaurant') })
      .getByLabel(pseudoText('Name'), { exact: true })
      .fill(' ');
    await page.getByLabel(pseudoText('Slot length (minutes)')).fill('7');
    await page.getByLabel(pseudoText('Largest party online')).fill('500');
    await page.getByRole('button', { name: pseudoText('Save settings') }).click();
    await page.getByText(pseudoText('must divide 60'), { exact: true }).waitFor();
    await page.getByText(pseudoText('must be at most {{v0}}', { v0: '50' }), { exact: true }).waitFor();
    await page.getByText(pseudoText('is required'), { exact: true }).waitFor();
    expect(await shownOutside('main')).toEqual([]);

    const dish = suite.menu.find((one) =>
      one.options.some((group) => group.values.length >= 2 && group.max < 9),
    ) as Product;
    const g = dish.options.findIndex((group) => group.values.length >= 2 && group.max < 9);
    await page.goto('/dashboard/menu');
    await page.getByRole('button', { name: `${pseudoText('Edit')} ${dish.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: pseudoText('Edit {{name}}', { name: dish.name }) });
    const fieldset = dialog.getByRole('group', {
      name: new RegExp(
        `^${escapeRegExp(pseudoText('Group {{n}}: {{label}}', { n: String(g + 1), label: '' }).slice(0, -1))}`,
      ),
    });
    await fieldset
      .getByLabel(new RegExp(`^${escapeRegExp(pseudoText('Value price').slice(0, -1))}`))
      .nth(1)
      .fill('1.255');
    await fieldset.getByLabel(pseudoText('Max'), { exact: true }).fill('9');
    await dialog.getByRole('button', { name: pseudoText('Save changes') }).click();
    await fieldset
      .getByText(pseudoText('{{v0}} may carry at most two decimals', { v0: pseudoText('price') }), { exact: true })
      .waitFor();
    expect(await fieldset.locator('span.text-error').count()).toBe(2);
    expect(await shownOutside('[role="dialog"]')).toEqual([]);
  });
});
