import { describe, expect } from 'vitest';
import { seedDemoBranches } from '../../../src/server/db/seed/demo-branches.ts';
import type { Branch } from '../../../src/shared/contract/branches.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import { forgetBranches } from '../../support/branches.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';

/**
 * `npm run seed:branches` (docs/reference/branches.md: the demo keeps one branch; a documented
 * command adds Gulshan and Uttara): the two branches with their Bangla names, places, hours and
 * tables and a few prices of their own (Uttara leaves one dish out), their other settings the
 * first branch's; run again, nothing more. On both engines.
 */
const ADMIN = { email: 'demo-branches@example.com', password: 'demo-branches-password' };
const test = useRecordsWorld(ADMIN);

describe('the demo branches', () => {
  test('adds Gulshan and Uttara once, with their names, hours and tables', async ({ t, admin }) => {
    expect(await seedDemoBranches(t.database.db)).toEqual(['gulshan', 'uttara']);
    expect(await seedDemoBranches(t.database.db)).toEqual([]);
    await forgetBranches(t, admin);

    const listed = (await call(t, 'GET', '/api/v1/branches?lang=bn', undefined)).json<{ data: Branch[] }>().data;
    expect(listed.map((b) => [b.slug, b.name])).toEqual([
      [listed[0]!.slug, listed[0]!.name],
      ['gulshan', 'স্যাফরন টেবিল গুলশান'],
      ['uttara', 'স্যাফরন টেবিল উত্তরা'],
    ]);
    const uttara = listed[2]!;
    expect(uttara.translations.en.name).toBe('Saffron Table Uttara');
    expect(uttara.openingHours.map((h) => h.day)).toEqual([0, 2, 3, 4, 5, 6]);

    const first = (await call(t, 'GET', '/api/v1/restaurant', undefined)).json<{ data: RestaurantSettings }>().data;
    const gulshan = (await call(t, 'GET', '/api/v1/restaurant?branch=gulshan', undefined)).json<{
      data: RestaurantSettings;
    }>().data;
    // The settings answer the brand's name at every branch; the branch's own is in the branches' list.
    expect(gulshan).toMatchObject({ name: first.name, currency: first.currency });
    expect(listed[1]!.translations.en.name).toBe('Saffron Table Gulshan');
    expect(gulshan.reservations).toEqual(first.reservations);

    const tables = async (query: string) =>
      (await call(t, 'GET', `/api/v1/tables${query}`, admin))
        .json<{ data: { name: string }[] }>()
        .data.map((x) => x.name);
    expect(await tables('?branch=gulshan')).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9']);
    expect(await tables('?branch=uttara')).toEqual(['U1', 'U2', 'U3', 'U4', 'U5', 'U6']);
    expect((await tables('')).every((name) => name.startsWith('T'))).toBe(true);
    // A few prices of their own, and Uttara leaves the tacos out; the first branch sells at the brand's.
    const menuAt = async (query: string) =>
      new Map(
        (await call(t, 'GET', `/api/v1/allProductsData${query}`))
          .json<{ data: Product[] }>()
          .data.map((dish) => [dish.name, dish.price]),
      );
    const [main, atGulshan, atUttara] = [
      await menuAt(''),
      await menuAt('?branch=gulshan'),
      await menuAt('?branch=uttara'),
    ];
    expect(main.get('Classic Cheeseburger')).toBe(12);
    expect(atGulshan.get('Classic Cheeseburger')).toBe(13.5);
    expect(atGulshan.get('Smoky Bacon Burger')).toBe(15.5);
    expect(atUttara.get('Classic Cheeseburger')).toBe(11.5);
    expect(atUttara.has('Beef Tacos')).toBe(false);
    expect(atGulshan.get('Beef Tacos')).toBe(main.get('Beef Tacos'));
  });
});
