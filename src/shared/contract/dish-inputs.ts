import { z } from 'zod';
import {
  ALLERGENS,
  DIETS,
  DISH_IMAGE_WIDTHS,
  MAX_CATEGORY_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_DISH_NAME_LENGTH,
  MAX_SPICY,
  PREP_UNITS,
} from '../constants.ts';
import { nameTranslationsInput } from './menu-texts.ts';
import { moneyField, recordId, textField, wholeNumber } from './common.ts';
import { said } from '../i18n/said.ts';

/**
 * A dish as admins send it, field by field, and its option groups (docs/reference/ordering.md "Dish options"),
 * checked: catalog.ts makes its create and update bodies of them, and exports them again.
 */

export const allergenSchema = z.enum(ALLERGENS);
export const dietSchema = z.enum(DIETS);

/** Only pictures stored by POST /api/v1/images (or the demo menu's) may be a dish's picture. */
export const DISH_IMAGE_PATTERN = /^\/images\/dishes\/([a-z0-9-]{1,80})-(320|640|1024)\.webp$/;

/** "/images/dishes/x-320.webp 320w, …" for a picture stored in renditions; "" for any other. */
export function dishImageSrcset(img: string): string {
  const match = DISH_IMAGE_PATTERN.exec(img);
  if (!match) return '';
  return DISH_IMAGE_WIDTHS.map((width) => `/images/dishes/${match[1]}-${width}.webp ${width}w`).join(', ');
}

export const dishFields = {
  name: textField('name', MAX_DISH_NAME_LENGTH),
  category: textField('category', MAX_CATEGORY_NAME_LENGTH),
  price: moneyField('price', 0, 100_000),
  items: z
    .array(textField('each item', 80), { error: said('itemsListIngredients') })
    .min(1, said('itemsNeedsLeastOneIngredient'))
    .max(30, said('itemsMayListMost30')),
  img: z.string({ error: said('imgRequired') }).regex(DISH_IMAGE_PATTERN, said('imgPictureUploadedWithPOST')),
  prepUnits: wholeNumber('prepUnits', PREP_UNITS.min, PREP_UNITS.max),
  description: textField('description', MAX_DESCRIPTION_LENGTH, { required: false, multiline: true }),
  allergens: z
    .array(allergenSchema, { error: said('allergensList', { v0: ALLERGENS.join(', ') }) })
    .max(ALLERGENS.length)
    .refine((list) => new Set(list).size === list.length, said('allergensNotRepeatName')),
  diet: z
    .array(dietSchema, { error: said('dietList', { v0: DIETS.join(', ') }) })
    .max(DIETS.length)
    .refine((list) => new Set(list).size === list.length, said('dietNotRepeatLabel')),
  spicy: wholeNumber('spicy', 0, MAX_SPICY),
  populler: z.boolean({ error: said('popullerTrueFalse') }),
  available: z.boolean({ error: said('availableTrueFalse') }),
  soldOutUntil: z.iso.datetime({ offset: true, error: said('soldoutuntilISO8601Instant') }).nullable(),
};

/** Most option groups per dish, and values per group. */
export const MAX_OPTION_GROUPS = 10;
export const MAX_OPTION_VALUES = 30;
const MAX_OPTION_NAME_LENGTH = 60;

const optionValueInput = z.object({
  /** Sent back with its id, a value keeps it (and its place in placed orders' history). */
  _id: recordId('_id').optional(),
  name: textField('option name', MAX_OPTION_NAME_LENGTH),
  /** Left out, a value sent with its `_id` keeps its Bangla name. */
  translations: nameTranslationsInput('the option name', MAX_OPTION_NAME_LENGTH),
  price: moneyField('price', 0, 10_000),
  default: z.boolean({ error: said('defaultTrueFalse') }).optional(),
  available: z.boolean({ error: said('availableTrueFalse') }).optional(),
  prepUnits: z
    .number({ error: said('prepunitsNumber') })
    .min(0, said('prepunitsLeast0'))
    .max(PREP_UNITS.max, said('prepunitsMost', { v0: PREP_UNITS.max }))
    .refine(
      (n) => Number.isInteger(Math.round(n * 10)) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9,
      said('prepunitsMayCarryMostOne'),
    )
    .optional(),
  allergens: dishFields.allergens.optional(),
});

const optionGroupInput = z.object({
  _id: recordId('_id').optional(),
  name: textField('group name', MAX_OPTION_NAME_LENGTH),
  translations: nameTranslationsInput('the group name', MAX_OPTION_NAME_LENGTH),
  min: wholeNumber('min', 0, MAX_OPTION_VALUES),
  max: wholeNumber('max', 0, MAX_OPTION_VALUES),
  values: z
    .array(optionValueInput, { error: said('valuesListOptionValues') })
    .min(1, said('optionGroupNeedsLeastOne'))
    .max(MAX_OPTION_VALUES, said('optionGroupMayHaveMost', { v0: MAX_OPTION_VALUES })),
});
export type OptionGroupInput = z.output<typeof optionGroupInput>;

/** A dish's option groups as admins send them: the list replaces the old one. */
export const optionsInput = z
  .array(optionGroupInput, { error: said('optionsListOptionGroups') })
  .max(MAX_OPTION_GROUPS, said('dishMayHaveMostOption', { v0: MAX_OPTION_GROUPS }))
  .superRefine((groups, ctx) => {
    const groupNames = new Set<string>();
    const groupIds = new Set<number>();
    const valueIds = new Set<number>();
    groups.forEach((group, g) => {
      const at = (message: string, ...path: (string | number)[]) =>
        ctx.addIssue({ code: 'custom', message, path: [g, ...path] });
      if (groupNames.has(group.name.toLowerCase())) at(said('groupNameTwice', { v0: group.name }), 'name');
      groupNames.add(group.name.toLowerCase());
      if (group._id !== undefined) {
        if (groupIds.has(group._id)) at(said('groupIdTwice', { v0: group._id }), '_id');
        groupIds.add(group._id);
      }
      if (group.min > group.max) at(said('minAtMostMax', { v0: group.name }), 'min');
      if (group.max > group.values.length)
        at(said('maxAtMostValues', { v0: group.name, v1: group.values.length }), 'max');
      if (group.max === 0) at(said('maxAtLeast1', { v0: group.name }), 'max');
      const valueNames = new Set<string>();
      let defaults = 0;
      group.values.forEach((value, v) => {
        if (valueNames.has(value.name.toLowerCase()))
          at(said('valueNameTwice', { v0: group.name, v1: value.name }), 'values', v, 'name');
        valueNames.add(value.name.toLowerCase());
        if (value._id !== undefined) {
          if (valueIds.has(value._id)) at(said('valueIdTwice', { v0: value._id }), 'values', v, '_id');
          valueIds.add(value._id);
        }
        if (value.default) defaults += 1;
      });
      if (defaults > group.max)
        at(
          group.max === 1
            ? said('oneDefault', { v0: group.name, v1: group.max })
            : said('defaults', { v0: group.name, v1: group.max }),
          'values',
        );
    });
  });
