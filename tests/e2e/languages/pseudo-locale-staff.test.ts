import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { pseudoText as p } from '../../../src/shared/i18n/i18n.ts';
import { signInInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { outsideCatalogs, visibleTexts } from '../../support/pseudo-texts.ts';
import { allDayKitchen } from '../../support/records.ts';

/**
 * The pseudo-locale run on the staff's service screens (issue 51; decision 045): the kitchen
 * board, the Floor with a table's bill (its split and payment forms open), New order (a line and
 * a delivery's address), the host's day book, the printers page and the tables with their QR
 * codes, signed in as the owner. Every visible text, and every name given to a control
 * (aria-label, a closed list's options, a title), must come from the catalogs; what the owner
 * or a guest wrote (dishes, tables, names, the printer's name, the zone) is data.
 */
const ADMIN = { email: 'owner-pseudo-staff@example.com', password: 'owner-pseudo-staff-2027' };
const suite = useE2eSuite({ env: { I18N_PSEUDO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);

/** The names the page gives its controls, which a screen reader says: aria-labels, titles, options, placeholders. */
async function controlNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const names: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('main [aria-label], main [title], main option')) {
      if (element.closest('[hidden]')) continue;
      const name =
        element.tagName === 'OPTION'
          ? element.textContent
          : (element.getAttribute('aria-label') ?? element.getAttribute('title'));
      if (name?.trim()) names.push(name.trim());
    }
    return names;
  });
}

describe('the pseudo-locale run on the staff`s screens', () => {
  it(
    'shows no text outside the catalogs on the kitchen board, the Floor and its bill, New order, the day book, the printers and the tables',
    { timeout: 180_000 },
    async () => {
      const base = suite.server.baseUrl;
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      await signInInContext(context, base, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(context, ADMIN.email);
      await call(context, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));
      const table = (
        await call<{ data: { _id: string; name: string } }>(context, admin, 'POST', '/api/v1/tables', {
          name: 'Patio 3',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      await call(context, admin, 'POST', '/api/v1/tables', { name: 'Window 8', minCovers: 1, maxCovers: 6 });
      const dish = suite.menu.find((one) => one.available && (one.options ?? []).length === 0);
      const lines = [{ productId: dish?._id, quantity: 2, note: 'No onions' }];
      const round = (
        await call<{ data: Ticket }>(context, admin, 'POST', '/api/v1/tickets', {
          fulfilment: 'dine_in',
          when: 'asap',
          lines,
          customer: {},
          tableId: table._id,
          key: 'pseudo-staff-round-1',
        })
      ).data;
      await call(context, admin, 'POST', '/api/v1/tickets', {
        fulfilment: 'pickup',
        when: 'asap',
        lines,
        customer: { name: 'Rahim Uddin', phone: '+8801711000222' },
        key: 'pseudo-staff-pickup-1',
      });
      await call(context, admin, 'POST', '/api/v1/reservations', {
        source: 'walk_in',
        partySize: 2,
        name: 'Karim Walk',
        phone: '+8801711000333',
      });
      // Added after the orders: its jobs list is empty.
      await call(context, admin, 'POST', '/api/v1/printers', { name: 'Pass Printer', role: 'kitchen', paperWidth: 80 });

      const restaurant = (
        (await (await fetch(`${base}/api/v1/restaurant`)).json()) as {
          data: { name: string; timeZone: string; billing: { taxName: string } };
        }
      ).data;
      const outside = outsideCatalogs([
        ...suite.menu.flatMap((one) => [
          one.name,
          one.category,
          ...one.options.flatMap((group) => [group.name, ...group.values.map((value) => value.name)]),
        ]),
        restaurant.name,
        ...restaurant.name.split(' '),
        restaurant.timeZone,
        restaurant.billing.taxName,
        'Patio 3',
        'Window 8',
        'Rahim Uddin',
        'Karim Walk',
        'No onions',
        'Pass Printer',
        ADMIN.email,
        // The switch names each language in itself; the wallets are names.
        'English',
        'বাংলা',
        'bKash',
        'Nagad',
      ]);
      const found: string[] = [];
      // The dashboard's own pages are read in their <main>: its menu and header are the back office's.
      const read = async (where: string) => {
        // The staff screens keep the events stream open (never network-idle): their reads settle first.
        await page.waitForFunction(() => !document.querySelector('[role="status"] .loading, .loading-spinner'));
        await page.waitForTimeout(300);
        expect(await page.locator('html').getAttribute('data-pseudo'), where).toBe('1');
        for (const text of [
          ...(await visibleTexts(page, where.startsWith('/dashboard') ? 'main' : 'body')),
          ...(await controlNames(page)),
        ]) {
          const left = outside(text);
          if (left) found.push(`${where}: ${left}`);
        }
      };

      await page.goto('/kitchen');
      await page.getByRole('article', { name: p('Order {{number}}', { number: round.number }) }).waitFor();
      await read('/kitchen');

      await page.goto('/staff/tables');
      const tables = page.getByRole('list', { name: p('Tables and their state') });
      await tables.getByRole('button', { name: /^Patio 3 / }).click();
      await page.getByRole('table', { name: p('Round {{n}}', { n: 1 }) }).waitFor();
      await read('/staff/tables, the bill');
      await page.getByRole('button', { name: p('Discount') }).click();
      await read('/staff/tables, the discount');
      await page.getByRole('button', { name: p('Split') }).click();
      await page.getByRole('button', { name: p('Split the due') }).click();
      await page.getByRole('button', { name: p('Pay share {{n}}', { n: 1 }) }).waitFor();
      await read('/staff/tables, the split');
      await page.getByRole('button', { name: p('Pay share {{n}}', { n: 1 }) }).click();
      await page.locator('#bill-pay').waitFor();
      await read('/staff/tables, the payment');

      await page.goto('/staff/order');
      await page
        .getByRole('list', { name: p('Dishes to add') })
        .getByRole('button', { name: new RegExp(dish?.name ?? '') })
        .click();
      await page.getByLabel(p('Quantity')).waitFor();
      await page.getByRole('radio', { name: p('Delivery') }).check();
      await page.getByLabel(p('Area')).waitFor();
      await read('/staff/order');

      await page.goto('/dashboard/book');
      await page.getByRole('listitem', { name: /Karim Walk/ }).waitFor();
      await read('/dashboard/book');

      await page.goto('/dashboard/printers');
      await page.getByRole('button', { name: `${p('Jobs')} ${p('of {{name}}', { name: 'Pass Printer' })}` }).click();
      await page.getByText(p('No jobs yet.')).waitFor();
      await page.getByRole('button', { name: `${p('Edit')} Pass Printer` }).click();
      await page.getByRole('form', { name: p('Edit {{name}}', { name: 'Pass Printer' }) }).waitFor();
      await read('/dashboard/printers');

      await page.goto('/dashboard/tables');
      await page.getByText(p('Combinations')).waitFor();
      await read('/dashboard/tables');
      await page.goto('/dashboard/tables/qr-codes');
      await page.getByRole('img', { name: p('QR code for table {{name}}', { name: 'Patio 3' }) }).waitFor();
      await read('/dashboard/tables/qr-codes');

      expect([...new Set(found)]).toEqual([]);
    },
  );
});
