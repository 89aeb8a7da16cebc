import { beforeAll, describe, expect, it } from 'vitest';
import { type MessageCode, messageIn } from '../../../src/shared/contract/errors.ts';
import { loadLanguage } from '../../../src/shared/i18n/i18n.ts';
import { said, saidIn } from '../../../src/shared/i18n/said.ts';
import { serverMessages } from '../../support/server-messages.ts';

/**
 * Every message the server's code may answer with is made by its code and has its Bangla
 * (decisions 049, 064): the messages are read from the code itself (tests/support/server-messages.ts:
 * the HTTP errors' codes and texts, followed through their constants, the routes' `message`s, the
 * request schemas' messages), each must be made by a code (`badRequest('code')`, `said('code')`,
 * `answerMessage(request, 'code')`), and each code's Bangla must be written, so a new message
 * without its code or its catalog entry fails here.
 */

/** Texts the scan cannot read, each for a reason. */
const KNOWN_UNREAD = [
  // A payment provider's own words when it fails (502), passed on as they are.
  'src/server/modules/payments/webhooks.ts',
  // keyedChange's `reused`: a code its callers pass along (keyWasAlreadyUsedDiscount, …).
  'src/server/modules/bills/bills.service.ts',
  // menu-writer's `unknown`: the code it is given (noOptionGroupWithId or noOptionValueWithId).
  'src/server/modules/catalog/menu-changes.ts',
];

describe("the server's messages", () => {
  const { messages, unresolved } = serverMessages(process.cwd());
  beforeAll(() => loadLanguage('bn'));

  it('are found in the code: the errors, the answers and the schemas', () => {
    expect(messages.length).toBeGreaterThan(300);
    const texts = messages.map((m) => m.text);
    for (const text of [
      'No such reservation',
      'That time is no longer available',
      'There is no receipt printer: add one on the Printers page',
      'must be a time (HH:MM)',
      'Your order has been placed',
    ])
      expect(texts).toContain(text);
    expect(
      unresolved.filter((line) => !KNOWN_UNREAD.some((file) => line.startsWith(file))),
      'messages whose text the scan cannot read',
    ).toEqual([]);
  });

  it('each is made by its code: nothing is read back from its English', () => {
    expect(messages.filter((m) => m.code === undefined).map((m) => `${m.where} ${m.text}`)).toEqual([]);
  });

  it('each has its Bangla in the catalogs (add its code to src/shared/contract/errors.ts, then `npm run i18n:extract`)', () => {
    const sample = (code: MessageCode) =>
      Object.fromEntries(
        [...messageIn(code, undefined, 'en').matchAll(/\{\{(\w+)\}\}/g)].map(([, name], i) => [name, `X${i}`]),
      );
    const missing = messages.filter(
      (m) =>
        m.code !== undefined &&
        !/^\{\{v\d\}\}: \{\{v\d\}\}$/.test(m.text) &&
        messageIn(m.code, sample(m.code), 'bn') === messageIn(m.code, sample(m.code), 'en'),
    );
    expect(missing.map((m) => `${m.where} ${m.text}`)).toEqual([]);
  });

  it('keeps the values and the field of a message: "partySize: must be a whole number"', () => {
    expect(messageIn('soldOut', { names: 'Kacchi Biryani' }, 'bn')).toContain('Kacchi Biryani');
    expect(saidIn(said('partyTooBig', { max: 12 }), 'bn')).toContain('12');
    expect(saidIn(said('partyTooBig', { max: 12 }), 'bn')).not.toMatch(/must be/);
    expect(saidIn(said('dateCalendarYYYYMMDD'), 'bn')).toBe('ক্যালেন্ডারের একটি তারিখ হতে হবে (YYYY-MM-DD)');
    expect(saidIn('Something nobody wrote', 'bn')).toBeUndefined();
    expect(saidIn(said('noSuchReservation'), 'en')).toBe('No such reservation');
  });
}, 60_000);
