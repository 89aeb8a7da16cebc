import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { pseudoText } from '../../../src/shared/i18n/i18n.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { outsideCatalogs, ownerData, visibleTexts } from '../../support/pseudo-texts.ts';
import { allDayKitchen } from '../../support/records.ts';

/**
 * The pseudo-locale run of the texts issue 58 (points 7 to 10) added or moved into the catalogs:
 * the confirm sheet's sentence and quantity, the search page's words, a phone's "My Orders" and
 * "My Reservations", the day report's counts kept, the Tables page's switch, the Printers page's
 * Copy, the change as the cash given is typed and the dish editor's "Ingredients in Bangla".
 * Every text on them comes from the catalogs, but the owner's and people's data.
 */
const ADMIN = { email: 'owner-pseudo-third@example.com', password: 'owner-pseudo-third-2027' };
const suite = useE2eSuite({ env: { I18N_PSEUDO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('the pseudo-locale run of the third walk`s texts', () => {
  it('shows no text outside the catalogs on the guest`s and the owner`s new texts', { timeout: 240_000 }, async () => {
    const base = suite.server.baseUrl;
    const restaurant = (
      (await (await fetch(`${base}/api/v1/restaurant`)).json()) as {
        data: { name: string; address: string; phone: string; billing: { taxName: string } };
      }
    ).data;
    const dish = suite.menu.find((one) => one.available && one.options.length === 0) as Product;
    const found: string[] = [];

    // The guest on a phone.
    const { context: guestContext, page: guest } = await suite.open(PHONE);
    const account = await signUpInContext(guestContext, base, newAccount('pseudo-third'));
    const read = async (where: string, within = 'body', more: string[] = []) => {
      const outside = outsideCatalogs(
        ownerData(suite.menu, restaurant, [account.email, account.name, 'Administrator', ...more]),
      );
      for (const text of await visibleTexts(guest, within)) if (outside(text)) found.push(`${where}: ${text}`);
    };
    await guest.goto(`/products/${dish._id}`);
    await guest.getByRole('heading', { level: 1, name: dish.name }).waitFor();
    await guest.getByRole('navigation', { name: pseudoText('Yours') }).waitFor();
    await read('the dish page');
    await guest.getByRole('button', { name: pseudoText('Add to Cart') }).click();
    const sheet = guest.getByRole('dialog', { name: pseudoText('Confirm your order') });
    await sheet.waitFor();
    await sheet
      .getByText(
        pseudoText('{{button}} puts it in your bag: you choose how and when, and pay, at checkout.', {
          button: pseudoText('Confirm Order'),
        }),
      )
      .waitFor();
    await read('the confirm sheet', '[role="dialog"]');
    await guest.keyboard.press('Escape');
    await guest.goto(`/home/search-page-items?q=${encodeURIComponent(dish.name)}`);
    await guest
      .getByRole('heading', { level: 1 })
      .filter({ hasText: pseudoText('Results for') })
      .waitFor();
    await read('the search page');
    await guest.goto('/home/search-page-items?q=qqqqzzzz');
    await guest.getByText(pseudoText('Try another dish, an ingredient or a category.')).waitFor();
    await read('the search page without results', 'body', ['qqqqzzzz']);

    // The owner: a count kept, a table, a printer's address, a cash payment being typed, the dish editor.
    const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
    await signInInContext(context, base, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(context, ADMIN.email);
    await call(context, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));
    const table = (
      await call<{ data: { _id: string; name: string } }>(context, admin, 'POST', '/api/v1/tables', {
        name: 'P7',
        minCovers: 1,
        maxCovers: 4,
      })
    ).data;
    const round = (
      await call<{ data: Ticket }>(context, admin, 'POST', '/api/v1/tickets', {
        fulfilment: 'dine_in',
        when: 'asap',
        lines: [{ productId: dish._id, quantity: 1 }],
        customer: { name: 'P7 guests' },
        tableId: table._id,
        key: 'pseudo-third-round',
      })
    ).data;
    const bill = (await call<{ data: Bill }>(context, admin, 'GET', `/api/v1/bills/${round.billId}`)).data;
    const readOwner = async (where: string, within = 'body', more: string[] = []) => {
      const outside = outsideCatalogs(
        ownerData(suite.menu, restaurant, [
          ADMIN.email,
          'Administrator',
          table.name,
          bill.number,
          'Pass',
          /* the owner's name of the tax */ restaurant.billing.taxName,
          ...more,
        ]),
      );
      for (const text of await visibleTexts(page, within)) if (outside(text)) found.push(`${where}: ${text}`);
    };

    await page.goto('/dashboard/day-report');
    await page.getByLabel(pseudoText('Cash counted')).fill('10');
    await page.getByRole('button', { name: pseudoText('Keep the count') }).click();
    await page.getByRole('region', { name: pseudoText('Counts kept') }).waitFor();
    await readOwner('the day report');

    await page.goto('/dashboard/tables');
    await page.getByRole('switch').first().waitFor();
    await page.getByText(pseudoText('Active')).first().waitFor();
    await readOwner('the tables');

    await page.goto('/dashboard/printers');
    const form = page.getByRole('form', { name: pseudoText('Add a printer') });
    await form.getByLabel(pseudoText('Printer name')).fill('Pass');
    await form.getByRole('button', { name: pseudoText('Add printer') }).click();
    const address = page.getByLabel(pseudoText('Printer address'));
    await address.waitFor();
    await page.getByRole('button', { name: pseudoText('Copy address') }).waitFor();
    await readOwner('the printers', 'body', [(await address.innerText()).trim()]);

    await page.goto(`/staff/tables?table=${table._id}&bill=${bill._id}`);
    const panel = page.getByRole('region', { name: new RegExp(bill.number) });
    await panel.waitFor();
    await panel
      .getByRole('button', { name: pseudoText('Take payment') })
      .first()
      .click();
    await panel.getByLabel(pseudoText('Tendered')).fill(String(Math.ceil(bill.due) + 5));
    await panel.locator('output').filter({ hasText: '⟦' }).waitFor();
    await readOwner('the cash payment', 'body', ['P7 guests']);
    await panel.getByLabel(pseudoText('Tendered')).fill('0.5');
    await panel.locator('output').filter({ hasText: '⟦' }).waitFor();
    await readOwner('the cash payment short', 'body', ['P7 guests']);

    await page.goto('/dashboard/menu');
    await page.getByRole('button', { name: `${pseudoText('Edit')} ${dish.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: pseudoText('Edit {{name}}', { name: dish.name }) });
    await dialog.getByLabel(pseudoText('Ingredients in Bangla (বাংলা), separated by commas')).waitFor();
    await readOwner('the dish editor', '[role="dialog"]', [
      ...(dish.translations?.bn.items ?? []),
      dish.translations?.bn.name ?? '',
      dish.translations?.bn.description ?? '',
    ]);

    expect(found).toEqual([]);
  });
});
