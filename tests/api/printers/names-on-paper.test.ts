import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import { FakeCloudPrntPrinter } from '../../support/fake-cloudprnt.ts';
import { addPrinter, byCategory, jobsOf, on, removeAll, staffOrder } from '../../support/printers.ts';
import { call as send } from '../../support/records.ts';
import { useStaffOrderWorld } from '../../support/staff-orders.ts';
import { until } from '../../support/until.ts';

/**
 * Issue 58, points 9 and 7: the dish page said "Tree nuts" and the printed ticket "NUTS"; the
 * receipt named a bKash payment by the API's key, "bkash". On paper an allergen has the one name
 * the screens give it (in capitals), in each language, and a payment its provider's name. Runs
 * on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'names-on-paper@example.com', password: 'names-on-paper-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));
const utf8 = (copies: { bytes: Buffer }[]) => copies.map((c) => c.bytes.toString('utf8')).join('');

describe('names on paper', () => {
  // Two printers' rounds and a language switch: longer than a plain call on a busy PostgreSQL.
  test(
    'the kitchen ticket names each allergen as the dish page does, in English and in Bangla; the receipt names bKash',
    { timeout: 90_000 },
    async ({ t, admin, staff, dishes, base }) => {
      await removeAll(t);
      const [sandwich] = byCategory(dishes, 'Sandwiches');
      expect(
        (
          await send(t, 'PATCH', `/api/v1/allProductsData/${sandwich?._id}`, admin, {
            allergens: ['nuts', 'crustaceans'],
          })
        ).statusCode,
      ).toBe(200);
      const hot = await addPrinter(t, admin, { name: 'Hot', role: 'kitchen', categories: [], paperWidth: 80 });
      const plain = new FakeCloudPrntPrinter({ urls: [on(base, hot)], supports: ['text/plain'] });

      const english = await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: 1 }]);
      await until(async () => (await jobsOf(t, admin, hot._id)).length === 1, 'the English ticket');
      const ticket = utf8(await plain.drain());
      expect(ticket).toContain('ALLERGENS: CRUSTACEANS, TREE NUTS');
      expect(ticket).not.toMatch(/\bNUTS\b(?<!TREE NUTS)/);

      // The bill paid by bKash at the restaurant: its receipt names the provider as it writes itself.
      const bill = (await send(t, 'GET', `/api/v1/bills/${english.billId}`, staff)).json().data as Bill;
      expect(
        (
          await send(t, 'POST', `/api/v1/bills/${english.billId}/payments`, staff, {
            method: 'bkash',
            amount: bill.due,
            key: 'names-on-paper-bkash',
          })
        ).statusCode,
      ).toBe(201);
      const receipt = (await send(t, 'GET', `/api/v1/bills/${english.billId}/receipt`, staff)).body;
      expect(receipt).toContain('bKash');
      expect(receipt).not.toContain('bkash');

      expect(
        (await send(t, 'PATCH', '/api/v1/restaurant', admin, { language: 'bn', currency: 'BDT' })).statusCode,
      ).toBe(200);
      try {
        await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: 1 }]);
        await until(async () => (await jobsOf(t, admin, hot._id)).length === 2, 'the Bangla ticket');
        // The dish page's Bangla names (allergen.* in bn.json), one name on screen and paper.
        expect(utf8(await plain.drain())).toContain('অ্যালার্জেন: চিংড়ি-কাঁকড়া জাতীয়, বাদাম');
      } finally {
        expect(
          (await send(t, 'PATCH', '/api/v1/restaurant', admin, { language: 'en', currency: 'USD' })).statusCode,
        ).toBe(200);
      }
    },
  );
});
