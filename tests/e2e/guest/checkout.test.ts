import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Checkout in a real browser (issue 13): from the banner's "Pick Up" through the checkout to the
 * placed order and its promise, a delivery with an address, and dine-in from a table's QR code.
 */

const ADMIN = { email: 'owner-checkout@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

async function bearerOf(context: BrowserContext, email: string): Promise<string> {
  const answer = (await (
    await context.request.get(`${suite.server.baseUrl}/api/v1/users/jwt?email=${encodeURIComponent(email)}`)
  ).json()) as { accessToken: string };
  return answer.accessToken;
}

/** Reads a QR code from a screenshot of the element, as a phone's camera would. */
async function scanQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

async function orderDish(page: Page, product: Product, quantity: number) {
  await page.goto(`/products/${product._id}`);
  for (let i = 1; i < quantity; i += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: TEXT.addToCart }).click();
  const modal = page.getByRole('dialog', { name: 'Confirm your order' });
  await modal.getByRole('button', { name: TEXT.confirmOrder }).click();
  await acceptSuccess(page, 'Added to your bag');
}

describe('checkout', () => {
  it(
    'goes from Pick Up on the banner to a placed order with its promise, paid by bKash',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await suite.open();
      const account = newAccount('checkout');
      await signUpInContext(context, suite.server.baseUrl, account);
      const dish = suite.menu[0] as Product;
      await orderDish(page, dish, 2);
      await page.goto('/');
      await page.getByRole('link', { name: TEXT.pickUp }).click();
      await page.waitForURL('**/checkout?fulfilment=pickup');
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      expect(await page.getByRole('radio', { name: 'Pick up' }).isChecked()).toBe(true);
      await page.getByRole('checkbox', { name: new RegExp(dish.name) }).waitFor();
      await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
      expect(await page.getByRole('definition').last().innerText()).toBe(`$${dish.price * 2}.00`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel('Account number').fill('01711000000');
      await page.getByRole('button', { name: 'Place order' }).click();
      const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
      await placed.waitFor();
      // The promise is on the restaurant's clock (Asia/Dhaka, 24-hour), not this browser's (UTC, en-US).
      const readyAt = await page.evaluate(async (email) => {
        const { accessToken } = (await (
          await fetch(`/api/v1/users/jwt?email=${encodeURIComponent(email)}`)
        ).json()) as { accessToken: string };
        const mine = (await (
          await fetch('/api/v1/tickets/mine', { headers: { authorization: `Bearer ${accessToken}` } })
        ).json()) as { data: { readyAt: string }[] };
        return mine.data[0]?.readyAt as string;
      }, account.email);
      const dhakaTime = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Dhaka',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(readyAt));
      expect(await placed.innerText()).toMatch(new RegExp(`Ready at ${dhakaTime}(?! ?[AP]M)`));
      expect(await placed.innerText()).toContain('Paid');
    },
  );

  it('delivers to an address, with the fee in the total, paid in cash on delivery', { timeout: 60_000 }, async () => {
    const { context, page } = await suite.open();
    await signUpInContext(context, suite.server.baseUrl, newAccount('delivery'));
    const dish = suite.menu.find((d) => d.price >= 15) ?? (suite.menu[0] as Product);
    await orderDish(page, dish, 1);
    await page.goto('/checkout?fulfilment=delivery');
    await page.getByLabel('Address').fill('7 Road 2');
    await page.getByLabel('Area').fill('Dhanmondi');
    await page.getByLabel('Phone').fill('+880 1711-444555');
    await page.getByLabel('Method').selectOption('cash');
    await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
    // A delivery's times say when it arrives, like its promise.
    for (const option of await page.getByLabel('Ready time').locator('option').allTextContents())
      expect(option).toContain('Arrives around');
    expect(await page.getByRole('definition').nth(1).innerText()).toBe('$3.00');
    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
    await placed.waitFor();
    expect(await placed.innerText()).toMatch(/Arrives around \d{2}:\d{2}/);
    expect(await placed.innerText()).toContain('Pay on delivery');

    // My Orders lists it with its number, lines and promise.
    const number = /Order (A-\d{3}) placed/.exec(await placed.innerText())?.[1] as string;
    await page.goto('/dashboard/orders');
    const entry = page.getByRole('listitem', { name: `Order ${number}` });
    await entry.getByText(`1 × ${dish.name}`).waitFor();
    await entry.getByText(/Received · Arrives around \d{2}:\d{2}/).waitFor();
    await entry.getByText(/Pay on delivery/).waitFor();
  });

  it(
    "prints the tables' QR codes; a scanned code orders at that table, paid at the table; a paused kitchen says so",
    { timeout: 90_000 },
    async () => {
      const { context: adminContext, page: adminPage } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await adminPage.goto('/dashboard/tables');
      await adminPage.getByRole('link', { name: 'Print QR codes' }).click();
      await adminPage.getByRole('heading', { name: 'Table QR codes', level: 1 }).waitFor();
      const code = adminPage.getByRole('img', { name: /^QR code for table / }).first();
      const tableName = ((await code.getAttribute('aria-label')) as string).replace('QR code for table ', '');
      const scanned = await scanQr(await code.screenshot());
      expect(scanned).toMatch(new RegExp(`^${suite.server.baseUrl.replace(/[.]/g, '\\.')}/order\\?table=\\d+$`));
      expect(await seriousAxeViolations(adminPage)).toEqual([]);

      const { context, page } = await suite.open();
      await signUpInContext(context, suite.server.baseUrl, newAccount('table'));
      const dish = suite.menu[1] as Product;
      await orderDish(page, dish, 1);
      await page.goto(scanned as string);
      await page.waitForURL('**/checkout?**table=*');
      expect(await page.getByRole('radio', { name: 'At this table' }).isChecked()).toBe(true);
      await page.getByLabel('Method').selectOption('cash');
      await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Place order' }).click();
      const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
      await placed.waitFor();
      expect(await placed.innerText()).toContain('Pay at the table');
      expect(tableName).not.toBe('');

      // The placed line is the restaurant's record: no Delete, no PAY, but where it is paid.
      await page.goto('/dashboard/booking-orders');
      const row = page.getByRole('row').filter({ hasText: dish.name });
      await row.getByText('Pay at the table').waitFor();
      expect(await row.getByRole('button').count()).toBe(0);

      // The kitchen pauses online orders: the checkout says so.
      const token = await bearerOf(adminContext, ADMIN.email);
      const pause = await adminContext.request.patch(`${suite.server.baseUrl}/api/v1/restaurant`, {
        headers: { authorization: `Bearer ${token}`, origin: suite.server.baseUrl },
        data: { kitchen: { acceptingOrders: false, pausedUntil: null } },
      });
      expect(pause.status()).toBe(200);
      try {
        await orderDish(page, dish, 1);
        await page.goto('/checkout?fulfilment=pickup');
        // Said beside the ready time and, before a tap, beside Place order.
        await page.getByText('We are not taking online orders right now.').waitFor();
        await page
          .locator('#place-order-blocked')
          .getByText('We are not taking online orders right now, and no later time is open: try again later.')
          .waitFor();
      } finally {
        await adminContext.request.patch(`${suite.server.baseUrl}/api/v1/restaurant`, {
          headers: { authorization: `Bearer ${token}`, origin: suite.server.baseUrl },
          data: { kitchen: { acceptingOrders: true } },
        });
      }
    },
  );
});
