import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type MessageCode, messageIn } from '../../../src/shared/contract/errors.ts';
import { loadLanguage } from '../../../src/shared/i18n/i18n.ts';
import { HttpError, conflict, fieldProblem, notFound, unauthorized } from '../../../src/server/http/errors.ts';
import { said, saidCode, saidIn } from '../../../src/shared/i18n/said.ts';
import { wholeNumber } from '../../../src/shared/contract/common.ts';

/**
 * The server's messages by code (decision 064): every code has its English and its Bangla in the
 * catalogs, and a code's English is the text the answers said before codes (the tests of the API
 * hold the rest of them to their exact English and Bangla).
 */
const codes = Object.keys(MESSAGES) as MessageCode[];
/** A code's placeholders, from its English template (a value not given stays "{{name}}"). */
const placeholders = (code: MessageCode) =>
  [...messageIn(code, undefined, 'en').matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string);
const samples = (code: MessageCode) => Object.fromEntries(placeholders(code).map((name) => [name, `X-${name}`]));

describe('the messages by code', () => {
  beforeAll(() => loadLanguage('bn'));

  it('are many, each with an English of its own', () => {
    expect(codes.length).toBeGreaterThan(300);
    for (const code of codes) expect(messageIn(code, samples(code), 'en'), code).not.toMatch(/\{\{/);
  });

  it('each has its Bangla in the catalog, with every value', () => {
    const missing = codes.filter((code) => {
      const values = samples(code);
      const bangla = messageIn(code, values, 'bn');
      return bangla === messageIn(code, values, 'en') || Object.values(values).some((v) => !bangla.includes(v));
    });
    expect(missing).toEqual([]);
  });

  it('write the English the answers said before codes', () => {
    expect(unauthorized().message).toBe('Please sign in first');
    expect(notFound().message).toBe('Not found');
    expect(notFound('noSuchReservation').message).toBe('No such reservation');
    expect(conflict('timeTaken').message).toBe('That time is no longer available');
    expect(conflict('tooManyUpcoming', { count: 3 }).message).toBe(
      'You already have 3 upcoming reservations: please cancel one first or call us',
    );
    expect(new HttpError(413, 'pictureMostMB', { v0: 8 }).message).toBe('The picture must be at most 8 MB');
  });

  it('name dishes and groups in the answer’s language', () => {
    const dish = { name: 'Kacchi Biryani', name_bn: 'কাচ্চি বিরিয়ানি' };
    const group = { name: 'Size', name_bn: '' };
    const error = conflict('chooseOnPage', { group, dish });
    expect(error.message).toBe('Choose Size for Kacchi Biryani on its page');
    expect(messageIn('chooseOnPage', { group, dish }, 'bn')).toContain('কাচ্চি বিরিয়ানি');
    expect(messageIn('chooseOnPage', { group, dish }, 'bn')).toContain('Size');
    const names = (n: (thing: typeof dish) => string) => `${[group].map(n).join(', ')} (${n(dish)})`;
    expect(conflict('soldOut', { names }).message).toBe('Sold out: Size (Kacchi Biryani)');
    expect(messageIn('soldOut', { names }, 'bn')).toContain('(কাচ্চি বিরিয়ানি)');
  });

  it("a schema's message is its code's English, written again by its code", () => {
    const checked = wholeNumber('partySize', 1, 12).safeParse(2.5);
    const message = checked.error?.issues[0]?.message ?? '';
    expect(message).toBe('partySize must be a whole number');
    expect(saidCode(message)).toEqual({ code: 'wholeNumber', values: { v0: 'partySize' } });
    expect(saidIn(message, 'bn')).toBe(messageIn('wholeNumber', { v0: 'partySize' }, 'bn'));
    expect(saidIn(message, 'bn')).not.toBe(message);
    expect(saidIn('partySize must be a whole number!', 'bn')).toBeUndefined();
  });

  it("a field's problem found after the request's check keeps the schema message's code", () => {
    const coded = fieldProblem('reservations.slotMinutes', said('divide60'));
    expect(coded.message).toBe('reservations.slotMinutes: must divide 60');
    expect([coded.code, coded.field, coded.statusCode]).toEqual(['divide60', 'reservations.slotMinutes', 400]);
    const plain = fieldProblem('settings', 'Invalid input');
    expect(plain.message).toBe('settings: Invalid input');
    expect(plain.code).toBeUndefined();
  });
});
