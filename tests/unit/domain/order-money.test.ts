import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BillFulfilment, billMoney, billingRules, orderMoney } from '../../../src/shared/domain/billing.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/**
 * One figure (docs/reference/ordering.md "Money that agrees on every screen"): what a quote, a checkout, a staff
 * order and a ticket are priced at is the bill's total for the same lines, fee and settings.
 */
const billing = fc.record({
  taxName: fc.constantFrom('VAT', 'GST'),
  taxInclusive: fc.boolean(),
  rates: fc.record({
    dineIn: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
    takeaway: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
  }),
  categoryRates: fc.dictionary(
    fc.constantFrom('Drinks', 'Pizza'),
    fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
  ),
  serviceChargePercent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
});
const lines = fc.array(
  fc.record({
    total: fc.integer({ min: 0, max: 1_000_000 }).map(asMinor),
    category: fc.constantFrom('Drinks', 'Pizza', 'Burgers'),
  }),
  { minLength: 1, maxLength: 12 },
);

describe('orderMoney', () => {
  it('the walk: $16.94 picked up with 5 % added is $17.79, "VAT 5 %" $0.85', () => {
    const money = orderMoney({
      fulfilment: 'pickup',
      lines: [{ total: asMinor(1694), category: 'Sandwiches' }],
      deliveryFee: asMinor(0),
      billing: {
        taxName: 'VAT',
        taxInclusive: false,
        rates: { dineIn: 10, takeaway: 5 },
        categoryRates: {},
        serviceChargePercent: 10,
      },
    });
    expect(money).toEqual({
      subtotal: 1694,
      serviceCharge: 0,
      deliveryFee: 0,
      taxes: [{ name: 'VAT', rate: 5, base: 1694, amount: 85 }],
      taxInclusive: false,
      total: 1779,
    });
  });

  it('equals the bill of the same lines, fee and settings, for 2,000 generated orders', () => {
    fc.assert(
      fc.property(
        billing,
        lines,
        fc.constantFrom<BillFulfilment>('pickup', 'delivery', 'dine_in'),
        fc.integer({ min: 0, max: 100_000 }),
        (settings, orderLines, fulfilment, fee) => {
          const deliveryFee = asMinor(fulfilment === 'delivery' ? fee : 0);
          const order = orderMoney({ fulfilment, lines: orderLines, deliveryFee, billing: settings });
          const bill = billMoney({
            fulfilment,
            lines: orderLines,
            discounts: [],
            deliveryFee,
            rules: billingRules(settings),
          });
          expect(order.total).toBe(bill.total);
          expect([order.subtotal, order.serviceCharge, order.deliveryFee]).toEqual([
            bill.subtotal,
            bill.serviceCharge,
            bill.deliveryFee,
          ]);
          expect(order.taxes).toEqual(bill.taxes.map((t) => ({ name: settings.taxName, ...t })));
          expect(order.total).toBe(
            order.subtotal +
              order.serviceCharge +
              order.deliveryFee +
              (settings.taxInclusive ? 0 : order.taxes.reduce((s, t) => s + t.amount, 0)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
