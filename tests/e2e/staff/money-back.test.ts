import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { todayIn } from '../../../src/client/lib/clock.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * A cancel gives the money back, in a real browser (docs/reference/ordering.md "Money that agrees on every
 * screen"; issue 44 points 2 and 4): the kitchen's cancel dialog says what was paid in cash
 * before it is confirmed ("$12.00 was paid in cash: give it back"), and confirming it records
 * the money given back, so the drawer's count agrees; on the Floor, a bill that took more than
 * its total after a discount shows "Owed back" and gives it back, and is then paid.
 */
const ADMIN = { email: 'owner-money-back@example.com', password: 'owner-money-back-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);
const dollars = (amount: number) => formatMoney(amount, 'USD');

describe('money given back', () => {
  it(
    'the cancel dialog says the cash to give back and records it; the Floor gives back what a discount left owed',
    { timeout: 180_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', {
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        kitchen: {
          bucketMinutes: 15,
          unitsPerBucket: 100,
          prepMinutes: 20,
          extraDelayMinutes: 0,
          acceptingOrders: true,
          pausedUntil: null,
        },
        billing: {
          taxInclusive: false,
          rates: { dineIn: 10, takeaway: 5 },
          serviceChargePercent: 10,
          staffDiscountMaxPercent: 100,
        },
      });
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 900 } });
      const cook = await signUpInContext(context, suite.server.baseUrl, newAccount('cashier'));
      await makeStaff(adminContext, admin, cook.email);
      const staff = await tokenOf(context, cook.email);
      const dishes = suite.menu.filter((d) => (d.options ?? []).length === 0) as Product[];

      // A phone order for pick-up, paid in cash at the counter before it is cooked.
      const ticket = (
        await call<{ data: Ticket }>(context, staff, 'POST', '/api/v1/tickets', {
          fulfilment: 'pickup',
          when: 'asap',
          lines: [{ productId: (dishes[0] as Product)._id, quantity: 2 }],
          customer: { name: 'Counter guest' },
          key: `money-back-${Date.now()}`,
        })
      ).data;
      const bill = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${ticket.billId}`)).data;
      // The restaurant's day (its own time zone, not UTC's), read before the cash is taken.
      const timeZone = (await call<{ data: { timeZone: string } }>(context, staff, 'GET', '/api/v1/restaurant')).data
        .timeZone;
      const date = todayIn(timeZone);
      const before = (
        await call<{ data: { cashExpected: number } }>(adminContext, admin, 'GET', `/api/v1/reports/day?date=${date}`)
      ).data;
      await call(context, staff, 'POST', `/api/v1/bills/${bill._id}/payments`, {
        method: 'cash',
        amount: bill.total,
        key: `cash-${Date.now()}`,
      });

      await page.goto('/kitchen');
      const card = page.getByRole('article', { name: `Order ${ticket.number}` });
      await card.getByRole('button', { name: 'Cancel order', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel order ${ticket.number}` });
      // Said before it is confirmed.
      await dialog.getByText(`${dollars(bill.total)} was paid in cash: give it back`).waitFor();
      await dialog.getByLabel(/Reason/).fill('Kitchen out of bread');
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await card.waitFor({ state: 'detached' });
      // The card leaves with the cancel's live event; the dialog closes once the cash given back is recorded too.
      await dialog.waitFor({ state: 'hidden' });
      const cancelled = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${bill._id}`)).data;
      expect(cancelled).toMatchObject({ total: 0, owedBack: 0, refunded: bill.total });
      const after = (
        await call<{ data: { cashExpected: number } }>(adminContext, admin, 'GET', `/api/v1/reports/day?date=${date}`)
      ).data;
      // The cash taken and given back: the drawer expects nothing more than before the order.
      expect(Math.round(after.cashExpected * 100)).toBe(Math.round(before.cashExpected * 100));

      // A table paid in cash, then a discount: the Floor shows what is owed back and gives it back.
      const table = (
        await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Window 7',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      const round = (
        await call<{ data: Ticket }>(context, staff, 'POST', '/api/v1/tickets', {
          fulfilment: 'dine_in',
          when: 'asap',
          tableId: table._id,
          lines: [
            { productId: (dishes[1] as Product)._id, quantity: 2 },
            { productId: (dishes[2] as Product)._id, quantity: 1 },
          ],
          customer: { name: 'Window' },
          key: `money-back-round-${Date.now()}`,
        })
      ).data;
      const open = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${round.billId}`)).data;
      await call(context, staff, 'POST', `/api/v1/bills/${open._id}/payments`, {
        method: 'cash',
        amount: open.total - 0.01,
        key: `part-${Date.now()}`,
      });
      const discounted = (
        await call<{ data: Bill }>(context, staff, 'POST', `/api/v1/bills/${open._id}/discounts`, {
          amount: 5,
          reason: 'Long wait',
        })
      ).data;
      expect(discounted.owedBack).toBeGreaterThan(0);
      expect(discounted.due).toBe(0);

      await page.goto('/staff/tables');
      await page
        .getByRole('list', { name: 'Tables and their state' })
        .getByRole('button', { name: new RegExp(`^${table.name} `) })
        .click();
      const owed = `Owed back ${dollars(discounted.owedBack)}`;
      await page.getByText(owed).first().waitFor();
      await page.getByRole('button', { name: `Give back ${dollars(discounted.owedBack)}` }).click();
      await page.getByText(/given back\. Bill paid, receipt no\. \d+/).waitFor();
      const paid = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${open._id}`)).data;
      expect(paid).toMatchObject({ status: 'paid', due: 0, owedBack: 0 });
    },
  );
});
