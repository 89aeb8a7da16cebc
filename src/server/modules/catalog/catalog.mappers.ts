import { ALLERGENS, type Allergen, DIETS, type Diet } from '../../../shared/constants.ts';
import {
  type Category,
  type OptionGroup,
  type Product,
  categoryListResponse,
  dishImageSrcset,
  productListResponse,
  productResponse,
} from '../../../shared/contract/catalog.ts';
import { compileSerializer } from '../../plugins/serializer.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { CategoryRow, OptionGroupsTable, OptionValuesTable, ProductRow } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import type { Language } from '../../../shared/i18n/languages.ts';
import { textIn } from '../../../shared/contract/menu-texts.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/** Rows of the menu in the shapes docs/reference/storefront.md §3 and docs/reference/operations.md list them. */

export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'img',
  'price',
  'reatings',
  'items',
  'category',
  'populler',
  'description',
  'allergens',
  'diet',
  'spicy',
  'available',
  'sold_out_until',
  'prep_units',
  'name_bn',
  'description_bn',
  'category_bn',
  'items_bn',
] as const;
export type ProductSelection = Pick<ProductRow, (typeof PRODUCT_COLUMNS)[number]>;

/** Whether a dish can be ordered at `now`: on the menu, or sold out only until a time now past. */
export function isAvailable(row: Pick<ProductRow, 'available' | 'sold_out_until'>, now: number): boolean {
  if (Number(row.available) === 1) return true;
  return row.sold_out_until !== null && Date.parse(row.sold_out_until) <= now;
}

function listOf<T extends string>(json: string, allowed: readonly T[]): T[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? allowed.filter((name) => parsed.includes(name)) : [];
  } catch {
    return [];
  }
}

/** The names of a row as written in each language (decision 047). */
function names(row: { name: string; name_bn: string }) {
  return { en: { name: row.name }, bn: { name: row.name_bn } };
}

/** A dish in `language` (its name, description and category; the other language's where the owner wrote none). */
export function toProduct(
  row: ProductSelection,
  now: number,
  options?: OptionGroup[],
  language: Language = 'en',
): Product {
  const available = isAvailable(row, now);
  const items = { en: JSON.parse(row.items) as string[], bn: JSON.parse(row.items_bn || '[]') as string[] };
  const translations = {
    en: { name: row.name, description: row.description, items: items.en },
    bn: { name: row.name_bn, description: row.description_bn, items: items.bn },
  };
  const product: Product = {
    _id: String(row.id),
    name: textIn({ en: row.name, bn: row.name_bn }, language),
    img: row.img,
    imgSrcset: dishImageSrcset(row.img),
    price: fromMinorUnits(asMinor(row.price)),
    reatings: Number(row.reatings),
    // The request's language's list, else the other's (the owner wrote only one), as names are.
    items: items[language].length > 0 ? items[language] : items[language === 'en' ? 'bn' : 'en'],
    category: textIn({ en: row.category, bn: row.category_bn }, language),
    populler: Boolean(row.populler),
    description: textIn({ en: row.description, bn: row.description_bn }, language),
    allergens: listOf<Allergen>(row.allergens, ALLERGENS),
    diet: listOf<Diet>(row.diet, DIETS),
    spicy: Number(row.spicy),
    available,
    soldOutUntil: available ? null : row.sold_out_until,
    prepUnits: Number(row.prep_units),
    options: options ?? [],
    translations,
  };
  return product;
}

export type OptionGroupRow = Selectable<OptionGroupsTable>;
export type OptionValueRow = Selectable<OptionValuesTable>;

/**
 * The option groups of each dish, in order, from the rows of its groups and values (each list
 * ordered by dish, then position). A dish without options is absent from the map.
 */
export function toOptionGroups(
  groups: OptionGroupRow[],
  values: OptionValueRow[],
  language: Language = 'en',
): Map<number, OptionGroup[]> {
  const byGroup = new Map<number, OptionGroup>();
  const byDish = new Map<number, OptionGroup[]>();
  for (const row of groups) {
    const group: OptionGroup = {
      _id: row.id,
      name: textIn({ en: row.name, bn: row.name_bn }, language),
      translations: names(row),
      min: Number(row.min),
      max: Number(row.max),
      values: [],
    };
    byGroup.set(row.id, group);
    const list = byDish.get(row.product_id);
    if (list) list.push(group);
    else byDish.set(row.product_id, [group]);
  }
  for (const row of values) {
    byGroup.get(row.group_id)?.values.push({
      _id: row.id,
      name: textIn({ en: row.name, bn: row.name_bn }, language),
      translations: names(row),
      price: fromMinorUnits(asMinor(row.price_cents)),
      default: Number(row.is_default) === 1,
      available: Number(row.available) === 1,
      prepUnits: Number(row.prep_tenths) / 10,
      allergens: listOf<Allergen>(row.allergens, ALLERGENS),
    });
  }
  return byDish;
}

export function toCategory(row: Pick<CategoryRow, 'id' | 'name' | 'name_bn'>, language: Language = 'en'): Category {
  return {
    _id: String(row.id),
    category: textIn({ en: row.name, bn: row.name_bn }, language),
    translations: names(row),
  };
}

/** The menu's answers, serialized once by the same compiled serializers as every answer. */
export const serializeProduct = compileSerializer(productResponse);
export const serializeProducts = compileSerializer(productListResponse);
export const serializeCategories = compileSerializer(categoryListResponse);
/** One dish as an item of a list answer: a search's answer is its found dishes' items joined. */
export const serializeListedProduct = compileSerializer(productListResponse.shape.data.element);

export const MENU_MESSAGES = {
  dishAdded: 'The dish has been added to the menu',
  dishUpdated: 'The dish has been updated',
  dishRemoved: 'The dish has been removed from the menu',
  categoryAdded: 'The category has been added',
  categoryRenamed: 'The category has been renamed',
  categoryRemoved: 'The category has been removed',
} as const;
