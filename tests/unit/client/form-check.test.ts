import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../../src/client/lib/zod-without-eval.ts';
import { checkWith } from '../../../src/client/lib/form-check.ts';
import { checkOptions, optionDrafts } from '../../../src/client/features/catalog/components/option-drafts.ts';
import { restaurantSettingsSchema } from '../../../src/shared/contract/restaurant.ts';
import type { OptionGroup } from '../../../src/shared/contract/catalog.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { latinDigitsOf, localDigits, typedNumber } from '../../../src/shared/i18n/format.ts';
import { loadLanguage, pseudoText, setPageLanguage, setPseudoLocale, t } from '../../../src/shared/i18n/i18n.ts';
import bn from '../../../src/shared/i18n/locales/bn.json';

/**
 * The staff forms' own checks in the page's language (issue 51, decision 045): the contract's
 * messages through the catalogs' templates, as the server writes its answers, with the page's
 * digits; and numbers typed in Bengali or Latin digits read as the same number.
 */
const bangla = (text: string | number) => localDigits(String(text), 'bn');
const GROUP: OptionGroup = {
  _id: 1,
  name: 'Size',
  min: 1,
  max: 1,
  values: [
    { _id: 11, name: 'Regular', price: 0, default: true, available: true, prepUnits: 0, allergens: [] },
    { _id: 12, name: 'Large', price: 2.5, default: false, available: true, prepUnits: 0.5, allergens: [] },
  ],
};

describe('numbers typed in either digits', () => {
  it('reads Bengali digits as Latin ones, and nothing else', () => {
    expect(latinDigitsOf('১২.৫০')).toBe('12.50');
    expect(latinDigitsOf('৳ ১,২৩৪৫৬৭৮৯০')).toBe('৳ 1,234567890');
    expect(typedNumber(' ৩৫.৫ ')).toBe(35.5);
    expect(typedNumber('12.49')).toBe(12.49);
    expect(typedNumber('')).toBeNaN();
    expect(typedNumber('১২ক')).toBeNaN();
  });
});

describe("the staff forms' own checks", () => {
  beforeAll(() => loadLanguage('bn'));
  afterEach(() => {
    setPageLanguage('en');
    setPseudoLocale(false);
  });

  it('writes the options in Bengali digits on a Bangla page and reads back what is typed in either', () => {
    const drafts = optionDrafts([GROUP], bangla);
    expect([drafts[0]?.min, drafts[0]?.max, drafts[0]?.values[1]?.price, drafts[0]?.values[1]?.prepUnits]).toEqual([
      '১',
      '১',
      '২.৫',
      '০.৫',
    ]);
    drafts[0]!.values[1]!.price = '৩৫.৫০';
    drafts[0]!.values[0]!.price = '1.25';
    const { problems, options } = checkOptions(drafts, bangla);
    expect(problems).toEqual({});
    expect(options?.[0]?.values.map((value) => [value.price, value.prepUnits])).toEqual([
      [1.25, 0],
      [35.5, 0.5],
    ]);
  });

  it('says the option editor`s problems in Bangla with Bengali digits, and in English as they were', () => {
    const bad = optionDrafts([GROUP]);
    bad[0]!.max = '3';
    bad[0]!.values[1]!.price = '1.255';
    bad[0]!.values[0]!.name = '';
    expect(checkOptions(bad).problems).toEqual({
      '0.max': 'Size: max must be at most its number of values (2)',
      '0.values.0.name': 'option name is required',
      '0.values.1.price': 'price may carry at most two decimals',
    });
    setPageLanguage('bn');
    const fields = bn.server.field;
    const names = bn.server.fieldName;
    expect(checkOptions(bad, bangla).problems).toEqual({
      '0.max': fields.maxAtMostValues.replace('{{v0}}', 'Size').replace('{{v1}}', '২'),
      '0.values.0.name': fields.required.replace('{{v0}}', names.optionName),
      '0.values.1.price': fields.mayCarryMostTwoDecimals.replace('{{v0}}', names.price),
    });
  });

  it('says the settings` problems in Bangla, zod`s own ones too, and in English as they were', () => {
    const draft = { ...DEMO_SETTINGS, name: ' ' };
    draft.reservations = { ...draft.reservations, slotMinutes: 7, maxPartySize: 500 };
    draft.kitchen = { ...draft.kitchen, prepMinutes: Number.NaN };
    const english = checkWith(restaurantSettingsSchema, draft, String).problems;
    expect(Object.fromEntries(english)).toMatchObject({
      name: 'is required',
      'reservations.slotMinutes': 'must divide 60',
      'reservations.maxPartySize': 'must be at most 50',
      'kitchen.prepMinutes': 'must be a number',
    });
    setPageLanguage('bn');
    const shown = Object.fromEntries(checkWith(restaurantSettingsSchema, draft, bangla).problems);
    expect(shown).toMatchObject({
      name: t('server.field.required2', 'is required'),
      'reservations.slotMinutes': t('server.field.divide60', 'must divide 60'),
      'reservations.maxPartySize': bangla(t('server.field.most2', 'must be at most {{v0}}', { v0: '50' })),
      'kitchen.prepMinutes': t('server.field.number', 'must be a number'),
    });
    for (const message of Object.values(shown)) expect(message).not.toMatch(/[A-Za-z0-9]/);
    // A shape without a message of ours: zod's own, in Bangla through its locale.
    const seats = z.object({ seats: z.number().max(3) });
    const zodOwn = checkWith(seats, { seats: 5 }, bangla).problems.get('seats');
    expect(zodOwn).toBe('অনেক বড়: number <=৩ হতে হবে');
    setPageLanguage('en');
    expect(checkWith(seats, { seats: 5 }, String).problems.get('seats')).toBe('Too big: expected number to be <=3');
  });

  it('says them in the pseudo-locale as the catalogs` texts, the field`s name too', () => {
    const bad = optionDrafts([GROUP]);
    bad[0]!.values[1]!.price = '1.255';
    setPseudoLocale(true);
    expect(checkOptions(bad).problems).toEqual({
      '0.values.1.price': pseudoText('{{v0}} may carry at most two decimals', { v0: pseudoText('price') }),
    });
  });
});
