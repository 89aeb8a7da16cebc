import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BillFulfilment,
  type BillingRules,
  type DiscountInput,
  basisPoints,
  billMoney,
  changeOf,
  paymentSums,
  percentOf,
  shareOut,
  splitShares,
  taxOf,
} from '../../../src/shared/domain/billing.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/** The bill's money maths (docs/reference/ordering.md "The bill"): worked examples, then 10,000 generated bills. */

function rules(over: Partial<BillingRules> = {}): BillingRules {
  return {
    taxInclusive: true,
    rates: { dineIn: 15, takeaway: 5 },
    categoryRates: {},
    serviceChargePercent: 0,
    ...over,
  };
}

interface Example {
  name: string;
  fulfilment: BillFulfilment;
  rules: BillingRules;
  lines: { total: number; category: string }[];
  discounts?: DiscountInput[];
  deliveryFee?: number;
  want: {
    subtotal: number;
    discount: number;
    serviceCharge: number;
    taxes: { rate: number; base: number; amount: number }[];
    total: number;
  };
}

const examples: Example[] = [
  {
    // 10.00 dine-in, VAT 15 % inside: 1000 × 15 / 115 = 130.43… → 130; the total stays 10.00.
    name: 'inclusive 15 %',
    fulfilment: 'dine_in',
    rules: rules(),
    lines: [{ total: 1000, category: 'Burgers' }],
    want: {
      subtotal: 1000,
      discount: 0,
      serviceCharge: 0,
      taxes: [{ rate: 15, base: 1000, amount: 130 }],
      total: 1000,
    },
  },
  {
    // 2 × 6.25 = 12.50 pick-up, 5 % added: 1250 × 5 / 100 = 62.5 → 63 (half away from zero); 1250 + 63 = 13.13.
    name: 'exclusive 5 %',
    fulfilment: 'pickup',
    rules: rules({ taxInclusive: false }),
    lines: [{ total: 1250, category: 'Pizza' }],
    want: { subtotal: 1250, discount: 0, serviceCharge: 0, taxes: [{ rate: 5, base: 1250, amount: 63 }], total: 1313 },
  },
  {
    // Drinks at 0 %: water 3.00 carries no tax; the burger 10.00 at 15 % inside: 130. Total 13.00.
    name: 'a category at 0 %',
    fulfilment: 'dine_in',
    rules: rules({ categoryRates: { Drinks: 0 } }),
    lines: [
      { total: 1000, category: 'Burgers' },
      { total: 300, category: 'Drinks' },
    ],
    want: {
      subtotal: 1300,
      discount: 0,
      serviceCharge: 0,
      taxes: [
        { rate: 0, base: 300, amount: 0 },
        { rate: 15, base: 1000, amount: 130 },
      ],
      total: 1300,
    },
  },
  {
    // 10 % off 30.00 = 3.00, shared 2000:1000 → 2.00 and 1.00; bases 18.00 at 5 % (0.90) and
    // 9.00 at 15 % (1.35), added: 30.00 − 3.00 + 2.25 = 29.25.
    name: 'a percent discount over two rates',
    fulfilment: 'pickup',
    rules: rules({ taxInclusive: false, categoryRates: { Drinks: 15 } }),
    lines: [
      { total: 2000, category: 'Pizza' },
      { total: 1000, category: 'Drinks' },
    ],
    discounts: [{ percent: 10 }],
    want: {
      subtotal: 3000,
      discount: 300,
      serviceCharge: 0,
      taxes: [
        { rate: 5, base: 1800, amount: 90 },
        { rate: 15, base: 900, amount: 135 },
      ],
      total: 2925,
    },
  },
  {
    // 1.00 off shared 2:1 → 66.67 and 33.33 floor to 66 and 33, the cent left over to the larger
    // base: 67 and 33. Bases 19.33 (× 5 % = 96.65 → 97) and 9.67 (× 15 % = 145.05 → 145).
    // 30.00 − 1.00 + 0.97 + 1.45 = 31.42.
    name: 'an amount discount with a cent left over',
    fulfilment: 'pickup',
    rules: rules({ taxInclusive: false, categoryRates: { Drinks: 15 } }),
    lines: [
      { total: 2000, category: 'Pizza' },
      { total: 1000, category: 'Drinks' },
    ],
    discounts: [{ amount: asMinor(100) }],
    want: {
      subtotal: 3000,
      discount: 100,
      serviceCharge: 0,
      taxes: [
        { rate: 5, base: 1933, amount: 97 },
        { rate: 15, base: 967, amount: 145 },
      ],
      total: 3142,
    },
  },
  {
    // 45.50 − 5.50 = 40.00; service 10 % of 40.00 = 4.00, untaxed; VAT inside 4000 × 15 / 115 =
    // 521.74 → 522. Total 40.00 + 4.00 = 44.00.
    name: 'a service charge on dine-in',
    fulfilment: 'dine_in',
    rules: rules({ serviceChargePercent: 10 }),
    lines: [{ total: 4550, category: 'Mains' }],
    discounts: [{ amount: asMinor(550) }],
    want: {
      subtotal: 4550,
      discount: 550,
      serviceCharge: 400,
      taxes: [{ rate: 15, base: 4000, amount: 522 }],
      total: 4400,
    },
  },
  {
    // The same order picked up: no service charge; 5 % inside 4000 × 5 / 105 = 190.48 → 190. Total 40.00.
    name: 'no service charge on pick-up',
    fulfilment: 'pickup',
    rules: rules({ serviceChargePercent: 10 }),
    lines: [{ total: 4550, category: 'Mains' }],
    discounts: [{ amount: asMinor(550) }],
    want: {
      subtotal: 4550,
      discount: 550,
      serviceCharge: 0,
      taxes: [{ rate: 5, base: 4000, amount: 190 }],
      total: 4000,
    },
  },
  {
    // Delivery 10.00 at 5 % added (0.50) and a fee of 2.99 with no tax: 10.00 + 0.50 + 2.99 = 13.49.
    name: 'an untaxed delivery fee',
    fulfilment: 'delivery',
    rules: rules({ taxInclusive: false, serviceChargePercent: 10 }),
    lines: [{ total: 1000, category: 'Mains' }],
    deliveryFee: 299,
    want: { subtotal: 1000, discount: 0, serviceCharge: 0, taxes: [{ rate: 5, base: 1000, amount: 50 }], total: 1349 },
  },
  {
    // 12.5 % of 9.99 = 124.875 → 125 cents off; 874 at 15 % added: 131.1 → 131; 874 + 131 = 10.05.
    name: 'a percent with two decimals',
    fulfilment: 'pickup',
    rules: rules({ taxInclusive: false, rates: { dineIn: 15, takeaway: 15 } }),
    lines: [{ total: 999, category: 'Mains' }],
    discounts: [{ percent: 12.5 }],
    want: {
      subtotal: 999,
      discount: 125,
      serviceCharge: 0,
      taxes: [{ rate: 15, base: 874, amount: 131 }],
      total: 1005,
    },
  },
];

