import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { text } from '../../support/bangla-texts.ts';
import { BANGLA_ASKS as BANGLA, addOrder, call, inLanguage as asking, orderEntry } from '../../support/records.ts';
import { named, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * A refusal that names a dish, an option group or a value names it in the request's language
 * (decision 049, 2026-11-28): asked in Bangla (`?lang=`, the `lang` cookie, a browser asking for
 * Bangla), the catalog's Bangla sentence with the owner's Bangla names; in English, the English
 * as before. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'dish-refusals-bn@example.com', password: 'dish-refusals-bn-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));

const bn = (thing: { translations?: { bn: { name: string } } }) => {
  const name = thing.translations?.bn.name;
  if (!name) throw new Error('no Bangla name');
  return name;
};

/** A dish with a Bangla name and a group one must choose from, the group and its values named in Bangla too. */
function withRequiredBanglaGroup(dishes: Product[]) {
  for (const dish of dishes) {
    const group = dish.options.find(
      (g) => g.min >= 1 && g.translations?.bn.name && g.values.every((v) => v.translations?.bn.name),
    );
    if (dish.translations?.bn.name && group) return { dish, group };
  }
  throw new Error('no dish with a required Bangla group');
}

describe('refusals naming dishes in the reader language', () => {
  test('"Choose … for …" and an option sold out name the group, the value and the dish in Bangla', async ({
    t,
    alice,
    admin,
    dishes,
  }) => {
    const { dish, group } = withRequiredBanglaGroup(dishes);
    const users = `/api/v1/users/?email=${encodeURIComponent(alice.email)}`;
    for (const asked of BANGLA) {
      const none = await asking(t, alice, 'PATCH', users, asked, { ...orderEntry(dish, 1, alice.email), options: [] });
      expect(none.statusCode, asked).toBe(400);
      expect(none.json().message, asked).toBe(text('server.choose', { group: bn(group), dish: bn(dish) }));
    }
    const none = await asking(t, alice, 'PATCH', users, 'en', { ...orderEntry(dish, 1, alice.email), options: [] });
    expect(none.json().message).toBe(`Choose ${group.name} for ${dish.name}`);

    const value = group.values[0];
    if (!value) throw new Error('no value');
    const off = `/api/v1/allProductsData/${dish._id}/options/${value._id}`;
    expect((await call(t, 'PATCH', off, admin, { available: false })).statusCode).toBe(200);
    try {
      for (const asked of BANGLA) {
        const soldOut = await asking(t, alice, 'PATCH', users, asked, {
          ...orderEntry(dish, 1, alice.email),
          options: [value._id],
        });
        expect(soldOut.statusCode, asked).toBe(409);
        expect(soldOut.json().message, asked).toBe(text('server.soldOut', { names: `${bn(value)} (${bn(dish)})` }));
      }
      const soldOut = await asking(t, alice, 'PATCH', users, 'en', {
        ...orderEntry(dish, 1, alice.email),
        options: [value._id],
      });
      expect(soldOut.json().message).toBe(`Sold out: ${value.name} (${dish.name})`);
    } finally {
      expect((await call(t, 'PATCH', off, admin, { available: true })).statusCode).toBe(200);
    }
  });

  test('a dish sold out and a line already placed are named in Bangla', async ({ t, alice, staff, dishes }) => {
    const kacchi = named(dishes, 'Kacchi Biryani');
    const line = await addOrder(t, alice, orderEntry(kacchi, 1, alice.email));
    expect(line.statusCode).toBe(201);
    const lineId = line.json().data._id as number;
    const placed = await call(t, 'POST', '/api/v1/checkout', alice, {
      orderIds: [lineId],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const quote = `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${lineId}`;
    for (const asked of BANGLA) {
      const again = await asking(t, alice, 'GET', quote, asked);
      expect(again.statusCode, asked).toBe(409);
      expect(again.json().message, asked).toBe(text('server.alreadyPlaced', { name: bn(kacchi) }));
    }
    expect((await asking(t, alice, 'GET', quote, 'en')).json().message).toBe(
      'Kacchi Biryani is already in a placed order',
    );

    expect(
      (await call(t, 'PATCH', `/api/v1/allProductsData/${kacchi._id}`, staff, { available: false })).statusCode,
    ).toBe(200);
    try {
      const users = `/api/v1/users/?email=${encodeURIComponent(alice.email)}`;
      for (const asked of BANGLA) {
        const soldOut = await asking(t, alice, 'PATCH', users, asked, orderEntry(kacchi, 1, alice.email));
        expect(soldOut.statusCode, asked).toBe(409);
        expect(soldOut.json().message, asked).toBe(text('server.soldOut', { names: bn(kacchi) }));
      }
      expect((await asking(t, alice, 'PATCH', users, 'en', orderEntry(kacchi, 1, alice.email))).json()).toEqual({
        success: false,
        message: 'Sold out: Kacchi Biryani',
      });
    } finally {
      expect(
        (await call(t, 'PATCH', `/api/v1/allProductsData/${kacchi._id}`, staff, { available: true })).statusCode,
      ).toBe(200);
    }
  });

  // Last: it removes a dish of the menu.
  test('a line whose dish left the menu is named in Bangla from its own copy when its quote is asked', async ({
    t,
    alice,
    admin,
    dishes,
  }) => {
    const dish = dishes.find((d) => d.translations?.bn.name && d.options.length === 0 && d.name !== 'Kacchi Biryani');
    if (!dish) throw new Error('no plain dish with a Bangla name');
    const line = await addOrder(t, alice, orderEntry(dish, 1, alice.email));
    expect(line.statusCode).toBe(201);
    expect((await call(t, 'DELETE', `/api/v1/allProductsData/${dish._id}`, admin)).statusCode).toBe(200);
    const quote = `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.json().data._id}`;
    for (const asked of BANGLA) {
      const gone = await asking(t, alice, 'GET', quote, asked);
      expect(gone.statusCode, asked).toBe(409);
      expect(gone.json().message, asked).toBe(text('server.noLongerOnMenu', { name: bn(dish) }));
    }
    expect((await asking(t, alice, 'GET', quote, 'en')).json().message).toBe(`${dish.name} is no longer on the menu`);
  });
});
