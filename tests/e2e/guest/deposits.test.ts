import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { type FakeStripe, startFakeStripe } from '../../support/fake-stripe.ts';

/**
 * Deposits for large parties in a real browser (issue 39 point 4, decision 032): the booking
 * form says what is due and why before "Reserve" for a party that pays one, and nothing for a
 * smaller party; "Reserve" sends the guest to the provider's page (a local server answering as
 * Stripe's API does), and the return page confirms the booking.
 */
const ADMIN = { email: 'owner-deposit@example.com', password: 'owner-password-2027' };
let stripe: FakeStripe;
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
const api = suiteApi(suite);

/** A local date in the demo restaurant's zone (Asia/Dhaka), days from today. */
function dhakaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const EXPLANATION =
  'A deposit of $60.00 ($10.00 a guest) holds tables for parties of 6 or more; refunded if you cancel up to 24 hours before.';

/** Whether the deposit's text comes before the Reserve button in the page (what a screen reader reads first). */
async function textBeforeReserve(page: Page): Promise<boolean> {
  return page.evaluate((text) => {
    const note = [...document.querySelectorAll('p')].find((p) => p.textContent?.includes(text));
    const reserve = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Reserve');
    return Boolean(
      note &&
      reserve &&
      note.compareDocumentPosition(reserve) & Node.DOCUMENT_POSITION_FOLLOWING &&
      reserve.getAttribute('aria-describedby') === note.id,
    );
  }, EXPLANATION);
}

describe('a deposit for a large party', () => {
  it(
    'is explained before Reserve for 6 guests and not for 2; Reserve goes to the provider and the return page confirms the booking',
    { timeout: 120_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await api.tokenOf(adminContext, ADMIN.email);
      await api.call(adminContext, adminToken, 'PATCH', '/api/v1/restaurant', {
        reservations: { deposit: { fromPartySize: 6, perCover: 10, refundableUntilMinutes: 24 * 60 } },
      });

      const { context, page } = await suite.open();
      await signUpInContext(context, suite.server.baseUrl, newAccount('deposit'));
      const date = dhakaDate(3);
      await page.goto(`/reservations/new?date=${date}&guests=2`);
      await page.getByRole('heading', { name: 'Book a table', level: 1 }).waitFor();
      await page.getByText(/free times? for 2 guests on this day/).waitFor();
      expect(await page.getByText(/A deposit of/).count()).toBe(0);

      await page.getByLabel('Guests').selectOption('6');
      await page.getByText(/free times? for 6 guests on this day/).waitFor();
      await page.getByText(EXPLANATION).waitFor();
      expect(await textBeforeReserve(page)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Back to 5: no deposit.
      await page.getByLabel('Guests').selectOption('5');
      await page.getByText(/free times? for 5 guests on this day/).waitFor();
      expect(await page.getByText(/A deposit of/).count()).toBe(0);

      await page.getByLabel('Guests').selectOption('6');
      await page.getByText(EXPLANATION).waitFor();
      const free = page.getByRole('group', { name: 'Time' }).getByRole('button', { disabled: false });
      await free.first().waitFor();
      await free.first().click();
      await page.getByLabel('Phone').fill('+880 1711-222333');
      await page.getByRole('button', { name: 'Reserve' }).click();
      await page.waitForURL(`${stripe.base}/pay/**`);
      await page.getByRole('heading', { name: /Pay 60\.00 USD/ }).waitFor();
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${suite.server.baseUrl}/payments/**`);
      await page.getByRole('heading', { name: TEXT.paymentReceived, level: 1 }).waitFor({ timeout: 20_000 });
      await page.getByText(/^Your table is booked: .* 6 guests\. The deposit counts towards your bill\.$/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'My Reservations' }).click();
      await page.waitForURL('**/dashboard/reservations');
      await page.getByText('Deposit of $60.00 paid: it counts on your bill.').waitFor();
    },
  );
});
