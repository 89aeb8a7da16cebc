import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { axeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, shownDialog, useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Issue 58, the third walk, points 1 to 6 in a real browser, with 5 % tax added on top: a guest
 * on a phone pays a bag line with PAY (the dialog says what is charged, tax line included; the
 * line then says what was paid, and "Refunded" once given back) and places an order from the
 * bottom of the checkout (the confirmation brought into view and focused); a cook completes a
 * table's round without being asked about money, and finds completed tickets after the open
 * ones with their timers stopped; a waiter on a tablet splits a bill three ways and takes one
 * share, and another tablet shows the same split with that share paid; the owner is told what a
 * new currency does before saving it.
 */

const ADMIN = { email: 'owner-third-walk@example.com', password: 'owner-third-walk-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };
const usd = (amount: number) => formatMoney(amount, 'USD');
const moderateOrWorse = (page: Page) => axeViolations(page, ['moderate', 'serious', 'critical']);

/** The owner, signed in, with the restaurant open all day, every fulfilment offered and 5 % tax added on top. */
async function owner(): Promise<{ context: BrowserContext; token: string }> {
  const { context } = await suite.open();
  await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  const token = await tokenOf(context, ADMIN.email);
  const offset = Math.max(-12, Math.min(11, new Date().getUTCHours() - 12));
  await call(context, token, 'PATCH', '/api/v1/restaurant', {
    timeZone: offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '+' : '-'}${Math.abs(offset)}`,
    closedDates: [],
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
    kitchen: {
      bucketMinutes: 15,
      unitsPerBucket: 1000,
      prepMinutes: 20,
      extraDelayMinutes: 0,
      acceptingOrders: true,
      pausedUntil: null,
    },
    unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
    billing: {
      taxInclusive: false,
      rates: { dineIn: 5, takeaway: 5 },
      categoryRates: { Drinks: null },
      serviceChargePercent: 0,
    },
  });
  return { context, token };
}

const dishes = () => suite.menu.filter((d) => (d.options ?? []).length === 0) as Product[];

async function tableRound(
  context: BrowserContext,
  token: string,
  tableId: string,
  dish: Product,
  quantity: number,
  key: string,
): Promise<Ticket> {
  return (
    await call<{ data: Ticket }>(context, token, 'POST', '/api/v1/tickets', {
      fulfilment: 'dine_in',
      when: 'asap',
      lines: [{ productId: dish._id, quantity }],
      customer: {},
      tableId,
      key,
    })
  ).data;
}

describe('the third walk (issue 58)', () => {
  it(
    "a guest on a phone: PAY says and charges the bill's amount, the line then says what was paid and Refunded; the placed order is brought into view and focused",
    { timeout: 180_000 },
    async () => {
      const admin = await owner();
      const { context, page } = await suite.open(PHONE);
      const guest = await signUpInContext(context, suite.server.baseUrl, newAccount('third-walk-guest'));
      const token = await tokenOf(context, guest.email);
      const [dish, other] = dishes() as [Product, Product];
      const line = (
        await call<{ data: { orderMainId: string; orderPrice: number } }>(
          context,
          token,
          'PATCH',
          `/api/v1/users/?email=${encodeURIComponent(guest.email)}`,
          { orderId: dish._id, orderQuantity: 1, userGmail: guest.email, status: 'Conform' },
        )
      ).data;
      const quote = (
        await call<{ data: { total: number; taxes: { name: string; rate: number; amount: number }[] } }>(
          context,
          token,
          'GET',
          `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.orderMainId}`,
        )
      ).data;
      expect(quote.total).toBeGreaterThan(line.orderPrice);

      // Point 1: the dialog says what will be charged, with its tax line.
      await page.goto('/dashboard/booking-orders');
      const row = page
        .getByRole('table', { name: 'Your booking orders' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: dish.name }) });
      await row.getByRole('button', { name: `PAY for ${dish.name}` }).click();
      const modal = page.getByRole('dialog', { name: TEXT.bankAccountNumber });
      await modal.getByRole('term').filter({ hasText: 'VAT 5 %' }).waitFor();
      await modal
        .getByRole('definition')
        .filter({ hasText: usd(quote.taxes[0]?.amount ?? -1) })
        .first()
        .waitFor();
      const submit = modal.getByRole('button', { name: `Pay ${usd(quote.total)}` });
      await submit.waitFor();
      expect(await moderateOrWorse(page)).toEqual([]);
      await modal.getByLabel('Account number', { exact: true }).fill('01711000000');
      await submit.click();
      await acceptSuccess(page, 'Your payment has been received');
      // The marker: what was paid, not the line's price before tax.
      await row.getByText(TEXT.paid, { exact: true }).waitFor();
      await row.getByText(usd(quote.total), { exact: true }).waitFor();
      const ticketId = (
        await call<{ data: { orders: { orderMainId: string; ticket?: { _id: string } }[] } }>(
          context,
          token,
          'GET',
          `/api/v1/users?email=${encodeURIComponent(guest.email)}`,
        )
      ).data.orders.find((o) => o.orderMainId === line.orderMainId)?.ticket?._id as string;
      const bill = (
        await call<{ data: Bill }>(
          admin.context,
          admin.token,
          'GET',
          `/api/v1/bills/${(await call<{ data: Ticket }>(context, token, 'GET', `/api/v1/tickets/${ticketId}`)).data.billId}`,
        )
      ).data;
      expect(bill.paid).toBe(quote.total);
      // Refunded by a cancel: the marker says so.
      await call(admin.context, admin.token, 'POST', `/api/v1/kitchen/tickets/${ticketId}/status`, {
        status: 'cancelled',
        reason: 'Out of dough',
      });
      await expect
        .poll(
          async () => {
            await page.reload();
            // The bag is fetched after the page starts: its row is waited for, not counted at once.
            return row
              .getByText('Refunded', { exact: true })
              .waitFor({ timeout: 3000 })
              .then(
                () => 1,
                () => 0,
              );
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      expect(await row.getByText(TEXT.paid, { exact: true }).count()).toBe(0);

      // Point 4: "Place order" pressed at the bottom of a phone's page: the confirmation is in view and focused.
      await call(context, token, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, {
        orderId: other._id,
        orderQuantity: 1,
        userGmail: guest.email,
        status: 'Conform',
      });
      await page.goto('/checkout?fulfilment=pickup');
      await page.getByRole('checkbox', { name: new RegExp(other.name) }).waitFor();
      await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
      await page.getByLabel('Account number').fill('01711000000');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('button', { name: 'Place order' }).click();
      const heading = page.getByRole('heading', { name: /Order A-\d{3} placed/ });
      await heading.waitFor();
      await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
      const box = await heading.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 10_000) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    },
  );

  it(
    "a cook: a table's round completes without a word about money, and completed tickets come after the open ones with their timers stopped",
    { timeout: 180_000 },
    async () => {
      const admin = await owner();
      const table = (
        await call<{ data: { _id: string; name: string } }>(admin.context, admin.token, 'POST', '/api/v1/tables', {
          name: 'Window 58',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      const [first, second, third] = dishes() as [Product, Product, Product];
      const round = await tableRound(admin.context, admin.token, table._id, first, 2, 'third-walk-round-1');
      const open = await Promise.all(
        [second, third, first, second].map((dish, i) =>
          tableRound(admin.context, admin.token, table._id, dish, 1, `third-walk-round-${i + 2}`),
        ),
      );

      const { context, page } = await suite.open(TABLET);
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await page.goto('/kitchen');
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      const card = page.getByRole('article', { name: `Order ${round.number}` });
      await card.waitFor();
      // Point 2: no "Cash due" on a table's round, and "Complete" asks nothing.
      expect(await card.getByText(/Cash due/).count()).toBe(0);
      await card.getByRole('button', { name: 'Start', exact: true }).click();
      await card.getByRole('button', { name: 'Ready', exact: true }).click();
      await card.getByRole('button', { name: 'Complete', exact: true }).click();
      await card.getByRole('button', { name: 'Recall', exact: true }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      const bill = (await call<{ data: Bill }>(admin.context, admin.token, 'GET', `/api/v1/bills/${round.billId}`))
        .data;
      expect(bill.paid).toBe(0);
      expect(bill.status).toBe('open');

      // Point 5: the completed ticket is under "Completed", after every open one; its timer stands still.
      const done = page.getByRole('region', { name: 'Completed (1)' });
      await done.getByRole('article', { name: `Order ${round.number}` }).waitFor();
      const order = await page
        .getByRole('article')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
      expect(order.at(-1)).toBe(`Order ${round.number}`);
      for (const ticket of open)
        expect(order.indexOf(`Order ${ticket.number}`)).toBeLessThan(order.indexOf(`Order ${round.number}`));
      const took = card.getByText(/^Took \d+:\d{2}$/);
      const before = await took.innerText();
      await page.waitForTimeout(2_100);
      expect(await took.innerText()).toBe(before);
      expect(await moderateOrWorse(page)).toEqual([]);
    },
  );

  it(
    'a waiter on a tablet: a split is kept until its shares are paid, on every tablet; share 1 paid leaves the others as they were',
    { timeout: 180_000 },
    async () => {
      const admin = await owner();
      const table = (
        await call<{ data: { _id: string; name: string } }>(admin.context, admin.token, 'POST', '/api/v1/tables', {
          name: 'Terrace 58',
          minCovers: 1,
          maxCovers: 6,
        })
      ).data;
      const [first, second] = dishes() as [Product, Product];
      const round = await tableRound(admin.context, admin.token, table._id, first, 3, 'third-walk-split-1');
      await tableRound(admin.context, admin.token, table._id, second, 2, 'third-walk-split-2');
      const bill = (await call<{ data: Bill }>(admin.context, admin.token, 'GET', `/api/v1/bills/${round.billId}`))
        .data;

      const tablet = async () => {
        const opened = await suite.open(TABLET);
        const waiter = await signUpInContext(opened.context, suite.server.baseUrl, newAccount('third-walk-waiter'));
        await makeStaff(admin.context, admin.token, waiter.email);
        await opened.page.goto('/staff/tables');
        await opened.page
          .getByRole('list', { name: 'Tables and their state' })
          .getByRole('button', { name: new RegExp(`^${table.name} `) })
          .click();
        const panel = opened.page.getByRole('region', { name: `${table.name} · Bill ${bill.number}` });
        await panel.waitFor();
        return { ...opened, panel };
      };
      const one = await tablet();
      await one.panel.getByRole('button', { name: 'Split', exact: true }).click();
      await one.panel.getByLabel('Ways (2–20)').fill('3');
      await one.panel.getByRole('button', { name: 'Split the due' }).click();
      const kept = one.panel.getByRole('list', { name: `Shares of ${usd(bill.due)}` });
      await kept.waitFor();
      const split = (await call<{ data: Bill }>(admin.context, admin.token, 'GET', `/api/v1/bills/${bill._id}`)).data
        .split;
      const [s1, s2, s3] = (split?.shares ?? []).map((s) => s.amount) as [number, number, number];
      expect(Math.round((s1 + s2 + s3) * 100)).toBe(Math.round(bill.due * 100));
      expect(await moderateOrWorse(one.page)).toEqual([]);

      // Share 1 in cash.
      await one.panel.getByRole('button', { name: 'Pay share 1' }).click();
      expect(await one.panel.getByLabel('Amount of share 1').inputValue()).toBe(s1.toFixed(2));
      await one.panel.getByRole('button', { name: 'Take payment' }).last().click();
      await one.panel
        .getByRole('status')
        .filter({ hasText: `Payment taken: ${usd(s1)} Cash` })
        .waitFor();
      const rest = one.panel.getByRole('list', { name: `Shares of ${usd(s2 + s3)}` });
      await rest.waitFor();
      expect(await rest.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringMatching(new RegExp(`Share 1: \\${usd(s1)}\\s*Paid`)),
        expect.stringContaining(`Share 2: ${usd(s2)}`),
        expect.stringContaining(`Share 3: ${usd(s3)}`),
      ]);
      expect(await rest.getByRole('button', { name: 'Pay share 1' }).count()).toBe(0);

      // Another tablet on the same bill: the same shares, share 1 paid.
      const two = await tablet();
      const same = two.panel.getByRole('list', { name: `Shares of ${usd(s2 + s3)}` });
      await same.waitFor();
      expect(await same.getByRole('listitem').allInnerTexts()).toEqual(
        await rest.getByRole('listitem').allInnerTexts(),
      );
      await two.panel.getByRole('button', { name: 'Pay share 2' }).waitFor();
    },
  );

  it('the owner is told what a new currency does before it is saved', { timeout: 120_000 }, async () => {
    await owner();
    const { context, page } = await suite.open();
    await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/settings');
    const currency = page.getByLabel('Currency (three letters)');
    await currency.waitFor();
    await currency.fill('BDT');
    const note = page.getByText(/Saving changes the currency from USD to BDT/);
    await note.waitFor();
    expect(await currency.getAttribute('aria-describedby')).toContain('currency-change');
    await page.getByRole('button', { name: /Save/ }).first().click();
    const ask = await shownDialog(page, 'Change the currency to BDT?');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    const token = await tokenOf(context, ADMIN.email);
    expect(
      (await call<{ data: { currency: string } }>(context, token, 'GET', '/api/v1/restaurant')).data.currency,
    ).toBe('USD');
  });
});
