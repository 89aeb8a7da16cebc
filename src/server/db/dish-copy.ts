import type { ChosenOptionCopy } from '../../shared/contract/orders.ts';
import { fromMinorUnits } from '../../shared/contract/common.ts';
import { textIn } from '../../shared/contract/menu-texts.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import type { ProductRow } from './schema.ts';
import { asMinor } from '../../shared/domain/money.ts';

/**
 * Orders, favourites and reports each keep a copy of the dish they name (name, picture,
 * category, price at the time), so a later menu change never rewrites a guest's history.
 * These are the columns that copy shares, written and read the same way by each module. The
 * copy holds the dish's names in both languages (decision 050); an answer names it in the
 * request's language, the other language's name where that one is empty (`textIn`, decision 047).
 */

/** What a record copies from the catalogue. */
export type Dish = Pick<ProductRow, 'id' | 'name' | 'name_bn' | 'img' | 'category' | 'category_bn' | 'price'>;

/** The columns a new record starts with: its owner and a copy of the dish. */
export function dishCopyColumns(userId: number, dish: Dish) {
  return {
    user_id: userId,
    product_id: dish.id,
    name: dish.name,
    name_bn: dish.name_bn,
    img: dish.img,
    category: dish.category,
    category_bn: dish.category_bn,
    created_at: new Date().toISOString(),
  };
}

interface DishCopyRow {
  id: number;
  product_id: number;
  name: string;
  name_bn: string;
  img: string;
  category: string;
  category_bn: string;
}

/** A copied name in `language`: its own, else the other language's (a copy always has its English). */
export function copiedName(row: { name: string; name_bn?: string | null }, language: Language): string {
  return language === 'en' ? row.name : textIn({ en: row.name, bn: row.name_bn ?? '' }, language);
}

/**
 * A record as listed: the fields the three record kinds share (the row's id as _id and
 * orderMainId, and the dish it copied), then `fields`, the kind's own. Put together by
 * Object.assign rather than `{ ...shared, more }`: on Node 20 an object spread followed by more
 * properties takes V8's slow path, about 2 µs an object against 0.1 µs, which a user's record
 * paid for every order, favourite and report it lists.
 */
export function listedDishCopy<T extends object>(row: DishCopyRow, fields: T, language: Language = 'en') {
  const id = String(row.id);
  const orderCategory = copiedName({ name: row.category, name_bn: row.category_bn }, language);
  return Object.assign(
    {
      _id: id,
      orderMainId: id,
      orderId: String(row.product_id),
      orderName: copiedName(row, language),
      orderImg: row.img,
      orderCategory,
    },
    fields,
  );
}

/** A chosen option value as a line's copy keeps it: its price in minor units (migration 0017). */
export interface StoredOption {
  group: string;
  name: string;
  /** The group's and the value's Bangla names as copied ('' or absent where none; decision 050). */
  groupBn?: string;
  nameBn?: string;
  /** Minor units. */
  price: number;
  prepUnits?: number;
  allergens?: string[];
}

/**
 * The copy of the option values a line chose (orders.options, ticket_lines.options: JSON
 * `[{ group, name, price, prepUnits, allergens, groupBn, nameBn }]` with `price` in minor units,
 * '[]' for none), as stored: a menu edit never changes it.
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

/** A copied option's value name in `language`. */
export const optionName = (o: StoredOption, language: Language) =>
  copiedName({ name: o.name, name_bn: o.nameBn }, language);

/** The copy as answers write it (the contract's group, name and price, in the currency's major units), named in `language`. */
export function chosenOptions(json: string | undefined | null, language: Language = 'en'): ChosenOptionCopy[] {
  return optionsCopy(json).map((o) => ({
    group: copiedName({ name: o.group, name_bn: o.groupBn }, language),
    name: optionName(o, language),
    price: fromMinorUnits(asMinor(o.price)),
  }));
}
