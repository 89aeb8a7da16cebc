import { describe, expect, it } from 'vitest';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { pattern } from '../../support/bangla-texts.ts';

/**
 * A guest's order and booking in Bangla (docs/reference/service.md "Bangla and English", decision 045): chosen
 * once (`?lang=bn`, then kept in the cookie), every screen of the walk in Bangla, amounts in
 * Bengali digits, the server's answers too.
 */
const suite = useE2eSuite();

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

describe('a guest in Bangla', () => {
  it('orders a dish for pick-up and books a table, every step in Bangla', { timeout: 120_000 }, async () => {
    const { page, context } = await suite.open();
    await signUpInContext(context, suite.server.baseUrl, newAccount('bangla'));

    await page.goto('/?lang=bn');
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    await page.getByRole('button', { name: 'বাংলা', pressed: true }).waitFor();
    await page.getByRole('link', { name: 'রেস্তোরাঁয় বসে' }).waitFor();

    // The choice stays: the next page, without ?lang, is in Bangla too.
    const dish = suite.menu.find((one) => one.options.length === 0) ?? suite.menu[0];
    await page.goto(`/products/${dish?._id}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    await page.getByRole('button', { name: 'ব্যাগে যোগ করুন' }).click();
    await page
      .getByRole('dialog', { name: 'আপনার অর্ডার নিশ্চিত করুন' })
      .getByRole('button', { name: 'অর্ডার নিশ্চিত করুন' })
      .click();
    const added = page.getByRole('dialog', { name: 'আপনার ব্যাগে যোগ হয়েছে' });
    await added.getByRole('button', { name: 'চেকআউট' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');

    await page.getByRole('radio', { name: 'পিক আপ' }).check();
    const times = page.getByLabel('তৈরির সময়').locator('option');
    await times.first().waitFor({ state: 'attached' });
    // The times in Bangla on the restaurant's clock: "১৯:৪৫-এ তৈরি হবে"; "As soon as possible (…)" too, while the kitchen offers it.
    expect(await times.and(page.locator(':not([value="asap"])')).first().innerText()).toMatch(
      /^[০-৯]{2}:[০-৯]{2}( [^ ]+)?-এ তৈরি হবে$/,
    );
    const asap = times.and(page.locator('[value="asap"]'));
    if ((await asap.count()) > 0)
      expect(await asap.innerText()).toMatch(new RegExp(`^${pattern('staffOrder.asapAt').source}$`));
    await page.getByLabel('মাধ্যম').selectOption('cash');
    await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
    const placed = page.getByRole('status').filter({ hasText: /অর্ডার A-\d{3} দেওয়া হয়েছে/ });
    await placed.waitFor();
    // The amount as bn-BD writes it: the sign first, Bengali digits.
    expect(await placed.innerText()).toMatch(/\$[০-৯][০-৯,]*\.[০-৯]{2}/);

    await page.goto('/reservations/new');
    await page.getByRole('heading', { name: 'টেবিল বুক করুন', level: 1 }).waitFor();
    await page.getByLabel('তারিখ').fill(dhakaDate(2));
    await page.getByLabel('অতিথি').selectOption('2');
    await page.waitForURL((url) => url.searchParams.get('guests') === '2');
    const free = page.getByRole('group', { name: 'সময়' }).getByRole('button', { disabled: false });
    await free.nth(1).waitFor();
    await free.nth(1).click();
    await page.getByLabel('ফোন').fill('+880 1711-222333');
    await page.getByRole('button', { name: 'বুক করুন', exact: true }).click();
    await page.getByRole('dialog', { name: 'টেবিল বুক হয়েছে!' }).waitFor();
  });
});
