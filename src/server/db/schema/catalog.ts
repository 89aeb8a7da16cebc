import type { Minor } from '../../../shared/domain/money.ts';
import type { Generated } from 'kysely';

/** The menu: categories, dishes, their option groups and values, and uploaded pictures. (Typed as schema.ts says: booleans 0/1, timestamps ISO text.) */

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** Its name in Bangla, '' when the owner wrote none (migration 0023). */
  name_bn: Generated<string>;
  /** Set when an admin removed it; its name then carries a suffix, so the name is free again. */
  removed_at: string | null;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  img: string;
  /** Minor units (cents), migration 0017. */
  price: Minor;
  reatings: number;
  /** JSON array of ingredient strings. */
  items: string;
  category: string;
  populler: number;
  created_at: string;
  description: Generated<string>;
  /** JSON array of ALLERGENS names. */
  allergens: Generated<string>;
  /** JSON array of DIETS names. */
  diet: Generated<string>;
  spicy: Generated<number>;
  /** 1 on the menu, 0 sold out (until sold_out_until, when set). */
  available: Generated<number>;
  sold_out_until: string | null;
  prep_units: Generated<number>;
  /** Set when an admin removed the dish: it leaves the menu; records keep their copy. */
  removed_at: string | null;
  updated_at: string | null;
  /**
   * The names of the dish's option values, space-separated: words of its full-text entry
   * (ranked below its own), written only by triggers on option_values (migration 0014).
   */
  option_names: Generated<string>;
  /** The dish's name and description in Bangla, '' when the owner wrote none (migration 0023). */
  name_bn: Generated<string>;
  description_bn: Generated<string>;
  /** Its category's Bangla name (`categories.name_bn`), kept by the menu's writes: a word of its search entry. */
  category_bn: Generated<string>;
  /** Its ingredients in Bangla, a JSON list like `items`, '[]' when the owner wrote none (migration 0033). */
  items_bn: Generated<string>;
}

/** A dish's option group (migration 0008), in `position` order. */
export interface OptionGroupsTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  name: string;
  /** Its name in Bangla, '' when none (migration 0023). */
  name_bn: Generated<string>;
  min: number;
  max: number;
}

/** A value of an option group (migration 0008), in `position` order. */
export interface OptionValuesTable {
  id: Generated<number>;
  group_id: number;
  product_id: number;
  position: number;
  name: string;
  /** Its name in Bangla, '' when none (migration 0023). */
  name_bn: Generated<string>;
  /** Minor units (cents). */
  price_cents: Minor;
  is_default: number;
  available: number;
  /** Tenths of a prep unit (0.5 → 5). */
  prep_tenths: number;
  /** JSON array of ALLERGENS names. */
  allergens: string;
}

/** Dish pictures (content-addressed WebP renditions), served under /images/dishes/{name}. */
export interface ImagesTable {
  name: string;
  content_type: string;
  body: Buffer;
  created_at: string;
}

/**
 * A dish as one branch offers it (migration 0040, decision 068); no row: offered at the brand's
 * price, sold out as the first branch's `products` row says at branch 1, available elsewhere.
 */
export interface BranchMenuTable {
  branch_id: number;
  product_id: number;
  offered: number;
  /** Minor units; null: the brand's price. */
  price: Minor | null;
  /** Null: the branch's default (see above). */
  available: number | null;
  sold_out_until: string | null;
  updated_at: string;
}

/** An option value's own price and sold-out at one branch (migration 0040); null: the brand's, or the default. */
export interface BranchOptionValuesTable {
  branch_id: number;
  value_id: number;
  price: Minor | null;
  available: number | null;
  updated_at: string;
}
