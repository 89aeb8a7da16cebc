import { afterEach, describe, expect, it } from 'vitest';
import { giveBackLabel, moveLabel } from '../../../src/client/features/kitchen/components/kitchen-words.ts';
import bn from '../../../src/shared/i18n/locales/bn.json';
import { loadLanguage, setPageLanguage } from '../../../src/shared/i18n/i18n.ts';

/**
 * The names the offline outbox gives the kitchen's writes it keeps (shown when one is refused,
 * issue 50): in the kitchen's words and the page's language, never the API's status word.
 */
describe('the outbox labels of the kitchen', () => {
  afterEach(() => setPageLanguage('en'));

  it('says a move and a give-back in the kitchen’s English words', () => {
    expect(moveLabel('A-012', 'preparing')).toBe('Order A-012 → Cooking');
    expect(giveBackLabel('cash', 'A-012')).toBe('Give back cash for A-012');
  });

  it('says them in Bangla on a page in Bangla', async () => {
    await loadLanguage('bn');
    setPageLanguage('bn');
    expect(moveLabel('A-012', 'preparing')).toBe(
      bn.kitchen.outboxMove.replace('{{number}}', 'A-012').replace('{{status}}', bn.kitchen.statusCooking),
    );
    expect(giveBackLabel('cash', 'A-012')).toBe(
      bn.kitchen.outboxGiveBack.replace('{{method}}', bn.kitchen.paidInCash).replace('{{number}}', 'A-012'),
    );
    expect(moveLabel('A-012', 'ready')).not.toContain('ready');
  });
});
