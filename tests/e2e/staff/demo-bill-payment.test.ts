import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Payment } from '../../../src/shared/contract/payments.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { moderateAxeViolations } from '../../support/browser.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { tableGuests } from '../../support/e2e-table-guest.ts';

/**
 * A table guest pays their share of the table's bill online with the demo provider, in a real
 * browser (issue 44 point 9; docs/reference/ordering.md "Money that agrees on every screen": "The demo provider
 * works on `POST /api/v1/payments` when no other provider is set up"). Neither Stripe nor bKash
 * is set up: the bill's "Pay online" offers the demo; the guest chooses "My share", types it and
 * presses "Pay online"; the payment is pending on /payments/{id}, where the spec's form (a
 * method, an account number: 15 digits is the spec's alert) confirms it; "Payment received";
 * the bill counts the share by the method chosen and still has the rest due. On a phone, with no
 * axe violation (moderate up).
 */
const ADMIN = { email: 'owner-demo-share@example.com', password: 'owner-demo-share-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tableGuest, call } = tableGuests(suite, ADMIN);
const usd = (amount: number) => formatMoney(amount, 'USD');

describe('a table share paid with the demo provider', () => {
  it(
    '"Pay online" → My share → the demo form on /payments/{id} → "Payment received"; the bill counts the share by its method, the rest still due',
    { timeout: 180_000 },
    async () => {
      const { context, page, token, billId, bill } = await tableGuest(5, 'demo-share');
      const dueMinor = Math.round(bill.due * 100);
      const share = Math.floor(dueMinor / 2) / 100;

      await page.goto(`/bills/${billId}`);
      const payForm = page.getByRole('form', { name: 'Pay online' });
      await payForm.getByText('Pay with: Demo payment (no money moves)').waitFor();
      await payForm.getByRole('radio', { name: 'My share' }).check();
      await payForm.getByRole('textbox', { name: 'Amount of my share' }).fill(share.toFixed(2));
      expect(await moderateAxeViolations(page)).toEqual([]);
      await payForm.getByRole('button', { name: 'Pay online' }).click();

      // The demo's page is the restaurant's own: the payment waits for the guest's confirmation.
      await page.waitForURL(`${suite.server.baseUrl}/payments/**`);
      const paymentId = new URL(page.url()).pathname.split('/').at(-1) as string;
      await page.getByRole('heading', { level: 1, name: TEXT.paymentWaiting }).waitFor();
      const pending = (await call<{ data: Payment }>(context, token, 'GET', `/api/v1/payments/${paymentId}`)).data;
      expect(pending).toMatchObject({ provider: 'demo', status: 'pending', amount: share, billId });
      const form = page.getByRole('form', { name: TEXT.bankAccountNumber });
      await form.waitFor();
      expect(await moderateAxeViolations(page)).toEqual([]);
      await form.getByRole('radio', { name: 'Nagad' }).check();
      const account = form.getByRole('textbox', { name: 'Account number' });
      await account.fill('123456789012345');
      await form.getByRole('button', { name: `Pay ${usd(share)} (demo)` }).click();
      await form.getByRole('alert').filter({ hasText: TEXT.accountNumberWrong }).waitFor();
      expect((await call<{ data: Payment }>(context, token, 'GET', `/api/v1/payments/${paymentId}`)).data.status).toBe(
        'pending',
      );
      await account.fill('01711000000');
      await form.getByRole('button', { name: `Pay ${usd(share)} (demo)` }).click();

      await page.getByRole('heading', { level: 1, name: TEXT.paymentReceived }).waitFor({ timeout: 20_000 });
      await page.getByText(usd(share), { exact: true }).waitFor();
      expect(await moderateAxeViolations(page)).toEqual([]);
      const payment = (await call<{ data: Payment }>(context, token, 'GET', `/api/v1/payments/${paymentId}`)).data;
      expect(payment).toMatchObject({ status: 'succeeded', counted: true, amount: share });

      // The bill counts the share, by the method chosen; the rest is still due.
      await page.getByRole('link', { name: 'See the bill' }).click();
      await page.waitForURL(`${suite.server.baseUrl}/bills/${billId}`);
      const after = (await call<{ data: Bill }>(context, token, 'GET', `/api/v1/bills/${billId}`)).data;
      expect(Math.round(after.due * 100)).toBe(dueMinor - Math.round(share * 100));
      expect(after.payments).toEqual([
        expect.objectContaining({ method: 'nagad', provider: 'demo', amount: share, status: 'succeeded' }),
      ]);
      await page.getByText(`Open · Due ${usd(after.due)}`).waitFor();
      await page.getByRole('form', { name: 'Pay online' }).waitFor();
    },
  );
});
