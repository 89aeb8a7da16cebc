import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../src/shared/texts.ts';
import { type OpenedPage, seriousAxeViolations } from '../../support/browser.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { findFreePort } from '../../support/e2e-server.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { startOidcProvider } from '../../support/oidc-provider.ts';

/**
 * Accounts in a real browser (issue 3): sign-up, sign-in, guards, log-out, and Google
 * sign-in end to end against a throwaway OpenID provider standing in for Google.
 */
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };

const suite = useE2eSuite(async () => {
  const port = await findFreePort();
  const oidc = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/google`] });
  return {
    port,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    },
    stop: () => oidc.close(),
  };
});

async function open(path: string, allowConsoleErrors: RegExp[] = []): Promise<OpenedPage> {
  const handle = await suite.open({ allowConsoleErrors });
  await handle.page.goto(path);
  return handle;
}

/** The spec's success dialog: its title, 'You clicked the button!', then OK closes it. */
async function expectSuccessDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain(title);
  expect(await dialog.textContent()).toContain(TEXT.clickedButton);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function fillSignUp(page: Page, account: { name: string; email: string; password: string }) {
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
}

const header = (page: Page) => page.getByRole('banner');

async function canSignIn(email: string, password: string): Promise<number> {
  const res = await suite.server.api('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: suite.server.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('sign-up', () => {
  it('creates an account without a photo, signs in and shows the signed-in header', async () => {
    const { page } = await open('/signUp');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const account = newAccount('plain');
    await fillSignUp(page, account);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSuccessDialog(page, TEXT.createAccountSuccess);
    await page.waitForURL(`${suite.server.baseUrl}/`);
    await header(page).getByRole('button', { name: TEXT.logOutItem }).waitFor();
    expect(await header(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(
      await header(page)
        .getByRole('img', { name: `${account.name}'s photo` })
        .count(),
    ).toBe(1);
    expect(await header(page).getByRole('link', { name: 'Dashboard' }).first().getAttribute('href')).toBe('/dashboard');
    expect(await header(page).getByRole('link', { name: 'Favourites: 0' }).count()).toBe(1);
    expect(await header(page).getByRole('link', { name: 'Orders: 0' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
  });

  it('stores an uploaded photo and shows it in the header', async () => {
    const { page } = await open('/signUp');
    const account = newAccount('photo');
    await fillSignUp(page, account);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    await page.getByLabel('Upload Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSuccessDialog(page, TEXT.createAccountSuccess);
    const photo = header(page).getByRole('img', { name: `${account.name}'s photo` });
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/images\/uploads\/[a-f0-9-]+\.webp$/);
    const src = (await photo.getAttribute('src')) ?? '';
    expect((await fetch(`${suite.server.baseUrl}${src}`)).status).toBe(200);
  });

  it('refuses a short password with the spec alert and creates nothing', async () => {
    const { page } = await open('/signUp');
    const account = { ...newAccount('short'), password: '12345' };
    await fillSignUp(page, account);
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(TEXT.passwordTooShort);
    expect(await canSignIn(account.email, account.password)).toBe(401);
  });

  it('refuses a photo that is not an image before creating anything', async () => {
    const { page } = await open('/signUp');
    const account = newAccount('badphoto');
    await fillSignUp(page, account);
    await page
      .getByLabel('Upload Photo')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: 'must be an image' }).waitFor();
    expect(await canSignIn(account.email, account.password)).toBe(401);
  });

  it('says so when the e-mail already has an account', async () => {
    const { page, context } = await open('/', [/status of 422/]);
    const existing = await signUpInContext(context, suite.server.baseUrl);
    await context.clearCookies();
    await page.goto('/signUp');
    await fillSignUp(page, { ...existing, password: 'another-pass-9' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /already/i })
      .waitFor();
  });
});

describe('sign-in, guards and log-out', () => {
  it('redirects a guest from the dashboard to sign in, then returns there; a reload keeps the session; log-out ends it', async () => {
    const setup = await open('/');
    const account = await signUpInContext(setup.context, suite.server.baseUrl);

    const { page } = await open('/dashboard/booking-orders', [/status of 401/]);
    await page.waitForURL(`${suite.server.baseUrl}/signIn`);
    // Check the settled page: the Google button fades from disabled to enabled once the providers load.
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect.poll(() => google.isEnabled()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSuccessDialog(page, TEXT.loginSuccess);
    await page.waitForURL(`${suite.server.baseUrl}/dashboard/booking-orders`);
    // History was replaced: going back does not return to the sign-in form.
    await page.reload();
    await page.getByRole('navigation', { name: 'Dashboard pages' }).waitFor();
    expect(page.url()).toBe(`${suite.server.baseUrl}/dashboard/booking-orders`);
    await page.getByRole('link', { name: /Home/ }).last().click();
    await page.waitForURL(`${suite.server.baseUrl}/`);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();

    await header(page).getByRole('button', { name: TEXT.logOutItem }).click();
    await expectSuccessDialog(page, TEXT.logoutSuccess);
    await header(page).getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // The old token is revoked on the server.
    const after = await suite.server.api(`/api/v1/users?email=${encodeURIComponent(account.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL(`${suite.server.baseUrl}/signIn`);
  });

  it('shows one clear message for wrong credentials', async () => {
    const { page } = await open('/signIn', [/status of 401/]);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();
    expect(page.url()).toBe(`${suite.server.baseUrl}/signIn`);
  });

  it('keeps a plain user out of the admin pages', async () => {
    const { page, context } = await open('/');
    await signUpInContext(context, suite.server.baseUrl);
    await page.goto('/dashboard/allUsers');
    await page.waitForURL(`${suite.server.baseUrl}/signIn`);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard pages' }).waitFor();
    const drawer = page.getByRole('navigation', { name: 'Dashboard pages' });
    await drawer.getByRole('link', { name: 'Booking Orders' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'All Users' }).count()).toBe(0);
  });
});

describe('Google sign-in', () => {
  it('signs in through the popup and creates the server record with role user', async () => {
    const { page } = await open('/signIn');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    const size = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }));
    expect(size.w).toBeLessThanOrEqual(520);
    await popup.waitForURL(/\/interaction\//);
    const email = `gina-${Date.now().toString(36)}@example.com`;
    await popup.locator('input[name="login"]').fill(email);
    await popup.locator('input[name="password"]').fill('anything');
    // Waited for before the click: the popup may close before the click's promise settles.
    const closed = popup.waitForEvent('close', { timeout: 20_000 });
    await popup
      .locator('button[type="submit"]')
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    await closed.catch(async (error: unknown) => {
      if (popup.isClosed()) return;
      await popup.screenshot({ path: 'tmp/google-popup.png' });
      throw new Error(`popup still open at ${popup.url()}: ${String(error)}`);
    });
    await expectSuccessDialog(page, TEXT.googleLoginSuccess);
    await page.waitForURL(`${suite.server.baseUrl}/`);
    await header(page).getByRole('button', { name: TEXT.logOutItem }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const record = await suite.server.api<{ data: { role: string; email: string } }>(
      `/api/v1/users?email=${encodeURIComponent(email)}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(record.status).toBe(200);
    expect(record.body.data).toMatchObject({ email, role: 'user' });
  });
});