describe('worked examples', () => {
  for (const example of examples) {
    it(example.name, () => {
      const money = billMoney({
        fulfilment: example.fulfilment,
        lines: example.lines.map((l) => ({ ...l, total: asMinor(l.total) })),
        discounts: example.discounts ?? [],
        deliveryFee: asMinor(example.deliveryFee ?? 0),
        rules: example.rules,
      });
      expect({
        subtotal: money.subtotal,
        discount: money.discount,
        serviceCharge: money.serviceCharge,
        taxes: money.taxes,
        total: money.total,
      }).toEqual(example.want);
    });
  }

  it('rounds half away from zero, once', () => {
    expect(percentOf(asMinor(1250), 5)).toBe(63); // 62.5
    expect(percentOf(asMinor(1249), 5)).toBe(62); // 62.45
    expect(taxOf(asMinor(2300), 15, true)).toBe(300); // 2300 × 15 / 115 = 300 exactly
    expect(taxOf(asMinor(-1250), 5, false)).toBe(-63);
    expect(basisPoints(12.34)).toBe(1234);
  });

  it('splits with the left-over units on the first shares', () => {
    // 100.00 three ways: 33.34, 33.33, 33.33.
    expect(splitShares(asMinor(10_000), 3)).toEqual([3334, 3333, 3333]);
    // 0.10 three ways: 0.04, 0.03, 0.03.
    expect(splitShares(asMinor(10), 3)).toEqual([4, 3, 3]);
    expect(splitShares(asMinor(0), 2)).toEqual([0, 0]);
    expect(() => splitShares(asMinor(100), 1)).toThrow(RangeError);
    expect(() => splitShares(asMinor(100), 21)).toThrow(RangeError);
  });

  it('shares a discount by bases, the rest to the largest', () => {
    expect(shareOut(asMinor(100), [asMinor(1000), asMinor(2000)])).toEqual([33, 67]);
    expect(shareOut(asMinor(5), [asMinor(0), asMinor(0)])).toEqual([5, 0]);
  });

  it('sums payments and change', () => {
    expect(
      paymentSums(asMinor(1000), [
        { amount: asMinor(400), tip: asMinor(50), succeeded: true },
        { amount: asMinor(600), tip: asMinor(0), succeeded: false },
      ]),
    ).toEqual({ paid: 400, kept: 400, due: 600, owedBack: 0, tips: 50, refunded: 0 });
    // 20.00 tendered for 13.13 and a 1.00 tip: 5.87 back.
    expect(changeOf(asMinor(2000), asMinor(1313), asMinor(100))).toBe(587);
    expect(changeOf(asMinor(1000), asMinor(1313), asMinor(0))).toBeUndefined();
  });
});

