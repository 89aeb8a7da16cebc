import type { Category, Product } from '../../../shared/contract/catalog.ts';
import type { CategoryRow, ProductRow } from '../../db/schema.ts';

/** Rows of the menu in the shapes SPEC.md §3 lists them. */

export const PRODUCT_COLUMNS = ['id', 'name', 'img', 'price', 'reatings', 'items', 'category', 'populler'] as const;
export type ProductSelection = Pick<ProductRow, (typeof PRODUCT_COLUMNS)[number]>;

export function toProduct(row: ProductSelection): Product {
  return {
    _id: String(row.id),
    name: row.name,
    img: row.img,
    price: Number(row.price),
    reatings: Number(row.reatings),
    items: JSON.parse(row.items) as string[],
    category: row.category,
    populler: Boolean(row.populler),
  };
}

export function toCategory(row: Pick<CategoryRow, 'id' | 'name'>): Category {
  return { _id: String(row.id), category: row.name };
}
