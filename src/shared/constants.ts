/** Business constants from SPEC.md §9, in one place so a rule changes in one line. */

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
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Static marketing figures (SPEC.md §1, §2, §9). */
export const STATIC_CATEGORY_COUNTS = [
  { name: 'Delish Burger', count: 15 },
  { name: 'Sandwiches', count: 18 },
  { name: 'Mexcan Cuisine', count: 20 },
  { name: 'Italian Cuisine', count: 25 },
] as const;
