import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { localDigits } from '../../../src/shared/i18n/format.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { allDayKitchen } from '../../support/records.ts';
import { pattern, text } from '../../support/bangla-texts.ts';

/**
 * The staff's number fields in Bangla (issue 51, decision 051): the tables' seats, New order's
 * quantity, the bill's split and the day book's party size write their numbers in Bengali digits,
 * take them typed in Bengali digits (the arrows still count), and send the numbers they are.
 */
const ADMIN = { email: 'owner-bangla-numbers@example.com', password: 'owner-bangla-numbers-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);

const bangla = (value: string | number) => localDigits(String(value), 'bn');

describe("the staff's number fields in Bangla", () => {
  it(
    'the tables` seats and the day book`s party size: Bengali digits shown, typed and sent as numbers',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(context, ADMIN.email);
      await call(context, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));

      // A new table's seats: "২" and "৪" shown, "৩" and "৬" typed, 3 and 6 saved.
      await page.goto('/dashboard/tables?lang=bn');
      const add = page
        .locator('form')
        .filter({ has: page.getByRole('button', { name: text('floor.addTable'), exact: true }) });
      const fewest = add.getByLabel(text('floor.fewestGuests'));
      const most = add.getByLabel(text('floor.mostGuests'));
      await expect.poll(() => fewest.inputValue()).toBe(bangla(2));
      expect(await most.inputValue()).toBe(bangla(4));
      expect([await fewest.getAttribute('type'), await fewest.getAttribute('inputmode')]).toEqual([null, 'numeric']);
      await add.getByLabel(text('floor.tableName')).fill('Bangla seats');
      await fewest.fill('৩');
      await most.fill('৬');
      await add.getByRole('button', { name: text('floor.addTable'), exact: true }).click();
      const tables = async () =>
        (
          await call<{ data: { name: string; minCovers: number; maxCovers: number }[] }>(
            context,
            admin,
            'GET',
            '/api/v1/tables',
          )
        ).data;
      await expect
        .poll(async () => (await tables()).find((one) => one.name === 'Bangla seats'))
        .toMatchObject({ minCovers: 3, maxCovers: 6 });

      // A walk-in of "৪" guests (after "২" shown): seated as a party of 4.
      await page.goto('/dashboard/book?lang=bn');
      const form = page.getByRole('region', { name: text('dayBook.addBooking') });
      await form.getByRole('radio', { name: text('dayBook.walkInNow') }).check();
      const guests = form.getByLabel(text('dayBook.guestsLabel'), { exact: true });
      await expect.poll(() => guests.inputValue()).toBe(bangla(2));
      await guests.fill('৪');
      await form.getByLabel(text('dayBook.guestName'), { exact: true }).fill('Bangla walk-in');
      await form.getByRole('button', { name: text('dayBook.seatWalkIn') }).click();
      const today = new Date().toISOString().slice(0, 10);
      const booked = async () =>
        (await call<{ data: Reservation[] }>(context, admin, 'GET', `/api/v1/reservations?date=${today}`)).data;
      await expect.poll(async () => (await booked()).find((one) => one.name === 'Bangla walk-in')?.partySize).toBe(4);
    },
  );

  it(
    'New order`s quantity and the bill`s split: Bengali digits shown, typed and sent as numbers',
    { timeout: 180_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));
      const table = (
        await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Bangla 9',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      const waiter = await signUpInContext(context, suite.server.baseUrl, newAccount('waiter-bn-numbers'));
      await makeStaff(adminContext, admin, waiter.email);
      const staff = await tokenOf(context, waiter.email);

      // A line's quantity: "১", one more with the up arrow ("২"), then "৩" typed; 3 sent.
      await page.goto(`/staff/order?table=${table._id}&lang=bn`);
      const dish = suite.menu.find((one) => one.available && (one.options ?? []).length === 0) as Product;
      const name = dish.translations?.bn.name || dish.name;
      await page.getByLabel(text('staffOrder.searchDishes')).fill(name);
      await page
        .getByRole('list', { name: text('staffOrder.dishesToAdd') })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      const quantity = page.getByRole('group', { name: `১. ${name}` }).getByLabel(text('staffOrder.quantity'));
      await expect.poll(() => quantity.inputValue()).toBe(bangla(1));
      await quantity.press('ArrowUp');
      expect(await quantity.inputValue()).toBe(bangla(2));
      await quantity.fill('৩');
      const answer = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/tickets',
      );
      await page.getByRole('button', { name: text('staffOrder.send') }).click();
      const ticket = ((await (await answer).json()) as { data: Ticket }).data;
      await page.getByRole('heading', { name: pattern('staffOrder.sentToKitchen') }).waitFor();
      expect(ticket.lines.map((line) => line.quantity)).toEqual([3]);

      // The bill split "৩" ways (after "২" shown): the server's three shares.
      await page.goto('/staff/tables?lang=bn');
      await page
        .getByRole('list', { name: text('floor.tablesAndState') })
        .getByRole('button', { name: new RegExp(`^${table.name} `) })
        .filter({ hasText: text('floor.billOpen') })
        .click();
      await page.getByRole('button', { name: text('floor.split'), exact: true }).click();
      const ways = page.locator('#bill-split').getByLabel(text('bill.ways', { min: bangla(2), max: bangla(20) }));
      await expect.poll(() => ways.inputValue()).toBe(bangla(2));
      await ways.fill('৩');
      // The split is kept on the bill (POST { ways }, issue 58 point 3): the number goes as a number.
      const asked = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/split'),
      );
      await page.getByRole('button', { name: text('bill.splitTheDue') }).click();
      expect((await asked).postDataJSON()).toMatchObject({ ways: 3 });
      // The kept split's three shares, on screen and on the server.
      const shares = page.locator('section[aria-labelledby="bill-shares"]').getByRole('listitem');
      await expect.poll(() => shares.count()).toBe(3);
      const split = (
        await call<{ data: { split?: { ways: number; shares: unknown[] } } }>(
          context,
          staff,
          'GET',
          `/api/v1/bills/${ticket.billId}`,
        )
      ).data.split;
      expect(split?.ways).toBe(3);
      expect(split?.shares).toHaveLength(3);
    },
  );
});
