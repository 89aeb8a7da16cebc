import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import { textImage } from '../../../src/server/modules/printers/bangla-image.ts';
import { FakeCloudPrntPrinter } from '../../support/fake-cloudprnt.ts';
import type { TestAccount } from '../../support/factories.ts';
import { addPrinter, byCategory, jobsOf, on, removeAll, staffOrder } from '../../support/printers.ts';
import { call as send } from '../../support/records.ts';
import { useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';

/**
 * What the printers print is in the restaurant's language (decision 049): in a restaurant that
 * speaks Bangla, the kitchen's ticket, its slips, the receipt, the test page and "REPRINT" are in
 * Bangla with Bengali digits, drawn as pictures for the printers' own bytes and written as
 * UTF-8 text for a plain-text copy; in English as before. The receipt page follows its reader.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'printer-languages@example.com', password: 'printer-languages-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));
const utf8 = (copies: { bytes: Buffer }[]) => copies.map((c) => c.bytes.toString('utf8')).join('');
const HHMM_BENGALI = /[০-৯]{2}:[০-৯]{2}/;

async function speak(t: TestApp, admin: TestAccount, language: 'en' | 'bn', currency: string): Promise<void> {
  const res = await send(t, 'PATCH', '/api/v1/restaurant', admin, { language, currency });
  if (res.statusCode !== 200) throw new Error(res.body);
}

describe('printed in the restaurant language', () => {
  test('Bangla: the ticket, its slips, the receipt, the test page and a reprint; English again once the restaurant speaks English', async ({
    t,
    admin,
    staff,
    dishes,
    base,
  }) => {
    await removeAll(t);
    const [sandwich] = byCategory(dishes, 'Sandwiches');
    const hot = await addPrinter(t, admin, { name: 'Hot', role: 'kitchen', categories: [], paperWidth: 80 });
    await speak(t, admin, 'bn', 'BDT');
    try {
      const till = await addPrinter(t, admin, { name: 'Till', role: 'receipt', paperWidth: 80 });
      const plain = new FakeCloudPrntPrinter({ urls: [on(base, hot)], supports: ['text/plain'] });
      const ticket = await staffOrder(t, staff, [
        { productId: sandwich?._id as string, quantity: 2, note: 'no onion' },
      ]);
      await until(async () => (await jobsOf(t, admin, hot._id)).length === 1, 'the order');
      expect((await jobsOf(t, admin, hot._id))[0]?.title).toBe(`অর্ডার ${ticket.number}`);
      const order = utf8(await plain.drain());
      for (const text of [
        ticket.number.split('').join(' '),
        'পিক-আপ',
        `২ x ${sandwich?.translations?.bn.name}`,
        'নোট: no onion',
        'অর্ডার ',
      ])
        expect(order, text).toContain(text);
      expect(order).not.toContain(sandwich?.name);
      expect(order).toMatch(new RegExp(`তৈরি ${HHMM_BENGALI.source} এখনই`));
      expect(order).toContain('অ্যালার্জেন: ');
      expect(order).not.toMatch(/Ready|Placed|PICK-UP|NOTE/);

      // The printers' own bytes: the Bangla lines are pictures (ESC/POS GS 8 L), the picture of "নোট: no onion" among them.
      // The owner renames the dish in Bangla before the cancel: the slip names it as the ticket's line copied it (decision 050).
      const bangla = sandwich?.translations?.bn.name as string;
      expect(
        (
          await send(t, 'PATCH', `/api/v1/allProductsData/${sandwich?._id}`, admin, {
            translations: { bn: { name: 'নতুন স্যান্ডউইচ' } },
          })
        ).statusCode,
      ).toBe(200);
      await send(t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, staff, {
        status: 'cancelled',
        reason: 'Guest left',
      });
      await send(t, 'PATCH', `/api/v1/allProductsData/${sandwich?._id}`, admin, {
        translations: { bn: { name: bangla } },
      });
      await until(async () => (await jobsOf(t, admin, hot._id)).length === 2, 'the cancel slip');
      const cancelled = await t.database.db
        .selectFrom('print_jobs')
        .select('document')
        .where('kind', '=', 'cancel')
        .executeTakeFirstOrThrow();
      const pictured = [...cancelled.document.matchAll(/;_:([A-Za-z0-9+/=]+)\}/g)].map((m) =>
        Buffer.from(m[1] as string, 'base64').toString('utf8'),
      );
      expect(pictured).toContain(`^^২ x ${bangla}`);
      expect(pictured.join('\n')).not.toContain('নতুন');
      expect(cancelled.document).toContain(`{i:${await textImage('বাতিল', 576, 48)};_:`);
      expect(cancelled.document).toContain(`{i:${await textImage('কারণ: Guest left', 576, 40)};_:`);
      const escpos = new FakeCloudPrntPrinter({ urls: [on(base, hot)], supports: ['application/vnd.escpos'] });
      const [slip] = await escpos.drain();
      expect(slip?.bytes.includes(Buffer.from([0x1d, 0x38, 0x4c]))).toBe(true);
      expect(slip?.text).toContain(ticket.number);
      expect(slip?.text).not.toMatch(/CANCELLED|Reason/);

      // The receipt of the paid bill, at the receipt printer: Bangla words, taka, Bengali digits.
      const tillPrinter = new FakeCloudPrntPrinter({ urls: [on(base, till)], supports: ['text/plain'] });
      const paying = await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: 3 }]);
      const bill = (await send(t, 'GET', `/api/v1/bills/${paying.billId}`, staff)).json().data as Bill;
      expect(
        (
          await send(t, 'POST', `/api/v1/bills/${paying.billId}/payments`, staff, {
            method: 'cash',
            amount: bill.due,
            key: 'languages-pay-1',
          })
        ).statusCode,
      ).toBe(201);
      await until(async () => (await jobsOf(t, admin, till._id)).length === 1, 'the receipt');
      const receipt = utf8(await tillPrinter.drain());
      // The dish named by the Bangla name its line copied (decision 050).
      for (const text of [
        `৩ × ${sandwich?.translations?.bn.name}`,
        'উপমোট',
        'মোট',
        'পরিশোধ (নগদ)',
        'বাকি',
        'ধন্যবাদ',
        '৳',
      ])
        expect(receipt, text).toContain(text);
      expect(receipt).not.toContain(sandwich?.name);
      expect(receipt).toMatch(/রসিদ নং [০-৯]+/);
      expect(receipt).toMatch(/৳[০-৯,]+\.[০-৯]{2}/);
      expect(receipt).not.toMatch(/Subtotal|Thank you|Receipt no/);

      // The receipt page follows its reader: the restaurant's Bangla by default, English when asked for.
      const page = (await send(t, 'GET', `/api/v1/bills/${paying.billId}/receipt`, staff)).body;
      expect(page).toContain('<html lang="bn">');
      expect(page).toContain('ধন্যবাদ');
      const english = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bills/${paying.billId}/receipt`,
        headers: { authorization: `Bearer ${staff.accessToken}`, cookie: 'lang=en' },
      });
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('Thank you');

      // The test page and a reprint of it.
      const testJob = (await send(t, 'POST', `/api/v1/printers/${hot._id}/test`, admin)).json().data as {
        _id: string;
        title: string;
      };
      expect(testJob.title).toBe('পরীক্ষার পাতা');
      expect((await send(t, 'POST', `/api/v1/printers/jobs/${testJob._id}/reprint`, staff)).statusCode).toBe(201);
      const pages = utf8(await plain.drain());
      expect(pages.split('পরীক্ষার পাতা')).toHaveLength(3);
      expect(pages).toMatch(/রান্নাঘর +৮০ মিমি/);
      expect(pages).toContain('আবার ছাপা');
      expect(pages).not.toMatch(/TEST PAGE|REPRINT/);
    } finally {
      await speak(t, admin, 'en', 'USD');
    }

    // English again: the same documents in English.
    const before = (await jobsOf(t, admin, hot._id)).length;
    const ticket = await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: 2, note: 'no onion' }]);
    await until(async () => (await jobsOf(t, admin, hot._id)).length === before + 1, 'the order');
    const job = await t.database.db
      .selectFrom('print_jobs')
      .select(['document', 'title'])
      .where('kind', '=', 'ticket')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job.title).toBe(`Order ${ticket.number}`);
    expect(job.document).toContain('NOTE: no onion');
    expect(job.document).toContain(`2 x ${sandwich?.name}`);
    expect(job.document).toMatch(/\^\^Ready \d\d:\d\d ASAP \| Placed \d\d:\d\d/);
    expect(job.document).not.toContain('{i:');
  });

  test("Bangla: a ticket names each dish by the owner's Bangla name, else by its English one", async ({
    t,
    admin,
    staff,
    dishes,
    base,
  }) => {
    await removeAll(t);
    const [named, unnamed] = byCategory(dishes, 'Sandwiches');
    expect(named?.translations?.bn.name).toBeTruthy();
    const hot = await addPrinter(t, admin, { name: 'Hot', role: 'kitchen', categories: [], paperWidth: 80 });
    const cleared = await send(t, 'PATCH', `/api/v1/allProductsData/${unnamed?._id}`, admin, {
      translations: { bn: { name: '' } },
    });
    expect(cleared.statusCode).toBe(200);
    await speak(t, admin, 'bn', 'BDT');
    try {
      const plain = new FakeCloudPrntPrinter({ urls: [on(base, hot)], supports: ['text/plain'] });
      await staffOrder(t, staff, [
        { productId: named?._id as string, quantity: 1 },
        { productId: unnamed?._id as string, quantity: 2 },
      ]);
      await until(async () => (await jobsOf(t, admin, hot._id)).length === 1, 'the order');
      const order = utf8(await plain.drain());
      expect(order).toContain(`১ x ${named?.translations?.bn.name}`);
      expect(order).toContain(`২ x ${unnamed?.name}`);
      expect(order).not.toContain(named?.name);
    } finally {
      await speak(t, admin, 'en', 'USD');
    }
  });
});
