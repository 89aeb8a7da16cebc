import { z } from 'zod';
import { MAX_CATEGORY_NAME_LENGTH, MAX_SEARCH_TEXT_LENGTH } from '../constants.ts';
import { categoryTranslationsInput, dishTranslations, dishTranslationsInput, nameTranslations } from './menu-texts.ts';
import { changed, listOf, pathId, recordIdParams, requestKey, singleQueryString, textField } from './common.ts';
import { said } from '../i18n/said.ts';
import { allergenSchema, dietSchema, dishFields, optionsInput } from './dish-inputs.ts';

export {
  DISH_IMAGE_PATTERN,
  MAX_OPTION_GROUPS,
  MAX_OPTION_VALUES,
  type OptionGroupInput,
  dishImageSrcset,
  optionsInput,
} from './dish-inputs.ts';

/**
 * The catalogue: the public calls of docs/reference/storefront.md §3 Product, Category and §7, and the menu
 * management of docs/reference/operations.md (admins edit the menu, staff switch availability).
 */

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
