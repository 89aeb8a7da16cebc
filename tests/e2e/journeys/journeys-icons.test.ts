import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { axeViolations } from '../../support/browser.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Issue 41, point 11 ("Icons that render everywhere"): the spice and diet marks (and the
 * allergen mark) are SVG images with text alternatives, never emoji, which a machine without an
 * emoji font (a kitchen's Linux tablet) draws as empty boxes. On a phone, as a guest.
 */

const suite = useE2eSuite();

const moderateOrWorse = (page: Page) => axeViolations(page, ['moderate', 'serious', 'critical']);
const SPICE = ['Not spicy', 'Mild', 'Medium hot', 'Hot'];
const DIETS: Record<string, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
  'gluten-free': 'Gluten-free',
};

describe('the menu marks', () => {
  it('draws diet and spice marks as named SVG images, with no emoji on the menu', { timeout: 90_000 }, async () => {
    const dieted = suite.menu.find((p) => p.diet.length > 0) as Product;
    const spicy = suite.menu.find((p) => p.spicy > 0) as Product;
    expect(dieted, 'the demo menu has a dish with a diet label').toBeTruthy();
    expect(spicy, 'the demo menu has a spicy dish').toBeTruthy();

    const { page } = await suite.open({ viewport: { width: 390, height: 844 } });
    await page.goto('/products');
    for (const dish of [dieted, spicy]) {
      const card = page.getByRole('article', { name: dish.name });
      const marks = card.getByRole('list', { name: 'Diet and spice' });
      await marks.waitFor();
      for (const diet of dish.diet) {
        const icon = marks.getByRole('img', { name: DIETS[diet] as string, exact: true });
        expect(await icon.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
        const box = await icon.boundingBox();
        expect(box?.width).toBeGreaterThan(8);
        expect(box?.height).toBeGreaterThan(8);
      }
      if (dish.spicy > 0) {
        const heat = marks.getByRole('img', { name: `${SPICE[dish.spicy]}, ${dish.spicy} of 3 chillies` });
        expect(await heat.locator('svg').count()).toBe(dish.spicy);
        expect((await heat.boundingBox())?.width).toBeGreaterThan(8 * dish.spicy);
      }
    }
    // Nothing on the menu page is drawn from an emoji font.
    const emoji = await page.evaluate(() =>
      (document.body.innerText.match(/\p{Extended_Pictographic}/gu) ?? []).join(' '),
    );
    expect(emoji).toBe('');
    expect(await moderateOrWorse(page)).toEqual([]);

    // The dish page's allergen marks, too.
    const allergic = suite.menu.find((p) => p.allergens.length > 0) as Product;
    await page.goto(`/products/${allergic._id}`);
    const allergens = page.getByRole('list', { name: `${allergic.name} allergens` });
    await allergens.waitFor();
    expect(await allergens.getByRole('img', { name: 'contains' }).count()).toBe(allergic.allergens.length);
    expect(
      await page.evaluate(() => (document.body.innerText.match(/\p{Extended_Pictographic}/gu) ?? []).join(' ')),
    ).toBe('');
  });
});
