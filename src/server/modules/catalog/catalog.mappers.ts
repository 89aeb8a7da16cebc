import { ALLERGENS, type Allergen, DIETS, type Diet } from '../../../shared/constants.ts';
import { type Category, type Product, dishImageSrcset } from '../../../shared/contract/catalog.ts';
import type { CategoryRow, ProductRow } from '../../db/schema.ts';

/** Rows of the menu in the shapes SPEC.md §3 and OPERATIONS.md list them. */

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
] as const;
export type ProductSelection = Pick<ProductRow, (typeof PRODUCT_COLUMNS)[number]>;

/** Whether a dish can be ordered at `now`: on the menu, or sold out only until a time now past. */
export function isAvailable(row: Pick<ProductRow, 'available' | 'sold_out_until'>, now = Date.now()): boolean {
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

export function toProduct(row: ProductSelection, now = Date.now()): Product {
  const available = isAvailable(row, now);
  return {
    _id: String(row.id),
    name: row.name,
    img: row.img,
    imgSrcset: dishImageSrcset(row.img),
    price: Number(row.price),
    reatings: Number(row.reatings),
    items: JSON.parse(row.items) as string[],
    category: row.category,
    populler: Boolean(row.populler),
    description: row.description,
    allergens: listOf<Allergen>(row.allergens, ALLERGENS),
    diet: listOf<Diet>(row.diet, DIETS),
    spicy: Number(row.spicy),
    available,
    soldOutUntil: available ? null : row.sold_out_until,
    prepUnits: Number(row.prep_units),
  };
}

export function toCategory(row: Pick<CategoryRow, 'id' | 'name'>): Category {
  return { _id: String(row.id), category: row.name };
}
