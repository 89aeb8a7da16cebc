/** Business constants from docs/reference/storefront.md §9, in one place so a rule changes in one line. */

export const MIN_PASSWORD_LENGTH = 6;
/** The account number must have fewer characters than this. */
export const ACCOUNT_NUMBER_MAX_EXCLUSIVE = 15;
export const MIN_QUANTITY = 1;
/**
 * The spec sets no maximum quantity; the server needs a sane ceiling so that a typo
 * (or a hostile client) cannot order 10^12 burgers. A restaurant order of more than
 * 99 of one dish goes through the phone, not the storefront.
 */
export const MAX_QUANTITY = 99;
export const HOME_PRODUCT_LIMIT = 6;
export const ALL_CATEGORY = 'All Category';
export const POPULLER_QUERY_VALUE = 'populler';
export const MAX_SEARCH_TEXT_LENGTH = 100;
export const MAX_REPORT_TEXT_LENGTH = 1000;

export const ORDER_STATUS = { conform: 'Conform' } as const;
export const ORDER_STATUSES = [ORDER_STATUS.conform] as const;
export const FAVORITE_STATUS = { pending: 'Pending', conform: 'Conform' } as const;
export const FAVORITE_STATUSES = [FAVORITE_STATUS.pending, FAVORITE_STATUS.conform] as const;
export const PAYMENT_PAID = 'paid';
export const PAYMENT_METHODS = ['bank', 'bkash', 'nagod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'bkash';
/** The spec's PAY methods as a bill counts them ("nagod" is the spec's spelling of Nagad). */
export const BILL_METHOD_OF_PAY_METHOD: Record<string, string> = { bank: 'bank', bkash: 'bkash', nagod: 'nagad' };
/** `user` < `staff` < `admin`: each role may do all that the one before it may (docs/reference/operations.md "Roles"). */
export const ROLES = ['user', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Whether a role may do what `needed` may. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** What a guest needs to choose a dish (docs/reference/operations.md "Menu management"): the 14 EU allergens. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];
export const DIETS = ['vegetarian', 'vegan', 'halal', 'gluten-free'] as const;
export type Diet = (typeof DIETS)[number];
export const MAX_SPICY = 3;
/** Where a dish a guest's record names stands on the menu now. */
export const DISH_STATUSES = ['available', 'sold_out', 'removed'] as const;
export type DishStatus = (typeof DISH_STATUSES)[number];
export const PREP_UNITS = { min: 1, max: 20 } as const;
export const MAX_DISH_NAME_LENGTH = 200;
export const MAX_CATEGORY_NAME_LENGTH = 60;
export const MAX_DESCRIPTION_LENGTH = 500;
/** The widths every dish picture is stored in (WebP), for `srcset`. */
export const DISH_IMAGE_WIDTHS = [320, 640, 1024] as const;
export const MAX_DISH_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_DISH_IMAGE_PIXELS = 40_000_000;

/** Static marketing figures (docs/reference/storefront.md §1, §2, §9). */
export const STATIC_CATEGORY_COUNTS = [
  { name: 'Delish Burger', count: 15 },
  { name: 'Sandwiches', count: 18 },
  { name: 'Mexcan Cuisine', count: 20 },
  { name: 'Italian Cuisine', count: 25 },
] as const;

/** The restaurant's name as the storefront shows it in titles (the client's tab titles and the server's page heads alike). */
export const SITE_NAME = 'Saffron Table';
