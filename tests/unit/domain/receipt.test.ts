import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { receiptHtml } from '../../../src/server/modules/bills/receipt.ts';
import { writerFor } from '../../../src/shared/i18n/format.ts';

/** The receipt page (docs/reference/ordering.md "The bill"): what it prints, on the restaurant's clock, with every text from data escaped. */
const bill: Bill = {
  _id: '7',
  branchId: '1',
  number: 'B-007',
  status: 'paid',
  fulfilment: 'dine_in',
  tableId: '3',
  ticketIds: ['11'],
  lines: [
    {
      _id: '1',
      ticketId: '11',
      name: '<script>alert(1)</script> Burger',
      options: [{ group: 'Size', name: 'Large "XL" & more', price: 2.5 }],
      quantity: 2,
      unitPrice: 15.5,
      total: 31,
      taxRate: 15,
    },
  ],
  subtotal: 31,
  discounts: [{ _id: '1', amount: 3.1, percent: 10, reason: "<img src=x onerror='x'>", by: 'Tess' }],
  serviceCharge: 2.79,
  deliveryFee: 0,
  taxes: [{ name: 'VAT', rate: 15, base: 27.9, amount: 3.64 }],
  taxInclusive: true,
  tips: 2,
  total: 30.69,
  paid: 30.69,
  due: 0,
  owedBack: 0,
  refunded: 0,
  payments: [
    {
      _id: '1',
      method: 'cash',
      provider: 'restaurant',
      amount: 30.69,
      tip: 2,
      tendered: 40,
      change: 7.31,
      status: 'succeeded',
      at: '2026-11-25T16:40:00.000Z',
    },
  ],
  receiptNumber: 128,
  openedAt: '2026-11-25T15:00:00.000Z',
  paidAt: '2026-11-25T16:40:00.000Z',
};

describe('the receipt page', () => {
  it('prints the restaurant, lines with options, discounts, service charge, taxes, tips, payments, change, number and local time', async () => {
    const html = receiptHtml(bill, DEMO_SETTINGS, '2026-11-25T20:00:00.000Z', await writerFor('en'));
    for (const text of [
      DEMO_SETTINGS.name,
      DEMO_SETTINGS.address,
      `VAT number ${DEMO_SETTINGS.billing.taxNumber}`,
      'Receipt no. 128',
      // Paid at 16:40 UTC: 22:40 in Dhaka (UTC+6), the restaurant's clock.
      '2026-11-25 22:40',
      'Large &quot;XL&quot; &amp; more',
      // Every amount in the restaurant's currency by the one formatter.
      'Service charge</td><td class="num">$2.79',
      'VAT 15 % (included) on $27.90</td><td class="num">$3.64',
      'Total</td><td class="num">$30.69',
      'Tip</td><td class="num">$2.00',
      'Tendered</td><td class="num">$40.00',
      'Change</td><td class="num">$7.31',
      'Due</td><td class="num">$0.00',
    ])
      expect(html, text).toContain(text);
    expect(html).toMatch(/@page \{ size: 80mm \d+mm; margin: 4mm; \}/);
  });

  it('escapes every text that comes from data', async () => {
    const html = receiptHtml(
      bill,
      { ...DEMO_SETTINGS, name: 'Saffron </title><script>x()</script>' },
      '2026-11-25T20:00:00.000Z',
      await writerFor('en'),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Burger');
    expect(html).toContain('Discount 10 %: &lt;img src=x onerror=&#39;x&#39;&gt;');
  });

  it('an unpaid bill says so, at the time it is printed', async () => {
    const { receiptNumber: _number, paidAt: _paidAt, ...open } = bill;
    const html = receiptHtml(
      { ...open, status: 'open', due: 5, paid: 25.69 },
      DEMO_SETTINGS,
      '2026-11-25T20:00:00.000Z',
      await writerFor('en'),
    );
    expect(html).toContain('Bill B-007 (not paid)');
    expect(html).toContain('2026-11-26 02:00');
    expect(html).not.toContain('Receipt no.');
  });

  it('is written in Bangla for a Bangla reader: its words, the amounts in taka and the digits in Bengali (decision 049)', async () => {
    const settings = { ...DEMO_SETTINGS, currency: 'BDT' };
    const html = receiptHtml(bill, settings, '2026-11-25T20:00:00.000Z', await writerFor('bn'));
    expect(html).toContain('<html lang="bn">');
    for (const text of [
      'রসিদ নং ১২৮',
      '২০২৬-১১-২৫ ২২:৪০',
      '২ × &lt;script&gt;',
      'সার্ভিস চার্জ</td><td class="num">৳২.৭৯',
      'মোট</td><td class="num">৳৩০.৬৯',
      'পরিশোধ (নগদ)</td><td class="num">৳৩০.৬৯',
      'ভাংতি ফেরত</td><td class="num">৳৭.৩১',
      'ধন্যবাদ',
    ])
      expect(html, text).toContain(text);
    expect(html).not.toMatch(/Subtotal|Total|Thank you|Receipt no/);
    // A restaurant that keeps Latin digits: Bangla words, 0-9.
    const latin = receiptHtml(
      bill,
      { ...settings, latinDigits: true },
      '2026-11-25T20:00:00.000Z',
      await writerFor('bn', true),
    );
    expect(latin).toContain('রসিদ নং 128');
    expect(latin).toContain('মোট</td><td class="num">৳30.69');
  });
});
