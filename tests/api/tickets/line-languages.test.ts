import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { AllDayCount, KitchenTicket } from '../../../src/shared/contract/kitchen.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import type { UserRecord } from '../../../src/shared/contract/users.ts';
import type { TestAccount } from '../../support/factories.ts';
import {
  type Asked,
  addOrder,
  call,
  favoriteEntry,
  inLanguage,
  menu,
  orderEntry,
  q,
  reportEntry,
} from '../../support/records.ts';
import { named, newKey, post, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * An order's lines copy the dish's Bangla name and their options' Bangla names when placed
 * (decision 050): every answer that lists lines (a ticket, My Orders, the kitchen board and its
 * all-day counts, a bill, the receipt page, a guest's bag) names them in the request's language
 * (`?lang=`, the `lang` cookie, a browser asking for Bangla), the other language's where the copy
 * has none; a later menu edit does not change a copy. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const ADMIN = { email: 'line-languages@example.com', password: 'line-languages-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));
const KACCHI_BN = 'কাচ্চি বিরিয়ানি';

async function read(t: TestApp, who: TestAccount, url: string, asked: Asked) {
  const res = await inLanguage(t, who, 'GET', url, asked);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res;
}
const json = async <T>(t: TestApp, who: TestAccount, url: string, asked: Asked) =>
  ((await read(t, who, url, asked)).json() as { data: T }).data;

/** A dish of the menu with an option group whose group and values have Bangla names. */
function withBanglaOptions(dishes: Product[]): Product {
  const dish = dishes.find((d) =>
    d.options.some((g) => g.translations?.bn.name && g.values.every((v) => v.translations?.bn.name)),
  );
  if (!dish) throw new Error('no dish with Bangla options');
  return dish;
}

describe('order lines in the reader language', () => {
  test('a guest order and a staff order name their dishes and options in Bangla or English, from their copies', async ({
    t,
    alice,
    staff,
    admin,
    dishes,
  }) => {
    const kacchi = named(dishes, 'Kacchi Biryani');
    expect(kacchi.translations?.bn.name).toBe(KACCHI_BN);
    const optioned = withBanglaOptions(dishes);
    const group = optioned.options.find((g) => g.translations?.bn.name && g.values.length > 0);
    const value = group?.values.find((v) => v.default) ?? group?.values[0];
    // Alice's bag: Kacchi Biryani and the dish with options, checked out as one pick-up.
    const first = await addOrder(t, alice, orderEntry(kacchi, 2, alice.email));
    expect(first.statusCode).toBe(201);
    const second = await addOrder(t, alice, { ...orderEntry(optioned, 1, alice.email), options: [value?._id] });
    expect(second.statusCode).toBe(201);
    const bag = await json<UserRecord>(t, alice, `/api/v1/users${q(alice.email)}`, 'cookie');
    expect(bag.orders.map((o) => o.orderName)).toEqual([KACCHI_BN, optioned.translations?.bn.name]);
    expect(bag.orders[1]?.options?.[0]).toMatchObject({
      group: group?.translations?.bn.name,
      name: value?.translations?.bn.name,
    });
    const placed = await call(t, 'POST', '/api/v1/checkout', alice, {
      orderIds: [first.json().data._id, second.json().data._id],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const ticket = placed.json().data as Ticket;
    expect(ticket.lines.map((l) => l.name)).toEqual(['Kacchi Biryani', optioned.name]);

    for (const asked of ['cookie', 'header', 'query'] as const) {
      const inBangla = await json<Ticket>(t, alice, `/api/v1/tickets/${ticket._id}`, asked);
      expect(
        inBangla.lines.map((l) => l.name),
        asked,
      ).toEqual([KACCHI_BN, optioned.translations?.bn.name]);
      expect(inBangla.lines[1]?.options?.[0], asked).toMatchObject({
        group: group?.translations?.bn.name,
        name: value?.translations?.bn.name,
        price: value?.price,
      });
    }
    const inEnglish = await json<Ticket>(t, alice, `/api/v1/tickets/${ticket._id}`, 'en');
    expect(inEnglish.lines.map((l) => l.name)).toEqual(['Kacchi Biryani', optioned.name]);
    expect(inEnglish.lines[1]?.options?.[0]).toMatchObject({ group: group?.name, name: value?.name });
    // My Orders, the kitchen board, all day, the bill and the receipt page.
    expect((await json<Ticket[]>(t, alice, '/api/v1/tickets/mine', 'cookie'))[0]?.lines[0]?.name).toBe(KACCHI_BN);
    const card = async (asked: Asked) =>
      (await json<KitchenTicket[]>(t, staff, '/api/v1/kitchen/tickets', asked)).find((c) => c._id === ticket._id);
    expect((await card('cookie'))?.lines.map((l) => l.name)).toEqual([KACCHI_BN, optioned.translations?.bn.name]);
    expect((await card('en'))?.lines[0]?.name).toBe('Kacchi Biryani');
    const allDay = async (asked: Asked) =>
      (await json<AllDayCount[]>(t, staff, '/api/v1/kitchen/all-day', asked)).find((c) => c.productId === kacchi._id);
    expect(await allDay('cookie')).toMatchObject({ name: KACCHI_BN, quantity: 2 });
    expect((await allDay('en'))?.name).toBe('Kacchi Biryani');
    const optionCount = (await json<AllDayCount[]>(t, staff, '/api/v1/kitchen/all-day', 'cookie')).find(
      (c) => c.productId === optioned._id,
    );
    expect(optionCount?.options?.map((o) => o.name)).toContain(value?.translations?.bn.name);
    const bill = await json<Bill>(t, alice, `/api/v1/bills/${ticket.billId}`, 'cookie');
    expect(bill.lines.map((l) => l.name)).toEqual([KACCHI_BN, optioned.translations?.bn.name]);
    expect((await json<Bill>(t, staff, `/api/v1/bills/${ticket.billId}`, 'en')).lines[0]?.name).toBe('Kacchi Biryani');
    expect(
      (await json<Bill[]>(t, staff, '/api/v1/bills', 'cookie')).find((b) => b._id === ticket.billId)?.lines[0]?.name,
    ).toBe(KACCHI_BN);
    const receipt = (await read(t, alice, `/api/v1/bills/${ticket.billId}/receipt`, 'cookie')).body;
    expect(receipt).toContain('<html lang="bn">');
    expect(receipt).toContain(`২ × ${KACCHI_BN}`);
    expect(receipt).toContain(value?.translations?.bn.name);
    expect((await read(t, alice, `/api/v1/bills/${ticket.billId}/receipt`, 'en')).body).toContain('2 × Kacchi Biryani');
    // The placed bag lines, in Bangla in Alice's record too.
    expect((await json<UserRecord>(t, alice, `/api/v1/users${q(alice.email)}`, 'header')).orders[0]?.orderName).toBe(
      KACCHI_BN,
    );

    // A staff order, answered in the language its request asked for.
    const staffOrder = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tickets',
      headers: { authorization: `Bearer ${staff.accessToken}`, cookie: 'lang=bn' },
      payload: {
        fulfilment: 'pickup',
        when: 'asap',
        lines: [{ productId: kacchi._id, quantity: 1 }],
        customer: { name: 'Rina Caller' },
        key: newKey(),
      },
    });
    expect(staffOrder.statusCode, staffOrder.body).toBe(201);
    expect((staffOrder.json().data as Ticket).lines[0]?.name).toBe(KACCHI_BN);
    const staffTicket = staffOrder.json().data as Ticket;

    // The owner renames the dish in Bangla afterwards: the copies keep the name they were placed with; the menu has the new one.
    const renamed = await call(t, 'PATCH', `/api/v1/allProductsData/${kacchi._id}`, admin, {
      translations: { bn: { name: 'নতুন কাচ্চি' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      expect((await json<Ticket>(t, alice, `/api/v1/tickets/${ticket._id}`, 'cookie')).lines[0]?.name).toBe(KACCHI_BN);
      expect((await json<Ticket>(t, staff, `/api/v1/tickets/${staffTicket._id}`, 'cookie')).lines[0]?.name).toBe(
        KACCHI_BN,
      );
      expect((await card('cookie'))?.lines[0]?.name).toBe(KACCHI_BN);
      expect((await json<Bill>(t, alice, `/api/v1/bills/${ticket.billId}`, 'cookie')).lines[0]?.name).toBe(KACCHI_BN);
      expect((await json<UserRecord>(t, alice, `/api/v1/users${q(alice.email)}`, 'cookie')).orders[0]?.orderName).toBe(
        KACCHI_BN,
      );
      expect((await json<Product>(t, alice, `/api/v1/allProductsData/${kacchi._id}`, 'cookie')).name).toBe('নতুন কাচ্চি');
    } finally {
      await call(t, 'PATCH', `/api/v1/allProductsData/${kacchi._id}`, admin, {
        translations: { bn: { name: KACCHI_BN } },
      });
    }
    const copies = await t.database.db
      .selectFrom('ticket_lines')
      .select(['name', 'name_bn'])
      .where('ticket_id', '=', Number(ticket._id))
      .orderBy('id')
      .execute();
    expect(copies[0]).toEqual({ name: 'Kacchi Biryani', name_bn: KACCHI_BN });
  });

  test('a dish without a Bangla name is named in English to a Bangla reader', async ({ t, staff, admin, dishes }) => {
    const fuchka = named(dishes, 'Fuchka');
    const cleared = await call(t, 'PATCH', `/api/v1/allProductsData/${fuchka._id}`, admin, {
      translations: { bn: { name: '' } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    try {
      const res = await post(t, staff, {
        fulfilment: 'pickup',
        when: 'asap',
        lines: [{ productId: fuchka._id, quantity: 3 }],
        customer: { name: 'Rina Caller' },
        key: newKey(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const ticket = res.json().data as Ticket;
      expect((await json<Ticket>(t, staff, `/api/v1/tickets/${ticket._id}`, 'cookie')).lines[0]?.name).toBe('Fuchka');
      expect((await json<Bill>(t, staff, `/api/v1/bills/${ticket.billId}`, 'cookie')).lines[0]?.name).toBe('Fuchka');
      expect(
        (await json<KitchenTicket[]>(t, staff, '/api/v1/kitchen/tickets', 'cookie')).find((c) => c._id === ticket._id)
          ?.lines[0]?.name,
      ).toBe('Fuchka');
    } finally {
      await call(t, 'PATCH', `/api/v1/allProductsData/${fuchka._id}`, admin, {
        translations: { bn: { name: 'ফুচকা' } },
      });
    }
    // Still the menu's after the test: other files read it.
    expect((await menu(t)).find((d) => d._id === fuchka._id)?.translations?.bn.name).toBe('ফুচকা');
  });

  test('a favourite and a report, added and removed, name their dish in the language asked for, as the record does', async ({
    t,
    bob,
    dishes,
  }) => {
    const kacchi = named(dishes, 'Kacchi Biryani');
    const favorite = await inLanguage(
      t,
      bob,
      'PATCH',
      `/api/v1/users/favorites${q(bob.email)}`,
      'cookie',
      favoriteEntry(kacchi, bob.email),
    );
    expect(favorite.statusCode, favorite.body).toBe(201);
    expect(favorite.json().data).toMatchObject({ orderName: KACCHI_BN, orderCategory: 'দেশি খাবার' });
    const report = await inLanguage(
      t,
      bob,
      'PATCH',
      `/api/v1/users/reports${q(bob.email)}`,
      'header',
      reportEntry(kacchi, bob.email, 'Too much saffron'),
    );
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().data.orderName).toBe(KACCHI_BN);
    const record = await json<UserRecord>(t, bob, `/api/v1/users${q(bob.email)}`, 'query');
    expect([record.favorites[0]?.orderName, record.reports[0]?.orderName]).toEqual([KACCHI_BN, KACCHI_BN]);
    const english = await json<UserRecord>(t, bob, `/api/v1/users${q(bob.email)}`, 'en');
    expect([
      english.favorites[0]?.orderName,
      english.reports[0]?.orderName,
      english.favorites[0]?.orderCategory,
    ]).toEqual(['Kacchi Biryani', 'Kacchi Biryani', 'Bangladeshi']);
    const removed = await inLanguage(t, bob, 'PUT', `/api/v1/users/favorites/${kacchi._id}`, 'cookie', {
      email: bob.email,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.orderName).toBe(KACCHI_BN);
  });
});
