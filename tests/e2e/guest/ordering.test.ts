import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { UserRecord } from '../../../src/shared/contract/users.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { type BrowserAccount, newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, confirmDelete, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Issue 4 in a real browser, as a guest would: order dishes from their pages, pay and
 * delete orders, favourite and confirm a favourite, report a dish, with the header badges
 * following every step without a reload. Accounts are made through the real identity API
 * inside the browser context (the page is then signed in). Run `npm run build` first.
 */

const suite = useE2eSuite();

interface Guest {
  page: Page;
  account: BrowserAccount;
}

/** A new account, signed in, on `path`. */
async function signedIn(path: string, options: Parameters<typeof suite.open>[0] = {}): Promise<Guest> {
  const handle = await suite.open(options);
  const account = await signUpInContext(handle.context, suite.server.baseUrl, newAccount('orders'));
  await handle.page.goto(path);
  return { page: handle.page, account };
}

const price = (amount: number) => `$${amount}.00`;
const dish = (index: number) => suite.menu[index] as Product;

/** The guest's record as the server has it, read by the page itself (same session, same token). */
async function record(page: Page, email: string): Promise<UserRecord> {
  return page.evaluate(async (address) => {
    const res = await fetch(`/api/v1/users?email=${encodeURIComponent(address)}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
    });
    return ((await res.json()) as { data: UserRecord }).data;
  }, email);
}

/** The header's two badges (links named "Favourites: N" and "Orders: N"). */
async function expectBadges(page: Page, favourites: number, orders: number): Promise<void> {
  const header = page.getByRole('banner').first();
  await header.getByRole('link', { name: `Favourites: ${favourites}`, exact: true }).waitFor();
  await header.getByRole('link', { name: `Orders: ${orders}`, exact: true }).waitFor();
}

/** From a dashboard page: back home through the drawer (no reload), check the badges, and return. */
async function expectBadgesFromDashboard(page: Page, favourites: number, orders: number): Promise<void> {
  const path = new URL(page.url()).pathname;
  await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: /Home/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expectBadges(page, favourites, orders);
  await page.goBack();
  await page.waitForURL((url) => url.pathname === path);
}

async function openDish(page: Page, product: Product): Promise<void> {
  await page.goto(`/products/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  // Signed in: Add to Cart is a button, not the guest's link.
  await page.getByRole('button', { name: TEXT.addToCart }).waitFor();
}

/** Goes to one of the three own lists the way a guest does: header Dashboard, then the drawer. */
async function openOwnList(
  page: Page,
  label: 'Booking Orders' | 'Favorite Orders' | 'Reports Orders',
): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: TEXT.navDashboard, exact: true })
    .click();
  await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: label }).click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
  return page.getByRole('main');
}

async function columnHeaders(scope: Locator): Promise<string[]> {
  return (await scope.getByRole('columnheader').allTextContents()).map((text) => text.trim());
}

async function orderDish(page: Page, product: Product, quantity: number): Promise<void> {
  await openDish(page, product);
  for (let i = 1; i < quantity; i += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: TEXT.addToCart }).click();
  const modal = page.getByRole('dialog', { name: 'Confirm your order' });
  await modal.waitFor();
  await modal.getByRole('button', { name: TEXT.confirmOrder }).click();
  await acceptSuccess(page, 'Added to your bag');
  await modal.waitFor({ state: 'hidden' });
}