/** A rate or percent 0–100 with at most two decimals. */
const percent = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100);
const category = fc.constantFrom('Burgers', 'Pizza', 'Drinks', 'Desserts', 'Salads');

const bill = fc.record({
  fulfilment: fc.constantFrom<BillFulfilment>('pickup', 'delivery', 'dine_in'),
  inclusive: fc.boolean(),
  dineIn: percent,
  takeaway: percent,
  categoryRates: fc.dictionary(category, percent, { maxKeys: 3 }),
  service: percent,
  // Lines: a dish price with up to three option prices (cents), times a quantity.
  lines: fc.array(
    fc.record({
      price: fc.integer({ min: 0, max: 1_000_000 }),
      options: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 3 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      category,
    }),
    { minLength: 1, maxLength: 30 },
  ),
  discounts: fc.array(
    fc.oneof(
      percent.map((p) => ({ percent: p }) as DiscountInput),
      fc.integer({ min: 0, max: 5_000_000 }).map((a) => ({ amount: a }) as DiscountInput),
    ),
    { maxLength: 3 },
  ),
  deliveryFee: fc.integer({ min: 0, max: 100_000 }),
  paidShare: fc.integer({ min: 0, max: 100 }),
  ways: fc.integer({ min: 2, max: 20 }),
});

describe('10,000 generated bills', () => {
  it('every part adds up to the total to the minor unit, every split to its due', () => {
    let runs = 0;
    fc.assert(
      fc.property(bill, (b) => {
        const lines = b.lines.map((l) => ({
          total: asMinor((l.price + l.options.reduce((s, o) => s + o, 0)) * l.quantity),
          category: l.category,
        }));
        const r: BillingRules = {
          taxInclusive: b.inclusive,
          rates: { dineIn: b.dineIn, takeaway: b.takeaway },
          categoryRates: b.categoryRates,
          serviceChargePercent: b.service,
        };
        const fee = asMinor(b.fulfilment === 'delivery' ? b.deliveryFee : 0);
        const m = billMoney({ fulfilment: b.fulfilment, lines, discounts: b.discounts, deliveryFee: fee, rules: r });
        const sum = (values: number[]) => values.reduce((s, x) => s + x, 0);

        // Plain checks (not expect, which costs too much 10,000 times); fast-check reports the bill that breaks one.
        const check = (ok: boolean, what: string) => {
          if (!ok) throw new Error(what);
        };
        for (const value of [
          m.subtotal,
          m.discount,
          m.serviceCharge,
          m.deliveryFee,
          m.tax,
          m.total,
          ...m.discounts,
          ...m.taxes.flatMap((t) => [t.base, t.amount]),
        ])
          check(Number.isSafeInteger(value), `${value} is not a whole number of minor units`);
        check(m.subtotal === sum(lines.map((l) => l.total)), 'subtotal is the sum of the lines');
        check(sum(m.discounts) === m.discount && m.discount <= m.subtotal, 'discounts add up, at most the subtotal');
        // The rates' bases are the subtotal after discounts, each base non-negative.
        check(
          sum(m.taxes.map((t) => t.base)) === m.subtotal - m.discount,
          'bases add up to the subtotal after discounts',
        );
        check(
          m.taxes.every((t) => t.base >= 0),
          'no base below zero',
        );
        check(sum(m.taxes.map((t) => t.amount)) === m.tax, 'taxes add up');
        // Each rate's tax is its exact value rounded half away from zero: within half a unit.
        for (const t of m.taxes) {
          const bp = BigInt(Math.round(t.rate * 100));
          const denominator = b.inclusive ? 10_000n + bp : 10_000n;
          const error = BigInt(t.amount) * denominator - BigInt(t.base) * bp;
          check(2n * (error < 0n ? -error : error) <= denominator, `tax at ${t.rate} % is rounded once`);
        }
        check(b.fulfilment === 'dine_in' || m.serviceCharge === 0, 'service charge on dine-in only');
        check(
          m.total === m.subtotal - m.discount + m.serviceCharge + m.deliveryFee + (b.inclusive ? 0 : m.tax),
          'the parts add up to the total',
        );

        const paid = Math.floor((m.total * b.paidShare) / 100);
        const sums = paymentSums(m.total, [{ amount: asMinor(paid), tip: asMinor(0), succeeded: true }]);
        check(sums.paid + sums.due === m.total, 'paid + due = total');
        const shares = splitShares(sums.due, b.ways);
        check(shares.length === b.ways && sum(shares) === sums.due, 'the shares add up to the due');
        check(
          Math.max(...shares) - Math.min(...shares) <= 1 &&
            shares.every((x, i) => i === 0 || x <= (shares[i - 1] as number)),
          'the first shares carry the left-over units',
        );
        runs += 1;
      }),
      { numRuns: 10_000 },
    );
    expect(runs).toBe(10_000);
  }, 120_000);
});
