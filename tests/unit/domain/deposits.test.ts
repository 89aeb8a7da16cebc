import { describe, expect, it } from 'vitest';
import {
  depositExplanation,
  depositMinorFor,
  depositRefundable,
  refundWindowText,
} from '../../../src/shared/domain/deposits.ts';

/** The deposit rules the server charges by and the booking form explains (decision 032). */
describe('deposits', () => {
  const deposit = { fromPartySize: 6, perCover: 10, refundableUntilMinutes: 24 * 60 };

  it('charge perCover × partySize in minor units from fromPartySize on, nothing below or when off', () => {
    expect(depositMinorFor(deposit, 5)).toBeUndefined();
    expect(depositMinorFor(deposit, 6)).toBe(6000);
    expect(depositMinorFor(deposit, 12)).toBe(12_000);
    expect(depositMinorFor(undefined, 12)).toBeUndefined();
    // Cents stay exact (0.1 + 0.2 is not 0.3 in floating point).
    expect(depositMinorFor({ ...deposit, perCover: 250.55 }, 7)).toBe(175_385);
    expect(depositMinorFor({ ...deposit, perCover: 0.29 }, 6)).toBe(174);
  });

  it('say the refund window as guests count it', () => {
    expect([0, 1, 45, 60, 90, 120, 1440, 2880, 4320, 20_160].map(refundWindowText)).toEqual([
      '0 minutes',
      '1 minute',
      '45 minutes',
      '1 hour',
      '90 minutes',
      '2 hours',
      '24 hours',
      '2 days',
      '3 days',
      '14 days',
    ]);
  });

  it('explain what is due and why, in the restaurant currency', () => {
    expect(depositExplanation(deposit, 6, 'USD')).toBe(
      'A deposit of $60.00 ($10.00 a guest) holds tables for parties of 6 or more; refunded if you cancel up to 24 hours before.',
    );
    expect(depositExplanation({ ...deposit, perCover: 12.5, refundableUntilMinutes: 0 }, 8, 'USD')).toBe(
      'A deposit of $100.00 ($12.50 a guest) holds tables for parties of 6 or more; refunded if you cancel before the booking starts.',
    );
  });

  it('say "not refundable" for a booking already inside the refund window (issue 48, point 3)', () => {
    const startsAt = Date.parse('2026-11-28T19:00:00Z');
    expect(depositRefundable(deposit, startsAt, startsAt - 25 * 3_600_000)).toBe(true);
    expect(depositRefundable(deposit, startsAt, startsAt - 3 * 3_600_000)).toBe(false);
    expect(depositExplanation(deposit, 8, 'USD', false)).toBe(
      'A deposit of $80.00 ($10.00 a guest) holds tables for parties of 6 or more; not refundable, as the booking is less than 24 hours away.',
    );
  });
});