describe('dish page', () => {
  it('confirms an order in a modal that traps focus, closes on Escape and the backdrop, and returns focus', async () => {
    const { page, account } = await signedIn('/');
    await expectBadges(page, 0, 0);
    const product = dish(0);
    await page.goto(`/products/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const addToCart = page.getByRole('button', { name: TEXT.addToCart });
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await addToCart.click();

    const modal = page.getByRole('dialog', { name: 'Confirm your order' });
    await modal.waitFor();
    const text = (await modal.textContent()) ?? '';
    expect(text).toContain(account.email);
    expect(text).toContain(product.name);
    expect(text).toContain(price(product.price * 2));
    expect(await modal.getByRole('definition').allTextContents()).toEqual([
      account.email,
      product.name,
      '2',
      price(product.price * 2),
    ]);
    await modal.getByRole('button', { name: TEXT.close }).waitFor();

    // 35% wide and 60% high on a 1280×900 desktop.
    // (Polled: the box grows in with a short animation.)
    const box = page.locator('dialog[open] .modal-box');
    await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(Math.round(1280 * 0.35));
    await expect.poll(async () => Math.round((await box.boundingBox())?.height ?? 0)).toBe(Math.round(900 * 0.6));
    // The total sits next to the confirm button, in view without scrolling, on a laptop and a phone.
    for (const size of [
      { width: 1280, height: 900 },
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const name of ['Total price', TEXT.confirmOrder]) {
        const target =
          name === TEXT.confirmOrder ? modal.getByRole('button', { name }) : modal.getByText(name, { exact: true });
        await expect
          .poll(
            async () => {
              const at = await target.boundingBox();
              const frame = await box.boundingBox();
              return (
                at !== null &&
                frame !== null &&
                at.y >= frame.y &&
                at.y + at.height <= Math.min(frame.y + frame.height, size.height) + 1
              );
            },
            { message: `${name} in view at ${size.width}×${size.height}` },
          )
          .toBe(true);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Focus is inside, and Tab keeps it there.
    // Focus starts inside; Tab never reaches the page behind (it may pass through the
    // browser's own controls, as native modal dialogs allow, and comes back in).
    const focusInside = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
    const focusOnPageBehind = () =>
      page.evaluate(
        () =>
          document.activeElement !== null &&
          document.activeElement !== document.body &&
          !document.activeElement.closest('dialog[open]'),
      );
    expect(await focusInside()).toBe(true);
    let cameBack = 0;
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusOnPageBehind()).toBe(false);
      if (await focusInside()) cameBack += 1;
    }
    expect(cameBack).toBeGreaterThan(4);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Escape closes it and focus returns to Add to Cart.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await addToCart.evaluate((element) => element === document.activeElement)).toBe(true);

    // A click on the backdrop closes it; Close does too.
    await addToCart.click();
    await modal.waitFor();
    await page.mouse.click(20, 450);
    await modal.waitFor({ state: 'hidden' });
    await addToCart.click();
    await modal.getByRole('button', { name: TEXT.close }).click();
    await modal.waitFor({ state: 'hidden' });
    expect((await record(page, account.email)).orders).toEqual([]);

    // Confirm Order: the server's message in the success dialog, and the badge follows.
    await addToCart.click();
    await modal.getByRole('button', { name: TEXT.confirmOrder }).click();
    await acceptSuccess(page, 'Added to your bag');
    await modal.waitFor({ state: 'hidden' });
    await expectBadges(page, 0, 1);
    const [order] = (await record(page, account.email)).orders;
    expect(order).toMatchObject({ orderId: product._id, orderQuantity: 2, orderPrice: product.price * 2 });
  });

  it('shows the modal full width on a phone', async () => {
    const { page } = await signedIn(`/products/${dish(1)._id}`, { viewport: { width: 375, height: 800 } });
    await page.getByRole('button', { name: TEXT.addToCart }).click();
    await page.getByRole('dialog', { name: 'Confirm your order' }).waitFor();
    // As wide as the dialog's viewport (the page's scrollbar gutter aside, which phones do not have).
    const viewportWidth = (await page.locator('dialog[open]').boundingBox())?.width;
    await expect
      .poll(async () => (await page.locator('dialog[open] .modal-box').boundingBox())?.width)
      .toBe(viewportWidth);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('sends a signed-out guest to sign in from Add to Cart, Favorite and Report, remembering the dish', async () => {
    const { page } = await suite.open();
    const product = dish(2);
    for (const name of [TEXT.addToCart, TEXT.favorite, 'Sign in to report this dish']) {
      await page.goto(`/products/${product._id}`);
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/signIn');
      const from = await page.evaluate(
        () => (history.state as { usr?: { from?: { pathname?: string } } } | null)?.usr?.from?.pathname,
      );
      expect(from).toBe(`/products/${product._id}`);
    }
  });
});

describe('booking orders', () => {
  it('orders two dishes, pays one with nagod, refuses a 15-digit account number and deletes the other', async () => {
    const { page, account } = await signedIn('/');
    const first = dish(0);
    const second = dish(3);

    await orderDish(page, first, 2);
    await expectBadges(page, 0, 1);
    await orderDish(page, second, 1);
    await expectBadges(page, 0, 2);

    const main = await openOwnList(page, 'Booking Orders');
    const table = main.getByRole('table', { name: 'Your booking orders' });
    expect(await columnHeaders(table)).toEqual(['Product Photo', 'Price', 'Quantiry', 'Action']);
    const firstRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: first.name }) });
    const secondRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: second.name }) });
    expect(await firstRow.getByRole('cell').allTextContents()).toEqual([
      price(first.price * 2),
      '2',
      expect.stringContaining(TEXT.pay),
    ]);
    expect(await secondRow.getByRole('cell').allTextContents()).toEqual([
      price(second.price),
      '1',
      expect.stringContaining(TEXT.pay),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // PAY opens Bank Account Number with bkash chosen; nagod is chosen by clicking its logo.
    const paymentCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && /\/api\/v1\/users\/\d+$/.test(new URL(request.url()).pathname))
        paymentCalls.push(request.url());
    });
    await firstRow.getByRole('button', { name: `PAY for ${first.name}` }).click();
    const modal = page.getByRole('dialog', { name: TEXT.bankAccountNumber });
    await modal.waitFor();
    // The account number has the focus; bkash is chosen.
    expect(
      await modal
        .getByLabel('Account number', { exact: true })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    expect(await modal.getByRole('radio', { name: 'bKash' }).isChecked()).toBe(true);
    expect(await modal.getByRole('radio').count()).toBe(3);
    await modal.getByText('Nagad', { exact: true }).click();
    expect(await modal.getByRole('radio', { name: 'Nagad' }).isChecked()).toBe(true);
    expect(await modal.getByRole('radio', { name: 'bKash' }).isChecked()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const accountNumber = modal.getByLabel('Account number', { exact: true });
    expect(await accountNumber.getAttribute('type')).toBe('number');
    const submit = modal.getByRole('button', { name: `Pay ${price(first.price * 2)}` });

    // Empty: a message, nothing sent.
    await submit.click();
    await modal.getByText('Please enter your account number.').waitFor();

    // 15 digits: the spec's alert, shown above the modal; Escape closes only the alert.
    await accountNumber.fill('123456789012345');
    await submit.click();
    await page.getByText(TEXT.accountNumberWrong, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText(TEXT.accountNumberWrong, { exact: true }).waitFor({ state: 'hidden' });
    expect(await modal.isVisible()).toBe(true);
    await submit.click();
    await page.getByText(TEXT.accountNumberWrong, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText(TEXT.accountNumberWrong, { exact: true }).waitFor({ state: 'hidden' });
    expect(await modal.isVisible()).toBe(true);
    expect(paymentCalls).toEqual([]);
    expect((await record(page, account.email)).orders.every((order) => order.payment === null)).toBe(true);

    // 14 digits with a leading zero: paid with nagod, the modal closes, the row shows PAID.
    await accountNumber.fill('01234567890123');
    await submit.click();
    await acceptSuccess(page, 'Your payment has been received');
    await modal.waitFor({ state: 'hidden' });
    expect(paymentCalls).toHaveLength(1);
    await firstRow.getByText(TEXT.paid, { exact: true }).waitFor();
    expect(await firstRow.getByRole('button', { name: /PAY/ }).count()).toBe(0);
    const paid = (await record(page, account.email)).orders.find((order) => order.orderId === first._id);
    expect(paid?.payment).toBe('paid');

    // Delete the other order.
    await secondRow.getByRole('button', { name: `Delete ${second.name}` }).click();
    await confirmDelete(page, `Delete the order of ${second.name}?`);
    await acceptSuccess(page, 'Your order has been deleted');
    await secondRow.waitFor({ state: 'detached' });
    expect(await table.getByRole('rowheader').allTextContents()).toEqual([expect.stringContaining(first.name)]);
    // The badge counts the bag (issue 41, point 1): the paid line went to the kitchen, the other was deleted.
    await expectBadgesFromDashboard(page, 0, 0);

    // The paid one is placed with the kitchen (a ticket): it stays, with no Delete.
    expect(await firstRow.getByRole('button', { name: `Delete ${first.name}` }).count()).toBe(0);
    expect(await main.getByText(TEXT.emptyOwnList, { exact: true }).count()).toBe(0);
  });

  it('tells the guest when paying fails, keeps the modal open and lets them try again', async () => {
    // The browser logs the refused request itself; that one is expected.
    const { page } = await signedIn('/', { allowConsoleErrors: [/status of 429/] });
    const product = dish(1);
    await orderDish(page, product, 1);
    const main = await openOwnList(page, 'Booking Orders');
    // The first payment is refused (rate limit); the second goes through.
    let failed = false;
    await page.route(/\/api\/v1\/users\/\d+$/, async (route) => {
      if (route.request().method() === 'PATCH' && !failed) {
        failed = true;
        await route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Too many requests, please try again later' }),
        });
        return;
      }
      await route.continue();
    });
    await main.getByRole('button', { name: `PAY for ${product.name}` }).click();
    const modal = page.getByRole('dialog', { name: TEXT.bankAccountNumber });
    await modal.getByLabel('Account number', { exact: true }).fill('5551234');
    await modal.getByRole('button', { name: /^Pay / }).click();
    await modal.getByRole('alert').filter({ hasText: 'Too many requests, please try again later.' }).waitFor();
    expect(await modal.isVisible()).toBe(true);
    await modal.getByRole('button', { name: /^Pay / }).click();
    await acceptSuccess(page, 'Your payment has been received');
    await main.getByText(TEXT.paid, { exact: true }).waitFor();
  });
});

describe('favourites', () => {
  it('favourites a dish, unfavourites it, and confirms it from the favourites page with quantity 3', async () => {
    const { page, account } = await signedIn('/');
    const product = dish(4);
    await openDish(page, product);

    await page.getByRole('button', { name: TEXT.favorite, exact: true }).click();
    await acceptSuccess(page, 'Added to your favourites');
    await page.getByRole('button', { name: TEXT.unfavorite, exact: true }).waitFor();
    await expectBadges(page, 1, 0);

    await page.getByRole('button', { name: TEXT.unfavorite, exact: true }).click();
    await acceptSuccess(page, 'Removed from your favourites');
    await page.getByRole('button', { name: TEXT.favorite, exact: true }).waitFor();
    await expectBadges(page, 0, 0);

    await page.getByRole('button', { name: TEXT.favorite, exact: true }).click();
    await acceptSuccess(page, 'Added to your favourites');
    await expectBadges(page, 1, 0);
    // The stored Pending favourite keeps Unfavorite after a reload.
    await page.reload();
    await page.getByRole('button', { name: TEXT.unfavorite, exact: true }).waitFor();

    const main = await openOwnList(page, 'Favorite Orders');
    const table = main.getByRole('table', { name: 'Your favourite dishes' });
    expect(await columnHeaders(table)).toEqual(['Product Photo', 'Price', 'Quantiry', 'Action']);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: product.name }) });
    expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual([price(product.price), '1']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `${TEXT.pendingOrder} for ${product.name}` }).click();
    const modal = page.getByRole('dialog', { name: TEXT.conformOrder });
    await modal.waitFor();
    const minus = modal.getByRole('button', { name: 'Decrease quantity' });
    const total = modal.getByRole('status', { name: 'Total price' });
    expect(await minus.isDisabled()).toBe(true);
    expect(await total.textContent()).toBe(price(product.price));
    await modal.getByRole('button', { name: 'Increase quantity' }).click();
    await modal.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await modal.getByRole('status', { name: 'Quantity' }).textContent()).toBe('3');
    expect(await total.textContent()).toBe(price(product.price * 3));
    expect(await minus.isDisabled()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: TEXT.confirmOrder }).click();
    await acceptSuccess(page, 'Your favourite has been confirmed as an order');
    await modal.waitFor({ state: 'hidden' });

    // Confirmed: a marker, not a button.
    await row.getByText(TEXT.conformOrder, { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: new RegExp(TEXT.pendingOrder) }).count()).toBe(0);
    expect(await row.getByRole('button', { name: new RegExp(TEXT.conformOrder) }).count()).toBe(0);
    await expectBadgesFromDashboard(page, 1, 1);

    // The order is in the booking orders at unit price × 3.
    await page
      .getByRole('navigation', { name: 'Dashboard pages' })
      .getByRole('link', { name: 'Booking Orders' })
      .click();
    const orderRow = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: product.name }) });
    expect((await orderRow.getByRole('cell').allTextContents()).slice(0, 2)).toEqual([price(product.price * 3), '3']);
    const stored = await record(page, account.email);
    expect(stored.favorites).toMatchObject([{ orderId: product._id, status: 'Conform', orderQuantity: 3 }]);
    expect(stored.orders).toMatchObject([{ orderId: product._id, orderQuantity: 3, orderPrice: product.price * 3 }]);

    // Delete the favourite from its list.
    await page
      .getByRole('navigation', { name: 'Dashboard pages' })
      .getByRole('link', { name: 'Favorite Orders' })
      .click();
    await row.getByRole('button', { name: `Delete ${product.name}` }).click();
    await confirmDelete(page, `Delete ${product.name} from your favourites?`);
    await acceptSuccess(page, 'Removed from your favourites');
    await main.getByText(TEXT.emptyOwnList, { exact: true }).waitFor();
    await expectBadgesFromDashboard(page, 0, 1);
  });
});

describe('reports', () => {
  it('reports a dish, shows Allready Reported after a reload, and deletes the report from the list', async () => {
    const { page, account } = await signedIn('/');
    const product = dish(5);
    await openDish(page, product);

    const field = page.getByLabel(`Tell us what was wrong with ${product.name}.`);
    // Required: blank text is refused in the page, nothing is sent.
    await field.fill('   ');
    await page.getByRole('button', { name: TEXT.reportSubmit }).click();
    await page.getByText('Please write what was wrong with this dish.').waitFor();
    expect((await record(page, account.email)).reports).toEqual([]);

    await field.fill('The soup was cold.');
    await page.getByRole('button', { name: TEXT.reportSubmit }).click();
    await acceptSuccess(page, 'Thank you, your report has been submitted');
    expect(await field.inputValue()).toBe('');
    const reported = page.getByRole('button', { name: TEXT.allreadyReported });
    await reported.waitFor();
    expect(await reported.isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: TEXT.allreadyReported }).waitFor();
    expect(await page.getByRole('button', { name: TEXT.allreadyReported }).isDisabled()).toBe(true);

    const main = await openOwnList(page, 'Reports Orders');
    const table = main.getByRole('table', { name: 'Your reports' });
    expect(await columnHeaders(table)).toEqual(['Product Photo', 'Email', 'Report Text', 'Action']);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: product.name }) });
    expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual([account.email, 'The soup was cold.']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Delete the report on ${product.name}` }).click();
    await confirmDelete(page, `Delete your report on ${product.name}?`);
    await acceptSuccess(page, 'Your report has been deleted');
    await main.getByText(TEXT.emptyOwnList, { exact: true }).waitFor();
    expect((await record(page, account.email)).reports).toEqual([]);
  });
});

describe('own lists on a phone', () => {
  it('fits the own lists into a 360px phone without scrolling the page sideways', async () => {
    const { page } = await signedIn('/', { viewport: { width: 360, height: 740 } });
    await orderDish(page, dish(0), 1);
    await page.goto('/dashboard/booking-orders');
    await page.getByRole('table', { name: 'Your booking orders' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const path of ['/dashboard/favorite-orders', '/dashboard/reports-orders']) {
      await page.goto(path);
      await page.getByText(TEXT.emptyOwnList, { exact: true }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  });
});
