import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../src/shared/texts.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * What a guest types and presses on a page the server rendered, before the app's code has
 * loaded or hydrated (issue 36): the text is kept, and a submit is carried out once. The test
 * holds every request for the app's code (/assets/*.js) until it lets them go, so "before the
 * code" is a state of the test, not a race against the clock. Run `npm run build` first.
 */

const suite = useE2eSuite();

/** Holds the app's code (every /assets/*.js request) until `release()`. */
async function holdCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(/\/assets\/[^/?]+\.js(\?.*)?$/, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await released;
    // A request of a page the guest has left by then is gone: nothing to send.
    await route.continue().catch(() => undefined);
  });
  return { release, requested };
}

/** Opens a page as soon as its HTML is parsed (page.goto of the suite waits for the app, held here). */
async function openBeforeCode(page: Page, path: string) {
  await page.mainFrame().goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
}

const appReady = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));

/** A word of the first dish's name, which the search finds it by. */
function searchWord() {
  const dish = suite.menu[0]!;
  return { dish, word: dish.name.split(' ')[0]! };
}

describe('before the code has loaded (issue 36)', () => {
  it('the header search typed and sent before the code loads shows the results for what was typed', async () => {
    const { page } = await suite.open();
    const code = await holdCode(page);
    const { dish, word } = searchWord();
    await openBeforeCode(page, '/');
    const box = page.getByRole('searchbox', { name: 'Search dishes' });
    await box.pressSequentially(word);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home/search-page-items' && url.searchParams.get('q') === word);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(dish.name);
    // The key presses asked for the code, which the test still held.
    expect(code.requested.length).toBeGreaterThan(0);
    code.release();
    await appReady(page);
    expect(await page.getByRole('searchbox', { name: 'Search dishes' }).inputValue()).toBe(word);
    expect(await page.getByRole('main').innerText()).toContain(dish.name);
  });

  it('the header search typed before the code loads is kept through hydration, and Enter then searches for it', async () => {
    const { page } = await suite.open();
    const code = await holdCode(page);
    const { dish, word } = searchWord();
    await openBeforeCode(page, '/');
    const box = page.getByRole('searchbox', { name: 'Search dishes' });
    await box.pressSequentially(word);
    code.release();
    await appReady(page);
    // The signed-out header has rendered again since (who is signed in is known): the text stays.
    await page.getByRole('link', { name: TEXT.login }).waitFor();
    expect(await box.inputValue()).toBe(word);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home/search-page-items' && url.searchParams.get('q') === word);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(dish.name);
  });

  it('the sign-in form filled and sent before the code loads signs in once, without the password in any address', async () => {
    const maker = await suite.open();
    const account = await signUpInContext(maker.context, suite.server.baseUrl, newAccount('early'));
    const { page } = await suite.open();
    const code = await holdCode(page);
    const signIns: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/sign-in/email') signIns.push(request);
    });
    // The app's first session read is still in flight when the held sign-in goes out (as on a
    // slow line): its answer, from before the cookie, must not be taken for the one after it.
    let firstSessionRead = true;
    let signedIn = false;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/sign-in/email') signedIn = true;
    });
    await page.route('**/api/auth/get-session', async (route) => {
      if (!firstSessionRead) return route.continue();
      firstSessionRead = false;
      const answer = await route.fetch();
      await expect.poll(() => signedIn, { timeout: 20_000 }).toBe(true);
      await route.fulfill({ response: answer }).catch(() => undefined);
    });
    await openBeforeCode(page, '/signIn');
    await page.getByLabel('Email').pressSequentially(account.email);
    await page.getByLabel('Password').pressSequentially(account.password);
    await page.getByLabel('Password').press('Enter');
    // Held until the app runs: the browser did not send the form as a GET of this address.
    expect(new URL(page.url()).search).toBe('');
    expect(signIns).toHaveLength(0);
    code.release();
    await page.waitForURL((url) => url.pathname === '/');
    // The spec's success dialog is modal: while it is open the page behind it is hidden from
    // assistive technology (and so from getByRole), whether it opened before the header drew
    // the account or after. Close it as a guest would, then read the header.
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain(TEXT.loginSuccess);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: TEXT.logOutItem }).waitFor();
    expect(signIns).toHaveLength(1);
    expect(page.url()).not.toContain(encodeURIComponent(account.password));
  });

  it("the dish page's Add to Cart, disabled in the server's page, is enabled by the hydration", async () => {
    const { page, context } = await suite.open();
    await signUpInContext(context, suite.server.baseUrl, newAccount('cart'));
    const dish = suite.menu.find((item) => item.available) ?? suite.menu[0]!;
    const code = await holdCode(page);
    await openBeforeCode(page, `/products/${dish._id}`);
    const cart = page.getByRole('button', { name: TEXT.addToCart });
    // Who is signed in is not the server's to say: until the app knows, the button waits.
    expect(await cart.isDisabled()).toBe(true);
    code.release();
    await appReady(page);
    await expect.poll(() => cart.isEnabled()).toBe(true);
    await cart.click();
    await page.getByRole('dialog').waitFor();
  });

  it('the booking form keeps the name, phone and notes typed before the code loads', async () => {
    const { page } = await suite.open();
    const code = await holdCode(page);
    await openBeforeCode(page, '/reservations/new');
    const typed = { Name: 'Ada Early', Phone: '+44 20 7946 0000', Notes: 'A window seat' };
    for (const [label, text] of Object.entries(typed))
      await page.getByLabel(label, { exact: true }).pressSequentially(text);
    code.release();
    await appReady(page);
    // The form has rendered again since (the day's free times arrived): the text stays.
    await page
      .locator('fieldset')
      .getByText(/free times? (left )?for|No times can be booked|Closed on this day/)
      .waitFor();
    for (const [label, text] of Object.entries(typed))
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(text);
    // And it is the form's own state: one more key keeps the whole text.
    await page.getByLabel('Notes', { exact: true }).press('End');
    await page.getByLabel('Notes', { exact: true }).pressSequentially('!');
    expect(await page.getByLabel('Notes', { exact: true }).inputValue()).toBe(`${typed.Notes}!`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(typed.Name);
  });
});
