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
import { changed, listOf, recordIdParams, singleQueryString, textField, wholeNumber } from './common.ts';

/**
 * The catalogue: the public calls of SPEC.md §3 Product, Category and §7, and the menu
 * management of OPERATIONS.md (admins edit the menu, staff switch availability).
 */

const allergenSchema = z.enum(ALLERGENS);
const dietSchema = z.enum(DIETS);

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
});
export type Product = z.infer<typeof productSchema>;

const categorySchema = z.object({
  _id: z.string(),
  category: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/v1/categorys */
export const categoryListResponse = listOf(categorySchema);

/** GET /api/v1/allProductsData/?category= ("All Category" or none: every dish) */
export const productListQuery = z.object({
  category: singleQueryString.max(100, 'category is too long').optional(),
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
    .min(1, 'searchText is required')
    .max(MAX_SEARCH_TEXT_LENGTH, `searchText must be at most ${MAX_SEARCH_TEXT_LENGTH} characters`),
});

/** GET /api/v1/allProductsData/{id} */
export const productIdParams = recordIdParams('id');
export const productResponse = z.object({ data: productSchema });

// ——— Menu management (OPERATIONS.md) ———

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
  price: wholeNumber('price', 0, 100_000),
  items: z
    .array(textField('each item', 80), { error: 'items must be a list of ingredients' })
    .min(1, 'items needs at least one ingredient')
    .max(30, 'items may list at most 30 ingredients'),
  img: z.string({ error: 'img is required' }).regex(DISH_IMAGE_PATTERN, 'img must be a picture uploaded with POST /api/v1/images'),
  prepUnits: wholeNumber('prepUnits', PREP_UNITS.min, PREP_UNITS.max),
  description: textField('description', MAX_DESCRIPTION_LENGTH, { required: false, multiline: true }),
  allergens: z
    .array(allergenSchema, { error: `allergens must be a list of: ${ALLERGENS.join(', ')}` })
    .max(ALLERGENS.length)
    .refine((list) => new Set(list).size === list.length, 'allergens must not repeat a name'),
  diet: z
    .array(dietSchema, { error: `diet must be a list of: ${DIETS.join(', ')}` })
    .max(DIETS.length)
    .refine((list) => new Set(list).size === list.length, 'diet must not repeat a label'),
  spicy: wholeNumber('spicy', 0, MAX_SPICY),
  populler: z.boolean({ error: 'populler must be true or false' }),
  available: z.boolean({ error: 'available must be true or false' }),
  soldOutUntil: z.iso.datetime({ offset: true, error: 'soldOutUntil must be an ISO 8601 instant' }).nullable(),
};

const availabilityRule = (body: { available?: boolean | undefined; soldOutUntil?: string | null | undefined }) =>
  !(body.soldOutUntil && body.available !== false);
const availabilityIssue = { message: 'soldOutUntil goes with available: false', path: ['soldOutUntil'] };

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
  })
  .refine(availabilityRule, availabilityIssue);
export type CreateProductBody = z.input<typeof createProductBody>;

/** The fields staff may change; every other field of a dish is the admins'. */
export const AVAILABILITY_FIELDS = ['available', 'soldOutUntil'] as const;

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
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change')
  .refine(availabilityRule, availabilityIssue);
export type UpdateProductBody = z.input<typeof updateProductBody>;

export const productChangedResponse = changed(productSchema);

/** POST /api/v1/categorys, PATCH /api/v1/categorys/{id} (admin) */
export const categoryBody = z.object({ name: textField('name', MAX_CATEGORY_NAME_LENGTH) });
export const categoryIdParams = recordIdParams('id');
export const categoryChangedResponse = changed(categorySchema);

/** POST /api/v1/images (admin, multipart field `image`): the 640 px rendition's URL; `srcset` lists all three. */
export const imageUploadResponse = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), srcset: z.string() }),
});
