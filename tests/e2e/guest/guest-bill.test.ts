import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Payment } from '../../../src/shared/contract/payments.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { moderateAxeViolations } from '../../support/browser.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { PHONE, tableGuests } from '../../support/e2e-table-guest.ts';
import { type FakeStripe, startFakeStripe } from '../../support/fake-stripe.ts';

/**
 * A guest's own bill in a real browser (docs/reference/ordering.md "The bill" and "Payments"; issue 39): a
 * guest who ordered at a table from its QR code opens the table's bill from My Orders, reads its
 * figures (rounds, service charge, tax, total, due, all in the restaurant's currency), presses
 * "Pay online" with a tip (the answer to the first press is lost: the retry sends the same key
 * and one payment is made), pays on Stripe's hosted page (a local server answering as Stripe's
 * API does), comes back to "Payment received", and the bill shows paid with its receipt. Another
 * guest opening that bill's address is told there is no such bill (the server's 404). On a
 * phone, with no axe violation (moderate up).
 */
let stripe: FakeStripe;
const ADMIN = { email: 'owner-guest-bill@example.com', password: 'owner-guest-bill-2027' };
const suite = useE2eSuite(async () => {
  stripe = await startFakeStripe();
  return {
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.base,
    },
    stop: () => stripe.close(),
  };
});
const { admin, tableGuest, tokenOf, call } = tableGuests(suite, ADMIN);
/** The demo restaurant's dollars, as the pages write them. */
const usd = (amount: number) => formatMoney(amount, 'USD');
const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe('a guest’s bill', () => {
  it(
    'opened from My Orders: its figures, "Pay online" with a tip through Stripe, back to "Payment received", then paid with its receipt; another guest gets not-found',
    { timeout: 180_000 },
    async () => {
      const { context, page, token, ticket, billId, bill } = await tableGuest(6, 'bill-guest');
      expect(bill.serviceCharge).toBeGreaterThan(0);

      // My Orders → the ticket's "Bill".
      await page.goto('/dashboard/orders');
      const order = page.getByRole('listitem', { name: `Order ${ticket.number}` });
      await order.waitFor();
      await order.getByRole('link', { name: `Bill of order ${ticket.number}` }).click();
      await page.waitForURL(`${suite.server.baseUrl}/bills/${billId}`);

      // Its figures, the server's, in dollars; the heading has the focus.
      const heading = page.getByRole('heading', { level: 1, name: `Bill ${bill.number}` });
      await heading.waitFor();
      expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true);
      await page.getByText(`Open · Due ${usd(bill.due)}`).waitFor();
      const round = page.getByRole('table', { name: 'Round 1' });
      expect(await round.getByRole('row').count()).toBe(3);
      for (const line of bill.lines)
        await round
          .getByRole('row', { name: new RegExp(line.name) })
          .getByRole('cell', { name: usd(line.total) })
          .waitFor();
      const totals = page.getByRole('definition');
      const term = (name: string) => page.getByRole('term').filter({ hasText: name });
      await term('Service charge').waitFor();
      await totals
        .filter({ hasText: usd(bill.serviceCharge) })
        .first()
        .waitFor();
      for (const tax of bill.taxes) await term(`${tax.name} ${tax.rate} %`).waitFor();
      await totals
        .filter({ hasText: usd(bill.total) })
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: /Open the receipt/ }).count()).toBe(0);
      expect(await moderateAxeViolations(page)).toEqual([]);
      await fitsThePhone(page);

      // Pay online with the 10 % tip: one provider here (Stripe), so no choice to make.
      const payForm = page.getByRole('form', { name: 'Pay online' });
      await payForm.getByText('Pay with: Card (pay on Stripe’s page)').waitFor();
      const tip = Math.round(Math.round(bill.due * 100) * 0.1) / 100;
      await payForm.getByRole('radio', { name: `10 % (${usd(tip)})` }).check();
      expect(await moderateAxeViolations(page)).toEqual([]);
      // The answer to the first press is lost on the way back (the server made the payment): the
      // retry sends the same key, and the server answers that same payment.
      const sent: Request[] = [];
      let lost = 0;
      await page.route('**/api/v1/payments', async (route) => {
        sent.push(route.request());
        if (lost > 0) return route.continue();
        lost += 1;
        expect((await route.fetch()).status()).toBe(201);
        return route.abort('aborted');
      });
      await payForm.getByRole('button', { name: 'Pay online' }).click();
      await payForm.getByRole('alert').filter({ hasText: 'could not reach the server' }).waitFor();
      await payForm.getByRole('button', { name: 'Pay online' }).click();
      await page.waitForURL(`${stripe.base}/pay/**`);
      expect(sent).toHaveLength(2);
      const bodies = sent.map(
        (r) => r.postDataJSON() as { billId: string; provider: string; tip: number; key: string },
      );
      expect(bodies[0]).toMatchObject({ billId, provider: 'stripe', tip });
      expect(bodies[1]).toEqual(bodies[0]);
      // One payment at Stripe, of the due and the tip.
      expect(stripe.sessions.size).toBe(1);
      await page
        .getByRole('heading', { name: `Pay ${(Math.round((bill.due + tip) * 100) / 100).toFixed(2)} USD` })
        .waitFor();
      await page.getByRole('button', { name: 'Pay' }).click();

      // Back at the restaurant: what the server learnt from Stripe.
      await page.waitForURL(`${suite.server.baseUrl}/payments/**`);
      const paymentId = new URL(page.url()).pathname.split('/').at(-1) as string;
      await page.getByRole('heading', { name: TEXT.paymentReceived, level: 1 }).waitFor({ timeout: 20_000 });
      const payment = (await call<{ data: Payment }>(context, token, 'GET', `/api/v1/payments/${paymentId}`)).data;
      expect(payment).toMatchObject({ status: 'succeeded', counted: true, billId });
      expect(await moderateAxeViolations(page)).toEqual([]);
      await fitsThePhone(page);

      // The bill is paid, with its tip and its receipt.
      await page.getByRole('link', { name: 'See the bill' }).click();
      await page.waitForURL(`${suite.server.baseUrl}/bills/${billId}`);
      const paid = (await call<{ data: Bill }>(context, token, 'GET', `/api/v1/bills/${billId}`)).data;
      expect(paid).toMatchObject({ status: 'paid', due: 0, paid: bill.due, tips: tip });
      expect(paid.receiptNumber).toBeGreaterThanOrEqual(1);
      await page.getByText(`Paid · Receipt no. ${paid.receiptNumber}`).waitFor();
      await page
        .getByRole('listitem')
        .filter({ hasText: `Card ${usd(bill.due)}, tip ${usd(tip)}` })
        .waitFor();
      await term('Tips').waitFor();
      expect(await page.getByRole('form', { name: 'Pay online' }).count()).toBe(0);
      expect(await moderateAxeViolations(page)).toEqual([]);
      await fitsThePhone(page);
      const [receipt] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: /Open the receipt/ }).click(),
      ]);
      await receipt.getByText(`Receipt no. ${paid.receiptNumber}`).waitFor();
      await receipt.close();

      // My Orders says the order is paid.
      await page.goto('/dashboard/orders');
      await page
        .getByRole('listitem', { name: `Order ${ticket.number}` })
        .getByText(/· Paid$/)
        .waitFor();

      // Another guest: the same address is not found, and the server refuses reading and paying it (404).
      const other = await suite.open({ ...PHONE, allowConsoleErrors: [/status of 404/] });
      const stranger = await signUpInContext(other.context, suite.server.baseUrl, newAccount('bill-stranger'));
      await other.page.goto(`/bills/${billId}`);
      await other.page.getByRole('heading', { level: 1, name: 'Bill not found' }).waitFor();
      expect(await other.page.getByText(usd(bill.total)).count()).toBe(0);
      expect(await moderateAxeViolations(other.page)).toEqual([]);
      const strangerToken = await tokenOf(other.context, stranger.email);
      const headers = { authorization: `Bearer ${strangerToken}`, origin: suite.server.baseUrl };
      expect(
        (await other.context.request.get(`${suite.server.baseUrl}/api/v1/bills/${billId}`, { headers })).status(),
      ).toBe(404);
      expect(
        (
          await other.context.request.get(`${suite.server.baseUrl}/api/v1/bills/${billId}/receipt`, { headers })
        ).status(),
      ).toBe(404);
      expect(
        (await other.context.request.get(`${suite.server.baseUrl}/api/v1/payments/${paymentId}`, { headers })).status(),
      ).toBe(404);
      expect(
        (
          await other.context.request.post(`${suite.server.baseUrl}/api/v1/payments`, {
            headers,
            data: { billId, provider: 'stripe', key: 'stranger-key-1' },
          })
        ).status(),
      ).toBe(404);
    },
  );

  it(
    'a payment that arrives after the table paid in cash says it was not needed and is refunded in full, never "Payment received"',
    { timeout: 120_000 },
    async () => {
      const { page, billId, bill } = await tableGuest(8, 'bill-late');
      await page.goto(`/bills/${billId}`);
      const payForm = page.getByRole('form', { name: 'Pay online' });
      await payForm.getByRole('button', { name: 'Pay online' }).click();
      await page.waitForURL(`${stripe.base}/pay/**`);
      // Meanwhile the waiter takes the due in cash at the table.
      const staff = await admin();
      await call(staff.context, staff.token, 'POST', `/api/v1/bills/${billId}/payments`, {
        method: 'cash',
        amount: bill.due,
        key: `cash-${billId}-late`,
      });
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${suite.server.baseUrl}/payments/**`);
      await page.getByRole('heading', { level: 1, name: TEXT.paymentNotNeeded }).waitFor({ timeout: 20_000 });
      const told = page.getByRole('status').filter({
        hasText: 'the bill had already been paid, or had less due than this payment, so it was not counted on the bill',
      });
      await told
        .filter({
          hasText: new RegExp(`The full ${usd(bill.due).replace('$', '\\$')} (has been|is being) refunded to you`),
        })
        .waitFor();
      expect(await page.getByText(TEXT.paymentReceived).count()).toBe(0);
      expect(await moderateAxeViolations(page)).toEqual([]);
      await fitsThePhone(page);
      // The bill keeps the cash alone.
      await page.getByRole('link', { name: 'See the bill' }).click();
      await page.getByText(/^Paid · Receipt no\. \d+$/).waitFor();
      await page
        .getByRole('listitem')
        .filter({ hasText: `Cash ${usd(bill.due)}` })
        .waitFor();
      expect(await page.getByRole('listitem').filter({ hasText: 'Card' }).count()).toBe(0);
    },
  );
});
