import { z } from 'zod';
import {
  ALLERGENS,
  DIETS,
  DISH_IMAGE_WIDTHS,
  MAX_CATEGORY_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_DISH_NAME_LENGTH,
  MAX_SEARCH_TEXT_LENGTH,
  MAX_SPICY,
  PREP_UNITS,
} from '../constants.ts';
import {
  categoryTranslationsInput,
  dishTranslations,
  dishTranslationsInput,
  nameTranslations,
  nameTranslationsInput,
} from './menu-texts.ts';
import {
  changed,
  listOf,
  moneyField,
  pathId,
  recordId,
  recordIdParams,
  requestKey,
  singleQueryString,
  textField,
  wholeNumber,
} from './common.ts';
import { said } from '../i18n/said.ts';

/**
 * The catalogue: the public calls of docs/reference/storefront.md §3 Product, Category and §7, and the menu
 * management of docs/reference/operations.md (admins edit the menu, staff switch availability).
 */

const allergenSchema = z.enum(ALLERGENS);
const dietSchema = z.enum(DIETS);

/** A value of an option group (docs/reference/ordering.md "Dish options"): a price in the restaurant's currency (cents allowed). */
const optionValueSchema = z.object({
  _id: z.number().int(),
  /** In the request's language (the other's where the owner wrote none, decision 047). */
  name: z.string(),
  /** Its name as written in each language (always sent; optional for a client's older copies). */
  translations: nameTranslations.optional(),
  price: z.number(),
  default: z.boolean(),
  available: z.boolean(),
  /** Added to the dish's prep units per portion (tenths allowed). */
  prepUnits: z.number(),
  /** Added to the line's allergens. */
  allergens: z.array(allergenSchema),
});
export type OptionValue = z.infer<typeof optionValueSchema>;

/** An option group: a guest chooses from `min` to `max` of its values. */
const optionGroupSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  translations: nameTranslations.optional(),
  min: z.number().int(),
  max: z.number().int(),
  values: z.array(optionValueSchema),
});
export type OptionGroup = z.infer<typeof optionGroupSchema>;

const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  /** The picture's WebP renditions for `srcset` ("/images/dishes/…-320.webp 320w, …"); empty for a picture without them. */
  imgSrcset: z.string(),
  price: z.number(),
  reatings: z.number(),
  items: z.array(z.string()),
  category: z.string(),
  populler: z.boolean(),
  description: z.string(),
  allergens: z.array(allergenSchema),
  diet: z.array(dietSchema),
  spicy: z.number().int(),
  /** False while sold out ("86"); true again by itself at `soldOutUntil` when that is set. */
  available: z.boolean(),
  soldOutUntil: z.string().nullable(),
  prepUnits: z.number().int(),
  /**
   * The dish's option groups in order (docs/reference/ordering.md "Dish options"); `[]` for a dish ordered as it
   * is (docs/decisions/028).
   */
  options: z.array(optionGroupSchema),
  /** `name` and `description` as the owner wrote them in each language ('' where none); `name`, `description` and `category` above are the request's language's (decision 047). */
  translations: dishTranslations.optional(),
});
export type Product = z.infer<typeof productSchema>;

