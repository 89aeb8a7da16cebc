import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { pseudoText as p } from '../../../src/shared/i18n/i18n.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { outsideCatalogs, ownerData, visibleTexts } from '../../support/pseudo-texts.ts';
import { allDayKitchen } from '../../support/records.ts';

/**
 * The pseudo-locale run over what issue 58 (points 1 to 6) added: the bag's PAY dialog with its
 * tax line and the paid and refunded markers, the kitchen's completed tickets, a kept split with a
 * share paid, and the settings' note on a new currency. Every visible text there comes from the
 * catalogs, so each has its Bangla (tests/unit/languages/catalogs.test.ts); the rest is the owner's data.
 */
const ADMIN = { email: 'owner-pseudo-third@example.com', password: 'owner-pseudo-third-2027' };
const suite = useE2eSuite({ env: { I18N_PSEUDO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the pseudo-locale run of the third walk (issue 58)', () => {
  it(
    'shows no text outside the catalogs in PAY, the markers, the completed tickets, a kept split and the currency note',
    { timeout: 240_000 },
    async () => {
      const base = suite.server.baseUrl;
      const { context: adminContext, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      await signInInContext(adminContext, base, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', {
        ...allDayKitchen(100),
        billing: {
          taxInclusive: false,
          rates: { dineIn: 5, takeaway: 5 },
          categoryRates: { Drinks: null },
          serviceChargePercent: 0,
        },
      });
      const restaurant = (
        (await (await fetch(`${base}/api/v1/restaurant`)).json()) as {
          data: { name: string; address: string; phone: string; billing: { taxName: string } };
        }
      ).data;
      const table = (
        await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Patio 58',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      const [dish, other] = suite.menu.filter((one) => one.available && one.options.length === 0) as [Product, Product];
      const outside = outsideCatalogs(ownerData(suite.menu, restaurant, [restaurant.billing.taxName, 'Patio 58']));
      const found: string[] = [];
      const read = async (on: Page, where: string, within: string) => {
        await on.locator(within).first().waitFor();
        expect(await on.locator('html').getAttribute('data-pseudo'), where).toBe('1');
        for (const text of await visibleTexts(on, within)) {
          const left = outside(text);
          if (left) found.push(`${where}: ${left}`);
        }
      };

      // The guest's bag: PAY's dialog, then the paid line, then the refunded one.
      const { context: guestContext, page: guestPage } = await suite.open();
      const guest = await signUpInContext(guestContext, base, newAccount('pseudo-third'));
      const guestToken = await tokenOf(guestContext, guest.email);
      const line = (
        await call<{ data: { orderMainId: string } }>(
          guestContext,
          guestToken,
          'PATCH',
          `/api/v1/users/?email=${encodeURIComponent(guest.email)}`,
          { orderId: dish._id, orderQuantity: 1, userGmail: guest.email, status: 'Conform' },
        )
      ).data;
      await guestPage.goto('/dashboard/booking-orders');
      await guestPage
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(p('PAY'))}`) })
        .first()
        .click();
      const dialog = guestPage.getByRole('dialog', { name: p('Bank Account Number') });
      await dialog
        .getByRole('term')
        .filter({ hasText: `${restaurant.billing.taxName} 5 %` })
        .waitFor();
      const pay = dialog.getByRole('button', {
        name: new RegExp(
          `^${escapeRegExp(p('Pay {{amount}}', { amount: 'AMOUNT' })).replace('AMOUNT', '\\$[\\d.]+')}$`,
        ),
      });
      await pay.waitFor();
      await read(guestPage, 'PAY', 'dialog[open]');
      await dialog.getByLabel(p('Account number'), { exact: true }).fill('01711000000');
      await pay.click();
      await guestPage.getByRole('button', { name: p('OK') }).click();
      await guestPage.getByText(p('PAID'), { exact: true }).waitFor();
      await read(guestPage, 'the paid line', 'main table');
      const ticketId = (
        await call<{ data: { orders: { orderMainId: string; ticket?: { _id: string } }[] } }>(
          guestContext,
          guestToken,
          'GET',
          `/api/v1/users?email=${encodeURIComponent(guest.email)}`,
        )
      ).data.orders.find((o) => o.orderMainId === line.orderMainId)?.ticket?._id as string;
      await call(adminContext, admin, 'POST', `/api/v1/kitchen/tickets/${ticketId}/status`, {
        status: 'cancelled',
        reason: 'Out of dough',
      });
      await expect
        .poll(
          async () => {
            await guestPage.reload();
            await guestPage.locator('main table').waitFor();
            return guestPage.getByText(p('Refunded'), { exact: true }).count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await read(guestPage, 'the refunded line', 'main table');

      // The kitchen: a table's round completed, under its own heading with its timer stopped.
      const round = (
        await call<{ data: Ticket }>(adminContext, admin, 'POST', '/api/v1/tickets', {
          fulfilment: 'dine_in',
          when: 'asap',
          lines: [{ productId: other._id, quantity: 2 }],
          customer: {},
          tableId: table._id,
          key: 'pseudo-third-round-1',
        })
      ).data;
      for (const status of ['preparing', 'ready', 'completed'])
        await call(adminContext, admin, 'POST', `/api/v1/kitchen/tickets/${round._id}/status`, { status });
      await page.goto('/kitchen');
      await page
        .getByRole('region', { name: p('Completed ({{n}})', { n: 1 }) })
        .getByRole('article', { name: p('Order {{number}}', { number: round.number }) })
        .waitFor();
      await read(page, '/kitchen, completed', 'section[aria-labelledby="done-title"]');

      // The Floor: the round's bill split three ways, share 1 paid.
      const kept = (
        await call<{ data: Bill }>(adminContext, admin, 'POST', `/api/v1/bills/${round.billId}/split`, { ways: 3 })
      ).data;
      await call(adminContext, admin, 'POST', `/api/v1/bills/${round.billId}/payments`, {
        method: 'cash',
        amount: kept.split?.shares[0]?.amount,
        share: 1,
        key: 'pseudo-third-share-1',
      });
      await page.goto('/staff/tables');
      await page
        .getByRole('list', { name: p('Tables and their state') })
        .getByRole('button', { name: /^Patio 58 / })
        .click();
      await page.getByRole('button', { name: p('Pay share {{n}}', { n: 2 }) }).waitFor();
      await page.locator('section[aria-labelledby="bill-shares"]').getByText(p('Paid'), { exact: true }).waitFor();
      await read(page, '/staff/tables, the kept split', 'section[aria-labelledby="bill-shares"]');
      await page.getByRole('button', { name: p('Pay share {{n}}', { n: 2 }) }).click();
      await page.locator('#bill-pay').waitFor();
      await read(page, '/staff/tables, a share paid', '#bill-pay');

      // The settings: what a new currency does, said before saving.
      await page.goto('/dashboard/settings');
      await page.getByLabel(p('Currency (three letters)')).fill('BDT');
      await read(page, '/dashboard/settings, the currency', '#currency-change');

      expect([...new Set(found)]).toEqual([]);
    },
  );
});
