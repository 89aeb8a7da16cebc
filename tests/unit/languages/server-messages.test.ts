import { beforeAll, describe, expect, it } from 'vitest';
import { translateMessage } from '../../../src/shared/i18n/messages.ts';
import { loadLanguage } from '../../../src/shared/i18n/i18n.ts';
import { serverMessages } from '../../support/server-messages.ts';

/**
 * Every message the server's code may answer with has its Bangla (decision 049): the messages are
 * read from the code itself (tests/support/server-messages.ts: the HTTP errors' texts, followed
 * through their constants, the routes' `message`s, the request schemas' messages), each with
 * sample values in its placeholders, and each must match a template of language.ts's lists, so a
 * new message without its catalog entry fails here.
 */

/** Texts the scan cannot read, each for a reason. */
const KNOWN_UNREAD = [
  // A payment provider's own words when it fails (502), passed on as they are.
  'src/server/modules/payments/webhooks.ts',
  // keyedChange's `reused`: its callers pass BILL_MESSAGES' texts, which are read as constants.
  'src/server/modules/bills/bills.service.ts',
  // menu-writer's `unknown`: an option group's or value's _id the dish does not have, in English (no catalog entry).
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

  it('each has its Bangla in the catalogs (add its code to src/shared/contract/errors.ts, then `npm run i18n:extract`)', () => {
    const missing = messages.filter(
      (m) =>
        !/^\{\{v\d\}\}: \{\{v\d\}\}$/.test(m.text) &&
        translateMessage(
          m.text.replace(/\{\{v(\d)\}\}/g, (_, i: string) => `X${i}`),
          'bn',
        ) === m.text.replace(/\{\{v(\d)\}\}/g, (_, i: string) => `X${i}`),
    );
    expect(missing.map((m) => `${m.where} ${m.text}`)).toEqual([]);
  });

  it('keeps the values and the field of a message: "partySize: must be a whole number"', () => {
    expect(translateMessage('Sold out: Kacchi Biryani', 'bn')).toContain('Kacchi Biryani');
    expect(translateMessage('partySize must be at most 12: for a bigger party, please call us', 'bn')).toContain('12');
    expect(translateMessage('partySize must be at most 12: for a bigger party, please call us', 'bn')).not.toMatch(
      /must be/,
    );
    expect(translateMessage('date: must be a date of the calendar (YYYY-MM-DD)', 'bn')).toBe(
      'date: ক্যালেন্ডারের একটি তারিখ হতে হবে (YYYY-MM-DD)',
    );
    expect(translateMessage('Something nobody wrote', 'bn')).toBe('Something nobody wrote');
    expect(translateMessage('No such reservation', 'en')).toBe('No such reservation');
  });
}, 60_000);
