import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import { localDigits } from '../../../src/shared/i18n/format.ts';
import { signInInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { escapeRegExp as escape, text } from '../../support/bangla-texts.ts';

/**
 * The staff forms' own checks in Bangla (issue 51, decision 045): the settings and the menu
 * editor's dish dialog, submitted with mistakes on a Bangla page, say each problem in the words
 * of bn.json (read from the catalog here) with Bengali digits, before anything is sent; the
 * option editor and the settings write their numbers in Bengali digits (Latin where the
 * restaurant keeps them), take them typed in either digits, and save the right numbers.
 */
const ADMIN = { email: 'owner-bangla-forms@example.com', password: 'owner-bangla-forms-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

const bangla = (value: string | number) => localDigits(String(value), 'bn');

/** The writes the page sends to `path` (PATCH, PUT, POST) from now on. */
function writesTo(page: Page, path: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && path.test(new URL(request.url()).pathname))
      seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

describe("the staff forms' own checks in Bangla", () => {
  it(
    'says the settings` mistakes in Bangla with Bengali digits, before sending anything',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await suite.open();
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await page.goto('/dashboard/settings?lang=bn');
      expect(await page.locator('html').getAttribute('lang')).toBe('bn');
      await page.getByRole('heading', { name: text('text.settings'), level: 1 }).waitFor();
      const sent = writesTo(page, /^\/api\/v1\/restaurant$/);

      await page
        .getByRole('group', { name: text('settings.theRestaurant') })
        .getByLabel(text('settings.name'), { exact: true })
        .fill(' ');
      await page.getByLabel(text('settings.reservations.slotMinutes')).fill('7');
      await page.getByLabel(text('settings.reservations.maxPartySize')).fill('500');
      await page.getByRole('button', { name: text('settings.save') }).click();

      await page.getByText(text('settings.correctMany', { n: bangla(3) })).waitFor();
      const problems = page.locator('main p.text-error');
      await expect
        .poll(() => problems.allInnerTexts())
        .toEqual([
          text('server.field.required2'),
          text('server.field.divide60'),
          text('server.field.most2', { v0: bangla(50) }),
        ]);
      expect(sent).toEqual([]);
    },
  );

  it(
    'says the dish dialog`s mistakes in Bangla, shows the options` numbers in Bengali digits and saves what is typed in either',
    { timeout: 120_000 },
    async () => {
      const dish = suite.menu.find((one) =>
        one.options.some((group) => group.values.length >= 2 && group.max < 9),
      ) as Product;
      const g = dish.options.findIndex((group) => group.values.length >= 2 && group.max < 9);
      const group = dish.options[g] as Product['options'][number];
      const value = group.values[1] as (typeof group.values)[number];
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await page.goto('/dashboard/menu?lang=bn');
      expect(await page.locator('html').getAttribute('lang')).toBe('bn');
      const dishName = dish.translations?.bn.name || dish.name;
      await page.getByRole('button', { name: `${text('menuAdmin.edit')} ${dishName}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: text('menuAdmin.editDish', { name: dishName }) });
      const fieldset = dialog.getByRole('group', {
        name: new RegExp(`^${escape(text('menuAdmin.groupTitle', { n: bangla(g + 1), label: '' }))}`),
      });
      const max = fieldset.getByLabel(text('menuAdmin.max'), { exact: true });
      const price = fieldset.getByLabel(new RegExp(`^${escape(text('menuAdmin.valuePrice'))}`)).nth(1);
      const prep = fieldset.getByLabel(new RegExp(`^${escape(text('menuAdmin.extraPrep'))}`)).nth(1);

      // The numbers as the page writes them: Bengali digits, in the legend's rule too.
      expect(await max.inputValue()).toBe(bangla(group.max));
      expect(await price.inputValue()).toBe(bangla(value.price));
      expect(await prep.inputValue()).toBe(bangla(value.prepUnits));
      expect(await fieldset.locator('legend').first().innerText()).not.toMatch(/[0-9]/);

      // Mistakes typed in Bengali digits: said in Bangla beside their fields, nothing sent.
      const sent = writesTo(page, /^\/api\/v1\/allProductsData\//);
      await price.fill('১.২৫৫');
      await max.fill('৯');
      await dialog.getByRole('button', { name: text('menuAdmin.saveChanges') }).click();
      await fieldset
        .getByText(text('server.field.mayCarryMostTwoDecimals', { v0: text('server.fieldName.price') }), {
          exact: true,
        })
        .waitFor();
      await fieldset
        .getByText(
          text('server.field.maxAtMostValues', {
            v0: group.translations?.en.name ?? group.name,
            v1: bangla(group.values.length),
          }),
          { exact: true },
        )
        .waitFor();
      expect(await max.getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);

      // Put right, in Bengali and Latin digits: saved as the numbers they are.
      await price.fill('৩৫.৫০');
      await prep.fill('1.5');
      await max.fill(bangla(group.max));
      await dialog.getByRole('button', { name: text('menuAdmin.saveChanges') }).click();
      await dialog.waitFor({ state: 'hidden' });
      const saved = (await suite.server.api<{ data: Product }>(`/api/v1/allProductsData/${dish._id}`)).body.data;
      const savedValue = saved.options[g]?.values[1];
      expect([saved.options[g]?.max, savedValue?.price, savedValue?.prepUnits]).toEqual([group.max, 35.5, 1.5]);
    },
  );

  it(
    'shows the settings` numbers in the page`s digits and saves what is typed in either',
    { timeout: 120_000 },
    async () => {
      const settingsNow = async () =>
        (await suite.server.api<{ data: RestaurantSettings }>('/api/v1/restaurant')).body.data;
      const before = await settingsNow();
      const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await page.goto('/dashboard/settings?lang=bn');
      await page.getByRole('heading', { name: text('text.settings'), level: 1 }).waitFor();
      const slot = page.getByLabel(text('settings.reservations.slotMinutes'));
      const prep = page.getByLabel(text('settings.kitchen.prepMinutes'));
      const fee = page.getByLabel(text('settings.fulfilment.deliveryFee'));
      const dineIn = page.getByLabel(text('settings.rateDineIn'));
      const numberFields = page.locator('main input[inputmode]');

      // Every number field in Bengali digits, a text field with the phone's number keyboard.
      expect(await slot.inputValue()).toBe(bangla(before.reservations.slotMinutes));
      expect(await dineIn.inputValue()).toBe(bangla(before.billing.rates.dineIn));
      expect(await page.getByLabel(text('settings.tipSuggestions')).inputValue()).toBe(
        bangla(before.billing.tipSuggestions.join(', ')),
      );
      expect(await numberFields.count()).toBeGreaterThan(15);
      expect(
        (await numberFields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).filter(
          (value) => /[0-9]/.test(value),
        ),
      ).toEqual([]);
      expect(await page.locator('main input[type="number"]').count()).toBe(0);
      expect([await slot.getAttribute('inputmode'), await fee.getAttribute('inputmode')]).toEqual([
        'numeric',
        'decimal',
      ]);

      // Typed in Bengali digits (and one in Latin): kept as typed, saved as the numbers they are.
      await prep.fill('২৫');
      await fee.fill('৪৫.৫০');
      await dineIn.fill('7.5');
      expect(await fee.inputValue()).toBe('৪৫.৫০');
      await page.getByRole('button', { name: text('settings.save') }).click();
      await expect
        .poll(async () => {
          const s = await settingsNow();
          return [s.kitchen.prepMinutes, s.fulfilment.deliveryFee, s.billing.rates.dineIn];
        })
        .toEqual([25, 45.5, 7.5]);

      // A restaurant keeping Latin digits: its Bangla page shows them.
      await page.goto('/dashboard/settings?lang=bn');
      await page.getByLabel(text('settings.latinDigits')).check();
      await page.getByRole('button', { name: text('settings.save') }).click();
      await expect.poll(async () => (await settingsNow()).latinDigits).toBe(true);
      await page.goto('/dashboard/settings?lang=bn');
      await expect.poll(() => prep.inputValue()).toBe('25');
      await page.getByLabel(text('settings.latinDigits')).uncheck();
      await page.getByRole('button', { name: text('settings.save') }).click();
      await expect.poll(async () => (await settingsNow()).latinDigits).toBe(false);

      // An English page: Latin digits shown and typed, as ever.
      await page.goto('/dashboard/settings?lang=en');
      const prepEn = page.getByLabel('Minutes to cook an order');
      await expect.poll(() => prepEn.inputValue()).toBe('25');
      expect(await page.getByLabel('Delivery fee').inputValue()).toBe('45.5');
      await prepEn.fill('30');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect.poll(async () => (await settingsNow()).kitchen.prepMinutes).toBe(30);
    },
  );
});
