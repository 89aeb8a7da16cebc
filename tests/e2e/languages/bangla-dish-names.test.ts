import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { text } from '../../support/bangla-texts.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { allDayKitchen } from '../../support/records.ts';

/**
 * Dish names in Bangla on the screens that list an order's lines (decision 050): the kitchen
 * board open in Bangla shows "কাচ্চি বিরিয়ানি" on the card of a ticket a guest places while it
 * is open (the live event makes the board read its tickets again, in the page's language, with
 * no reload), and the guest's My Orders and bill pages in Bangla name it so; in English the
 * same ticket says "Kacchi Biryani".
 */
const ADMIN = { email: 'owner-bangla-dishes@example.com', password: 'owner-bangla-dishes-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);
const KACCHI_BN = 'কাচ্চি বিরিয়ানি';

describe('dish names in Bangla', () => {
  it(
    'the kitchen board in Bangla shows a ticket placed while it is open by its Bangla dish name, and so does the guest`s order page',
    { timeout: 180_000 },
    async () => {
      const kacchi = suite.menu.find((dish) => dish.name === 'Kacchi Biryani') as Product;
      expect(kacchi.translations?.bn.name).toBe(KACCHI_BN);
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));

      // The kitchen, in Bangla, live before the order exists.
      const { context: cookContext, page: board } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      const cook = await signUpInContext(cookContext, suite.server.baseUrl, newAccount('cook-bn'));
      await makeStaff(adminContext, admin, cook.email);
      await board.goto('/kitchen?lang=bn');
      expect(await board.locator('html').getAttribute('lang')).toBe('bn');
      await board.getByRole('heading', { level: 1, name: text('kitchen.title') }).waitFor();
      await board.getByText(text('kitchen.live'), { exact: true }).waitFor();

      // A guest orders Kacchi Biryani through the API (their own browser, in English).
      const { context: guestContext, page: guestPage } = await suite.open();
      const guest = await signUpInContext(guestContext, suite.server.baseUrl, newAccount('guest-kacchi'));
      const token = await tokenOf(guestContext, guest.email);
      const line = await call<{ data: { _id: string } }>(
        guestContext,
        token,
        'PATCH',
        `/api/v1/users?email=${encodeURIComponent(guest.email)}`,
        {
          orderId: kacchi._id,
          orderName: kacchi.name,
          orderImg: kacchi.img,
          orderPrice: String(kacchi.price * 2),
          orderQuantity: 2,
          orderCategory: kacchi.category,
          userGmail: guest.email,
          status: 'Conform',
        },
      );
      const placed = await call<{ data: Ticket }>(guestContext, token, 'POST', '/api/v1/checkout', {
        orderIds: [line.data._id],
        fulfilment: 'pickup',
        when: 'asap',
        pay: { Method: 'bkash', AccountNumber: '01711000000' },
      });
      const { number } = placed.data;
      expect(placed.data.lines[0]?.name).toBe('Kacchi Biryani');

      // Live on the open board, named in Bangla, without a reload (well before the 10 s refresh of a board that is not live).
      const card = board.getByRole('article', { name: text('kitchen.orderNumber', { number }) });
      await card.waitFor({ timeout: 8000 });
      await card.getByText(KACCHI_BN).waitFor();
      expect(await card.innerText()).not.toContain('Kacchi Biryani');
      await board.getByText(text('kitchen.live'), { exact: true }).waitFor();

      // The guest's My Orders in Bangla, then their bill; in English the same order is "Kacchi Biryani".
      await guestPage.goto('/dashboard/orders?lang=bn');
      const order = guestPage.getByRole('listitem', { name: text('orders.orderN', { number }) });
      await order.getByText(KACCHI_BN, { exact: false }).waitFor();
      await order.getByRole('link', { name: new RegExp(`^${text('orders.bill')}`) }).click();
      await guestPage.getByText(KACCHI_BN, { exact: false }).first().waitFor();
      await guestPage.goto('/dashboard/orders?lang=en');
      const inEnglish = guestPage.getByRole('listitem', { name: `Order ${number}` });
      await inEnglish.getByText('Kacchi Biryani', { exact: false }).waitFor();
      expect(await inEnglish.innerText()).not.toContain(KACCHI_BN);
    },
  );
});
