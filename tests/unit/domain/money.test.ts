import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { underDeliveryMinimum } from '../../../src/shared/domain/billing.ts';
import { depositMinorFor, depositOfParty, depositTotal } from '../../../src/shared/domain/deposits.ts';
import { settingsMoney } from '../../../src/shared/domain/settings-money.ts';
import {
  ZERO,
  addMinor,
  asMinor,
  maxMinor,
  minMinor,
  subtractMinor,
  sumMinor,
  timesMinor,
  toMajor,
  toMinor,
} from '../../../src/shared/domain/money.ts';

/** The one money boundary (decision 065): minor units inside, the contract's two-decimal numbers at the edge. */
describe('money', () => {
  it('turns the contract amount into minor units exactly and back', () => {
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.29)).toBe(29); // 0.29 × 100 is 28.999999999999996 in floating point
    expect(toMinor(0)).toBe(0);
    expect(toMinor(-4.1)).toBe(-410);
    expect(toMajor(asMinor(1250))).toBe(12.5);
    expect(toMajor(asMinor(29))).toBe(0.29);
    expect(asMinor('1250')).toBe(1250); // a driver's sum read as text
    expect(asMinor(1250n)).toBe(1250);
  });

  it('every amount of at most two decimals comes back as it went', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const major = cents / 100;
        return toMinor(major) === cents && toMajor(toMinor(major)) === major;
      }),
    );
  });

  it('adds, subtracts, sums and multiplies in whole minor units', () => {
    const a = toMinor(0.1);
    const b = toMinor(0.2);
    expect(addMinor(a, b)).toBe(toMinor(0.3));
    expect(subtractMinor(a, b)).toBe(-10);
    expect(sumMinor([a, b, toMinor(0.7)])).toBe(100);
    expect(sumMinor([])).toBe(ZERO);
    expect(timesMinor(toMinor(250.55), 7)).toBe(175_385);
    expect(minMinor(a, b)).toBe(10);
    expect(maxMinor(a, b)).toBe(20);
  });
});

describe('the delivery minimum, one rule for the checkout and the server', () => {
  const minimum = toMinor(15);

  it('refuses a delivery whose food is under the minimum, and only a delivery', () => {
    expect(underDeliveryMinimum('delivery', toMinor(14.99), minimum)).toBe(true);
    expect(underDeliveryMinimum('delivery', toMinor(15), minimum)).toBe(false);
    expect(underDeliveryMinimum('delivery', toMinor(15.01), minimum)).toBe(false);
    expect(underDeliveryMinimum('pickup', toMinor(1), minimum)).toBe(false);
    expect(underDeliveryMinimum('dine_in', toMinor(1), minimum)).toBe(false);
  });

  it('has no minimum at 0', () => {
    expect(underDeliveryMinimum('delivery', ZERO, ZERO)).toBe(false);
  });
});

describe('the deposit formula, one for the charge and the explanation', () => {
  const deposit = { fromPartySize: 6, perCover: 10, refundableUntilMinutes: 24 * 60 };

  it('is the deposit per cover × the party in minor units, whatever its size', () => {
    expect(depositTotal(deposit, 6)).toBe(6000);
    expect(depositTotal(deposit, 2)).toBe(2000);
    expect(depositTotal({ perCover: 0.29 }, 6)).toBe(174);
  });

  it('is what a party at or above the threshold is charged', () => {
    for (const size of [6, 7, 12, 40]) expect(depositMinorFor(deposit, size)).toBe(depositTotal(deposit, size));
    expect(depositMinorFor(deposit, 5)).toBeUndefined();
  });
});

describe("the settings' money, read in minor units in one place", () => {
  const fulfilment = { deliveryFee: 2.5, deliveryMinimum: 15.01 };

  it('brings the delivery fee, the delivery minimum and the deposit per cover to minor units', () => {
    const deposit = { fromPartySize: 6, perCover: 0.29, refundableUntilMinutes: 0 };
    const money = settingsMoney({ fulfilment, reservations: { deposit } });
    expect(money).toEqual({ deliveryFee: 250, deliveryMinimum: 1501, depositPerCover: 29 });
    expect(depositOfParty(money.depositPerCover ?? ZERO, 6)).toBe(depositTotal(deposit, 6));
  });

  it('has no deposit per cover while deposits are off', () => {
    expect(settingsMoney({ fulfilment, reservations: {} }).depositPerCover).toBeUndefined();
  });
});
