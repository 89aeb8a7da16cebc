import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../support/browser.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptDone, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Issue 41, point 10 ("Reading a booking"), as a guest lives it: dates read "Sat 28 Nov", not
 * "2026-11-28"; the success dialog says back the date, time, party and table; "Change" moves
 * the date too; the cancel dialog's buttons are "Cancel booking" and "Keep it".
 */

const suite = useE2eSuite();

const moderateOrWorse = (page: Page) => axeViolations(page, ['moderate', 'serious', 'critical']);

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

/** "Sat 28 Nov", worked out here independently of the app's code. */
function dayLabel(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()] as string;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    at.getUTCMonth()
  ] as string;
  return `${weekday} ${at.getUTCDate()} ${month}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('reading a booking', () => {
  it(
    'writes days as "Sat 28 Nov", says the booking back, changes its date, and cancels with "Cancel booking" / "Keep it"',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await suite.open();
      const guest = await signUpInContext(context, suite.server.baseUrl, newAccount('reader'));
      const date = dhakaDate(3);
      await page.goto(`/reservations/new?date=${date}&guests=3`);
      await page.getByRole('heading', { name: 'Book a table', level: 1 }).waitFor();
      const free = page.getByRole('group', { name: 'Time' }).getByRole('button', { disabled: false });
      await free.nth(1).waitFor();
      const time = (await free.nth(1).innerText()).trim();
      await free.nth(1).click();
      await page.getByLabel('Phone').fill('+880 1711-123123');
      await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(guest.name);
      await page.getByRole('button', { name: 'Reserve' }).click();

      // The success dialog: what happened, then the booking said back.
      const done = page.getByRole('dialog', { name: 'Table reserved!' });
      await done.waitFor();
      await done.getByText(new RegExp(`^${escape(dayLabel(date))} at ${time} · 3 guests · table T\\d+$`)).waitFor();
      expect(await moderateOrWorse(page)).toEqual([]);
      await acceptDone(page, 'Table reserved!');

      await page.goto('/dashboard/reservations');
      await page.getByRole('heading', { name: 'My Reservations' }).waitFor();
      const entry = page.getByRole('listitem').filter({ hasText: `${dayLabel(date)} at ${time}` });
      await entry.getByText('Booked').waitFor();
      expect(await page.getByText(date).count()).toBe(0);
      expect(await moderateOrWorse(page)).toEqual([]);

      // "Change" moves the booking to another day (the free times are that day's).
      const later = dhakaDate(4);
      await entry.getByRole('button', { name: /^Change/ }).click();
      const form = page.getByRole('form', { name: `Change the reservation of ${dayLabel(date)}` });
      await form.getByLabel('New date').fill(later);
      const newTime = form.getByLabel('New time');
      await expect
        .poll(async () =>
          newTime
            .locator('option')
            .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).filter(Boolean).length),
        )
        .toBeGreaterThan(2);
      await newTime.selectOption('19:00');
      expect(await moderateOrWorse(page)).toEqual([]);
      await form.getByRole('button', { name: 'Save change' }).click();
      const changed = page.getByRole('dialog', { name: 'Your reservation has been changed' });
      await changed.getByText(new RegExp(`^${escape(dayLabel(later))} at 19:00 · 3 guests · table T\\d+$`)).waitFor();
      await acceptDone(page, 'Your reservation has been changed');
      const moved = page.getByRole('listitem').filter({ hasText: `${dayLabel(later)} at 19:00` });
      await moved.getByText('Booked').waitFor();

      // Cancelling: "Keep it" keeps it; "Cancel booking" cancels it.
      await moved.getByRole('button', { name: /Cancel reservation/ }).click();
      const ask = page.getByRole('dialog', { name: 'Cancel this reservation?' });
      await ask.waitFor();
      expect(await ask.getByRole('button', { name: 'Yes, cancel it' }).count()).toBe(0);
      expect(await moderateOrWorse(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Keep it' }).click();
      await ask.waitFor({ state: 'hidden' });
      await moved.getByText('Booked').waitFor();
      await moved.getByRole('button', { name: /Cancel reservation/ }).click();
      await ask.getByRole('button', { name: 'Cancel booking' }).click();
      await acceptDone(page, 'Your reservation has been cancelled');
      await moved.getByText('Cancelled').waitFor();
    },
  );
});
