import type { Kysely } from 'kysely';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
import { precompiled, precompiledIn } from '../../db/precompiled.ts';
import type { AppDatabase, ProductRow } from '../../db/schema.ts';
import type { OptionValueRow } from './catalog.mappers.ts';
import { type Minor, asMinor } from '../../../shared/domain/money.ts';

/**
 * What a branch sells (docs/reference/branches.md, decision 068): the brand's dishes with each
 * branch's own word where it has one. A dish is offered at every branch at the brand's price
 * unless the branch's row says otherwise; a dish's or option value's sold-out is the branch's
 * own: the first branch's is kept where it always was (the dish's and the value's own rows, so
 * an install with one branch reads and writes exactly what it did), every other branch's in its
 * rows here (none: available).
 */

export interface DishAtBranch {
  offered: boolean;
  /** Null: the brand's price. */
  price: Minor | null;
  /** Null: the branch's default (see above). */
  available: number | null;
  soldOutUntil: string | null;
}

export interface ValueAtBranch {
  price: Minor | null;
  available: number | null;
}

/** One branch's word on the dishes and values it has rows for (all of them, or those of the dishes read). */
export interface BranchMenu {
  branch: BranchId;
  dishes: ReadonlyMap<number, DishAtBranch>;
  values: ReadonlyMap<number, ValueAtBranch>;
}

/** The fields of a dish row the branch's word changes. */
type Sellable = Pick<ProductRow, 'id' | 'price' | 'available' | 'sold_out_until'>;

/**
 * The dish `row` as `menu`'s branch sells it: its price and sold-out there; undefined when the
 * branch does not offer it. The row itself when the branch changes nothing (the first branch's usual case).
 */
export function dishAt<T extends Sellable>(row: T, menu: BranchMenu): T | undefined {
  const own = menu.dishes.get(row.id);
  const first = menu.branch === MAIN_BRANCH_ID;
  if (own && !own.offered) return undefined;
  if (first && (own?.price ?? null) === null) return row;
  return {
    ...row,
    price: own?.price ?? row.price,
    available: first ? row.available : (own?.available ?? 1),
    sold_out_until: first ? row.sold_out_until : own?.available === 0 ? own.soldOutUntil : null,
  };
}

/** An option value as `menu`'s branch sells it: its price and whether it is on there. */
export function valueAt<T extends Pick<OptionValueRow, 'id' | 'price_cents' | 'available'>>(
  row: T,
  menu: BranchMenu,
): T {
  const own = menu.values.get(row.id);
  const first = menu.branch === MAIN_BRANCH_ID;
  if (first && (own?.price ?? null) === null) return row;
  return {
    ...row,
    price_cents: own?.price ?? row.price_cents,
    available: first ? row.available : (own?.available ?? 1),
  };
}

/** A branch's rows of dishes and of option values: all of them, or those of some dishes (decision 075). */
const dishRows = (db: Kysely<AppDatabase>, branch: BranchId) =>
  db
    .selectFrom('branch_menu')
    .select(['product_id', 'offered', 'price', 'available', 'sold_out_until'])
    .where('branch_id', '=', branch);
const valueRows = (db: Kysely<AppDatabase>, branch: BranchId) =>
  db
    .selectFrom('branch_option_values as b')
    .innerJoin('option_values as v', 'v.id', 'b.value_id')
    .select(['b.value_id', 'b.price', 'b.available'])
    .where('b.branch_id', '=', branch);
const allDishes = precompiled(1, dishRows);
const allValues = precompiled(1, valueRows);
const someDishes = precompiledIn(2, (db, branch: BranchId, ids: number[]) =>
  dishRows(db, branch).where('product_id', 'in', ids),
);
const someValues = precompiledIn(2, (db, branch: BranchId, ids: number[]) =>
  valueRows(db, branch).where('v.product_id', 'in', ids),
);

/** The reads of a branch's word (its writes: branch-menu-changes.ts). */
export function createBranchMenuReads() {
  return {
    /** `branch`'s rows, for the dishes `ids` (every dish's when undefined); `executor` may be a transaction. */
    async menuAt(executor: Kysely<AppDatabase>, branch: BranchId, ids?: readonly number[]): Promise<BranchMenu> {
      if (ids !== undefined && ids.length === 0) return { branch, dishes: new Map(), values: new Map() };
      const [{ rows: d }, { rows: v }] = await Promise.all(
        ids === undefined
          ? [allDishes(executor, branch), allValues(executor, branch)]
          : [someDishes(executor, branch, [...ids]), someValues(executor, branch, [...ids])],
      );
      return {
        branch,
        dishes: new Map(
          d.map((row) => [
            row.product_id,
            {
              offered: Number(row.offered) === 1,
              price: row.price === null ? null : asMinor(Number(row.price)),
              available: row.available === null ? null : Number(row.available),
              soldOutUntil: row.sold_out_until,
            },
          ]),
        ),
        values: new Map(
          v.map((row) => [
            row.value_id,
            {
              price: row.price === null ? null : asMinor(Number(row.price)),
              available: row.available === null ? null : Number(row.available),
            },
          ]),
        ),
      };
    },

    /** The earliest time after `now` a dish sold out at a branch other than the first comes back by itself. */
    async nextComeback(executor: Kysely<AppDatabase>, now: string): Promise<string | null> {
      const row = await executor
        .selectFrom('branch_menu')
        .select((eb) => eb.fn.min('sold_out_until').as('at'))
        .where('available', '=', 0)
        .where('sold_out_until', '>', now)
        .where('branch_id', '<>', MAIN_BRANCH_ID)
        .executeTakeFirst();
      return row?.at ?? null;
    },
  };
}
