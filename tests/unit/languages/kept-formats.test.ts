import { describe, expect, it } from 'vitest';
import { dayLabelInLanguage, restaurantTime } from '../../../src/client/lib/clock.ts';
import { formatNumber } from '../../../src/shared/i18n/format.ts';

/**
 * The number and day formats are made once per language, digits and length and kept (a format
 * made per call cost more than the page around it): asked in turn, each writes as its own.
 */
describe('kept formats', () => {
  it('write each number in its own language and digits, whatever was asked before', () => {
    const asked = [
      formatNumber(150000, 'bn'),
      formatNumber(150000, 'en'),
      formatNumber(150000, 'bn', true),
      formatNumber(150000, 'bn'),
      formatNumber(150000, 'en', true),
      formatNumber(12, 'bn', true),
      formatNumber(12, 'bn'),
    ];
    expect(asked).toEqual(['১,৫০,০০০', '150,000', '1,50,000', '১,৫০,০০০', '150,000', '12', '১২']);
  });

  it('write each day in its own digits and length, whatever was asked before', () => {
    const now = Date.parse('2026-11-26T06:00:00Z');
    const intl = (date: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('bn-BD', { timeZone: 'UTC', weekday: 'short', ...options }).format(
        Date.parse(`${date}T12:00:00Z`),
      );
    const asked = [
      dayLabelInLanguage('2026-11-26', 'bn'),
      restaurantTime('2026-11-30T13:00:00Z', 'UTC', now, 'bn'),
      dayLabelInLanguage('2026-11-26', 'bn', true),
      restaurantTime('2026-12-20T13:00:00Z', 'UTC', now, 'bn', true),
      dayLabelInLanguage('2026-11-26', 'bn'),
    ];
    expect(asked).toEqual([
      intl('2026-11-26', { day: 'numeric', month: 'short' }),
      // Within a week the weekday alone.
      `১৩:০০ ${intl('2026-11-30', {})}`,
      intl('2026-11-26', { day: 'numeric', month: 'short', numberingSystem: 'latn' }),
      `13:00 ${intl('2026-12-20', { day: 'numeric', month: 'short', numberingSystem: 'latn' })}`,
      intl('2026-11-26', { day: 'numeric', month: 'short' }),
    ]);
    expect(asked[0]).toContain('২৬');
    expect(asked[2]).toContain('26');
  });
});
