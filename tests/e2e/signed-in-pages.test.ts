import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/texts.ts';
import { newAccount, signInInContext, signUpInContext } from '../support/e2e-accounts.ts';
import { useE2eSuite } from '../support/e2e-suite.ts';

/**
 * Signed-in pages come alive on every load (issue 41, point 2): opened 20 times in a row, each
 * in a fresh context (a first load: nothing cached), on a phone at 4× slower CPU.
 */
const suite = useE2eSuite();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TRIES = 20;

async function slowPhone(account: { email: string; password: string }) {
  const opened = await suite.open({ ...PHONE, timeoutMs: 20_000 });
  await signInInContext(opened.context, suite.server.baseUrl, account.email, account.password);
  const cpu = await opened.context.newCDPSession(opened.page);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return opened;
}

/** Opens the address as a guest does (not waiting for the app) and times `alive`. */
async function timeUntil(page: Page, path: string, alive: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await page.mainFrame().goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'commit' });
  await alive();
  return Date.now() - started;
}

describe('signed-in pages on a slow phone (issue 41, point 2)', () => {
  it('/reservations/new enables "Reserve" on each of 20 first loads', async () => {
    const maker = await suite.open();
    const account = await signUpInContext(maker.context, suite.server.baseUrl, newAccount('reserve'));
    const times: number[] = [];
    for (let i = 0; i < TRIES; i += 1) {
      const { page, context } = await slowPhone(account);
      const reserve = page.getByRole('button', { name: 'Reserve' });
      times.push(await timeUntil(page, '/reservations/new', () => expect.poll(() => reserve.isEnabled(), { timeout: 15_000 }).toBe(true)));
      await context.close();
    }
    console.log(`Reserve enabled after (ms): ${times.join(', ')}`);
  }, 240_000);

  it('/dashboard/booking-orders shows its bag after signing in from the guarded link, 20 times', async () => {
    const maker = await suite.open();
    const account = await signUpInContext(maker.context, suite.server.baseUrl, newAccount('bag'));
    const times: number[] = [];
    for (let i = 0; i < TRIES; i += 1) {
      const { page, context } = await suite.open({ ...PHONE, timeoutMs: 20_000 });
      const cpu = await context.newCDPSession(page);
      await cpu.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/dashboard/booking-orders');
      await page.waitForURL((url) => url.pathname === '/signIn');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      const started = Date.now();
      await page.getByRole('button', { name: 'Submit' }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toContain(TEXT.loginSuccess);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/booking-orders');
      const main = page.getByRole('main');
      await expect.poll(() => main.innerText(), { timeout: 15_000 }).toContain(TEXT.emptyOwnList);
      times.push(Date.now() - started);
      console.log(`try ${i + 1}: ${times.at(-1)} ms`);
      await context.close();
    }
    console.log(`Bag shown after sign-in (ms): ${times.join(', ')}`);
  }, 240_000);
});
