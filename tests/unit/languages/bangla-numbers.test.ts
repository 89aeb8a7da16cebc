import { describe, expect, it } from 'vitest';
import { restaurantTime } from '../../../src/client/lib/clock.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { loadLanguage } from '../../../src/shared/i18n/i18n.ts';

/** Numbers in Bangla (docs/reference/service.md "Bangla and English"): Intl for bn-BD, the restaurant's clock unchanged. */
describe('numbers in Bangla', () => {
  it('writes taka as Dhaka does, sign first, lakh grouping, Bengali digits unless the restaurant keeps Latin ones', () => {
    expect(formatMoney(1500, 'BDT', 'bn')).toBe('৳১,৫০০.০০');
    expect(formatMoney(150000, 'BDT', 'bn')).toBe('৳১,৫০,০০০.০০');
    expect(formatMoney(-2.5, 'BDT', 'bn')).toBe('-৳২.৫০');
    expect(formatMoney(1500, 'BDT', 'bn', true)).toBe('৳1,500.00');
    expect(formatMoney(12, 'USD', 'bn')).toBe('$১২.০০');
    // English is as docs/reference/storefront.md §9 writes it.
    expect(formatMoney(1500, 'USD')).toBe('$1500.00');
  });

  it('says a time on the restaurant`s clock in Bengali digits, with the day in Bangla', async () => {
    await loadLanguage('bn');
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(restaurantTime('2026-11-26T13:45:00Z', 'Asia/Dhaka', now, 'bn')).toBe('১৯:৪৫');
    expect(restaurantTime('2026-11-27T13:45:00Z', 'Asia/Dhaka', now, 'bn')).toBe('১৯:৪৫ আগামীকাল');
    expect(restaurantTime('2026-11-27T13:45:00Z', 'Asia/Dhaka', now, 'bn', true)).toBe('19:45 আগামীকাল');
    expect(restaurantTime('2026-11-27T13:45:00Z', 'Asia/Dhaka', now)).toBe('19:45 tomorrow');
  });
});