const categorySchema = z.object({
  _id: z.string(),
  /** Its name in the request's language (decision 047). */
  category: z.string(),
  translations: nameTranslations.optional(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/v1/categorys */
export const categoryListResponse = listOf(categorySchema);

/** GET /api/v1/allProductsData/?category= ("All Category" or none: every dish; a category's name in either language) */
export const productListQuery = z.object({
  category: singleQueryString.max(100, said('categoryTooLong')).optional(),
});
export const productListResponse = listOf(productSchema);

/** GET /api/v1/allProductsData/populler/?populler=populler */
export const popularQuery = z.object({
  populler: singleQueryString.max(100).optional(),
});

/** GET /api/v1/allProductsData/searchData/?searchText= */
export const searchQuery = z.object({
  searchText: singleQueryString
    .trim()
    .min(1, said('searchtextRequired'))
    .max(MAX_SEARCH_TEXT_LENGTH, said('searchtextMostCharacters', { v0: MAX_SEARCH_TEXT_LENGTH })),
});

/** GET /api/v1/allProductsData/{id} */
export const productIdParams = recordIdParams('id');
export const productResponse = z.object({ data: productSchema });

// ——— Menu management (docs/reference/operations.md) ———

/** Only pictures stored by POST /api/v1/images (or the demo menu's) may be a dish's picture. */
export const DISH_IMAGE_PATTERN = /^\/images\/dishes\/([a-z0-9-]{1,80})-(320|640|1024)\.webp$/;

/** "/images/dishes/x-320.webp 320w, …" for a picture stored in renditions; "" for any other. */
export function dishImageSrcset(img: string): string {
  const match = DISH_IMAGE_PATTERN.exec(img);
  if (!match) return '';
  return DISH_IMAGE_WIDTHS.map((width) => `/images/dishes/${match[1]}-${width}.webp ${width}w`).join(', ');
}

const dishFields = {
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

const availabilityRule = (body: { available?: boolean | undefined; soldOutUntil?: string | null | undefined }) =>
  !(body.soldOutUntil && body.available !== false);
const availabilityIssue = { message: said('soldoutuntilGoesWithAvailableFalse'), path: ['soldOutUntil'] };

/** POST /api/v1/allProductsData (admin) */
export const createProductBody = z
  .object({
    name: dishFields.name,
    category: dishFields.category,
    price: dishFields.price,
    items: dishFields.items,
    img: dishFields.img,
    prepUnits: dishFields.prepUnits.optional(),
    description: dishFields.description.optional(),
    allergens: dishFields.allergens.optional(),
    diet: dishFields.diet.optional(),
    spicy: dishFields.spicy.optional(),
    populler: dishFields.populler.optional(),
    available: dishFields.available.optional(),
    soldOutUntil: dishFields.soldOutUntil.optional(),
    options: optionsInput.optional(),
    translations: dishTranslationsInput,
  })
  .refine(availabilityRule, availabilityIssue);
export type CreateProductBody = z.input<typeof createProductBody>;

/** The fields staff may change (and the key of a switch queued offline); every other field of a dish is the admins'. */
export const AVAILABILITY_FIELDS = ['available', 'soldOutUntil', 'key'] as const;
/** A sold-out switch's key sent again with another body. */
export const MENU_KEY_REUSED = said('keyWasAlreadyUsedAnother2');

/** PATCH /api/v1/allProductsData/{id}: any field (admin), `available` and `soldOutUntil` (staff). */
export const updateProductBody = z
  .object({
    name: dishFields.name.optional(),
    category: dishFields.category.optional(),
    price: dishFields.price.optional(),
    items: dishFields.items.optional(),
    img: dishFields.img.optional(),
    prepUnits: dishFields.prepUnits.optional(),
    description: dishFields.description.optional(),
    allergens: dishFields.allergens.optional(),
    diet: dishFields.diet.optional(),
    spicy: dishFields.spicy.optional(),
    populler: dishFields.populler.optional(),
    available: dishFields.available.optional(),
    soldOutUntil: dishFields.soldOutUntil.optional(),
    options: optionsInput.optional(),
    translations: dishTranslationsInput,
    /** Optional: a sold-out switch queued offline is sent with its key, and done once. */
    key: requestKey.optional(),
  })
  .refine(
    (body) => Object.entries(body).some(([field, value]) => field !== 'key' && value !== undefined),
    said('sendLeastOneFieldChange'),
  )
  .refine(availabilityRule, availabilityIssue);
export type UpdateProductBody = z.input<typeof updateProductBody>;

export const productChangedResponse = changed(productSchema);

/** PATCH /api/v1/allProductsData/{id}/options/{valueId} (staff): one value on or off. */
export const optionValueParams = z.object({ id: pathId('id'), valueId: pathId('valueId') });
export const optionAvailabilityBody = z.object({
  available: z.boolean({ error: said('availableTrueFalse') }),
  key: requestKey.optional(),
});

/** POST /api/v1/categorys, PATCH /api/v1/categorys/{id} (admin) */
export const categoryBody = z.object({
  name: textField('name', MAX_CATEGORY_NAME_LENGTH),
  translations: categoryTranslationsInput,
});
export const categoryIdParams = recordIdParams('id');
export const categoryChangedResponse = changed(categorySchema);

/** POST /api/v1/images (admin, multipart field `image`): the 640 px rendition's URL; `srcset` lists all three. */
export const imageUploadResponse = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), srcset: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;
