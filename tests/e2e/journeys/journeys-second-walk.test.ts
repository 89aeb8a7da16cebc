import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptDone, useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Issue 48 ("Journeys"), the second walk, with deposits switched on: a guest on a phone books
 * tonight (the first free time at once, the deposit's true terms, "Too close to change
 * online"), picks extras (square checkboxes) and reads what "Confirm Order" does; the host
 * seats a walk-in without a phone, the waiter sends a table's round without a name; the owner
 * changes a role (asked first); the home page says when the restaurant is closed.
 */

const ADMIN = { email: 'owner-second-walk@example.com', password: 'owner-second-walk-2027' };
const PHONE_NUMBER = '+880 1700-000000';
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff: promote } = suiteApi(suite);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A zone whose clock reads about noon now, open all day: tonight's times are bookable whenever the test runs. */
function noonZone(): string {
  const offset = Math.max(-12, Math.min(11, new Date().getUTCHours() - 12));
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '+' : '-'}${Math.abs(offset)}`;
}
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function owner(): Promise<{ context: BrowserContext; token: string }> {
  const { context } = await suite.open();
  await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  return { context, token: await tokenOf(context, ADMIN.email) };
}

async function openAllDay(
  admin: { context: BrowserContext; token: string },
  extra: Record<string, unknown> = {},
): Promise<string> {
  const timeZone = noonZone();
  await call(admin.context, admin.token, 'PATCH', '/api/v1/restaurant', {
    timeZone,
    phone: PHONE_NUMBER,
    closedDates: [],
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
    reservations: {
      deposit: { fromPartySize: 8, perCover: 10, refundableUntilMinutes: 24 * 60 },
      cancelCutoffMinutes: 120,
      leadMinutes: 60,
    },
    ...extra,
  });
  return timeZone;
}

const makeStaff = (admin: { context: BrowserContext; token: string }, email: string): Promise<void> =>
  promote(admin.context, admin.token, email);

/** The first free time's button on the booking page, with how far below the times' heading it is drawn. */
async function firstFreeTime(page: Page) {
  const times = page.getByRole('group', { name: 'Time' });
  const free = times.getByRole('button', { disabled: false }).first();
  await free.waitFor();
  const [group, button] = await Promise.all([times.boundingBox(), free.boundingBox()]);
  return { free, below: (button?.y ?? 0) - (group?.y ?? 0), time: (await free.innerText()).trim() };
}

describe('the second walk (issue 48)', () => {
  it(
    'a guest on a phone: the first free time at once, a deposit "not refundable" tonight, and "Too close to change online" with the phone',
    { timeout: 120_000 },
    async () => {
      const admin = await owner();
      const timeZone = await openAllDay(admin);
      const { context, page } = await suite.open(PHONE);
      await signUpInContext(context, suite.server.baseUrl, newAccount('tonight'));

      // Point 6: tonight's page opens on the first free time, the past ones folded away.
      await page.goto(`/reservations/new?date=${todayIn(timeZone)}&guests=8`);
      await page.getByRole('heading', { name: 'Book a table', level: 1 }).waitFor();
      const first = await firstFreeTime(page);
      expect(first.below).toBeLessThan(160);
      expect(
        await page
          .getByRole('group', { name: 'Time' })
          .getByRole('button', { name: /\((past|too soon)\)/ })
          .count(),
      ).toBe(0);
      await page.getByText(/^\d+ earlier times? \(past or too soon\)$/).waitFor();

      // Point 3: a party of 8 tonight is inside the 24 hours: its deposit is not refundable, and says so.
      await first.free.click();
      const terms = page.getByText(/^A deposit of \$80\.00/);
      await expect.poll(() => terms.innerText()).toContain('not refundable, as the booking is less than 24 hours away');
      expect(await terms.innerText()).not.toContain('refunded if you cancel up to');
      // Booked three days ahead, the same party reads the refund terms.
      const later = new Date(Date.parse(`${todayIn(timeZone)}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
      await page.goto(`/reservations/new?date=${later}&guests=8&time=19:00`);
      await expect
        .poll(() => page.getByText(/^A deposit of \$80\.00/).innerText())
        .toContain('refunded if you cancel up to 24 hours before');

      // Points 1 and 2: a party of 2 tonight (inside the 2-hour cut-off): "Table reserved!" in the product's words, then no Change nor Cancel, and why.
      await page.goto(`/reservations/new?date=${todayIn(timeZone)}&guests=2`);
      const two = await firstFreeTime(page);
      await two.free.click();
      // Said before "Reserve": this close, the booking can only be changed by phone.
      await page
        .getByText(
          `Booked this close to its time, it cannot be changed or cancelled online: to change it, call us on ${PHONE_NUMBER}.`,
        )
        .waitFor();
      await page.getByLabel('Phone').fill('+880 1711-484848');
      await page.getByRole('button', { name: 'Reserve' }).click();
      await acceptDone(page, 'Table reserved!');
      await page.goto('/dashboard/reservations');
      const entry = page.getByRole('listitem').filter({ hasText: ` at ${two.time}` });
      await entry.getByText('Booked').waitFor();
      await entry.getByText(`Too close to change online: call us on ${PHONE_NUMBER}.`).waitFor();
      expect(await entry.getByRole('link', { name: PHONE_NUMBER }).getAttribute('href')).toMatch(/^tel:/);
      expect(await entry.getByRole('button', { name: /^Change|Cancel reservation/ }).count()).toBe(0);
    },
  );

  it(
    "a dish's extras are square checkboxes, and the order dialog says Confirm Order puts it in the bag",
    { timeout: 60_000 },
    async () => {
      const admin = await owner();
      await openAllDay(admin);
      const pizza = suite.menu.find((p) => p.name === 'Margherita Pizza');
      if (!pizza) throw new Error('the demo menu has no Margherita Pizza');
      const { context, page } = await suite.open(PHONE);
      await signUpInContext(context, suite.server.baseUrl, newAccount('extras'));
      await page.goto(`/products/${pizza._id}`);
      const extra = page
        .getByRole('group', { name: /^Extras/ })
        .getByRole('checkbox')
        .first();
      const size = page.getByRole('group', { name: /^Size/ }).getByRole('radio').first();
      await extra.waitFor();
      const radius = (box: typeof extra) =>
        box.evaluate((input) => ({
          radius: parseFloat(getComputedStyle(input).borderTopLeftRadius),
          width: input.getBoundingClientRect().width,
        }));
      const square = await radius(extra);
      const round = await radius(size);
      // A radio is round (half its width); a checkbox has softened corners, a quarter at most.
      expect(round.radius).toBeGreaterThanOrEqual(round.width / 2 - 0.5);
      expect(square.radius).toBeLessThanOrEqual(square.width / 4);

      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
      await dialog
        .getByText('Confirm Order puts it in your bag: you choose how and when, and pay, at checkout.')
        .waitFor();
      await dialog.getByRole('button', { name: 'Confirm Order' }).waitFor();
    },
  );

  it(
    'staff: a walk-in without a phone, a table round without a name (no "Tell the caller"), New order and Floor linked; a role change asked first',
    { timeout: 120_000 },
    async () => {
      const admin = await owner();
      await openAllDay(admin);
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 800 } });
      const waiter = await signUpInContext(context, suite.server.baseUrl, newAccount('waiter'));
      await makeStaff(admin, waiter.email);

      // Point 4: a walk-in is seated with no phone number.
      await page.goto('/dashboard/book');
      await page.getByRole('heading', { name: 'Reservations', level: 1 }).waitFor();
      await page.getByRole('radio', { name: /Walk-in/ }).check();
      await page.getByLabel('Guests').fill('2');
      await page.getByLabel("Guest's name").fill('Nora Nophone');
      await page.getByRole('button', { name: 'Seat walk-in' }).click();
      const seated = page.getByRole('dialog', { name: /^Nora Nophone seated at / });
      await seated.waitFor();
      await acceptDone(page, (await seated.getByRole('heading').innerText()).trim());

      // New order links to the Floor and back; a table's round needs no name and says nothing to a caller.
      await page.goto('/staff/order');
      await page.getByRole('navigation', { name: 'Back' }).getByRole('link', { name: 'Floor' }).click();
      await page.waitForURL(/\/staff\/tables/);
      await page.getByRole('navigation', { name: 'Back' }).getByRole('link', { name: 'New order' }).click();
      await page.waitForURL(/\/staff\/order/);
      await page.getByRole('radio', { name: 'Table' }).check();
      const table = page.getByRole('combobox', { name: 'Table' });
      await table.locator('option').nth(1).waitFor({ state: 'attached' });
      await table.selectOption({ index: 1 });
      await page.getByLabel('Search dishes').fill('tacos');
      await page.getByRole('button', { name: /^Add Beef Tacos/ }).click();
      await page.getByRole('button', { name: 'Send to kitchen' }).click();
      await page.getByRole('heading', { name: /^Order A-\d{3} sent to the kitchen$/ }).waitFor();
      expect(await page.getByText(/Tell the caller/).count()).toBe(0);
      await page.getByText(/^Table T\d+ · /).waitFor();

      // Point 9: the owner's role change is asked first; "Keep the role" keeps it.
      const guest = await signUpInContext((await suite.open()).context, suite.server.baseUrl, newAccount('promoted'));
      const { context: ownerContext, page: ownerPage } = await suite.open({ viewport: { width: 1280, height: 800 } });
      await signInInContext(ownerContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await ownerPage.goto('/dashboard/allUsers');
      const role = ownerPage.getByRole('combobox', { name: `Role of ${guest.name}` });
      await role.selectOption('staff');
      const ask = ownerPage.getByRole('dialog', { name: `Make ${guest.name} staff?` });
      await ask.getByRole('button', { name: 'Keep the role' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await role.inputValue()).toBe('user');
      const users = await call<{ data: { email: string; role: string }[] }>(
        admin.context,
        admin.token,
        'GET',
        '/api/v1/users/users',
      );
      expect(users.data.find((u) => u.email === guest.email)?.role).toBe('user');
      await role.selectOption('staff');
      await ask.getByRole('button', { name: 'Yes, change the role' }).click();
      await acceptDone(ownerPage, `${guest.name} is now staff`);
      expect(await role.inputValue()).toBe('staff');

      // The settings' side bar: dark down to the page's bottom, in the window and in a whole-page picture.
      await ownerPage.goto('/dashboard/settings');
      await ownerPage.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      const { data, info } = await sharp(await ownerPage.screenshot({ fullPage: true }))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.height).toBeGreaterThan(2 * 800);
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      // The theme's neutral (#292524) at the left, near the top and near the bottom.
      expect(pixel(8, 8)).toEqual([0x29, 0x25, 0x24]);
      expect(pixel(8, info.height - 8)).toEqual([0x29, 0x25, 0x24]);
    },
  );

  it(
    'signed-in pages opened with a token kept from an earlier visit (expired) renew it first: no 401 on the first load',
    { timeout: 90_000 },
    async () => {
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 800 } });
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      // The token a visit 20 minutes ago stored (15 minutes is its life): well formed, expired.
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const old = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ email: ADMIN.email, sub: '1', exp: Math.floor(Date.now() / 1000) - 5 * 60 })}.${'A'.repeat(43)}`;
      await context.addInitScript((token) => localStorage.setItem('accessToken', token), old);
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401)
          refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      for (const [path, ready] of [
        ['/dashboard/book', page.getByText('Live', { exact: true })],
        ['/kitchen', page.getByText('Live', { exact: true })],
        ['/staff/tables', page.getByRole('heading', { name: 'Floor', level: 1 })],
        ['/dashboard/settings', page.getByRole('button', { name: 'Save settings' })],
      ] as const) {
        await page.goto(path);
        await ready.waitFor({ timeout: 15_000 });
        await page.waitForTimeout(1000);
      }
      expect(refused).toEqual([]);
    },
  );

  it('the home page says the restaurant is closed, and when it opens', { timeout: 60_000 }, async () => {
    const admin = await owner();
    const timeZone = await openAllDay(admin);
    const { page } = await suite.open(PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Open all day: nothing said.
    await page.waitForTimeout(500);
    expect(await page.getByText(/^Closed, opens/).count()).toBe(0);
    await call(admin.context, admin.token, 'PATCH', '/api/v1/restaurant', { closedDates: [todayIn(timeZone)] });
    await page.goto('/');
    await page.getByRole('status').filter({ hasText: 'Closed, opens tomorrow at 00:00.' }).waitFor();
    await openAllDay(admin);
  });
});
