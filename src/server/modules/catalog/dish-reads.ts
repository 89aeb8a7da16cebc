import type { Kysely } from 'kysely';
import type { DishStatus } from '../../../shared/constants.ts';
import type { Dish } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, type Named, notFound } from '../../http/errors.ts';
import { type OptionGroupRow, type OptionValueRow, isAvailable, toOptionGroups } from './catalog.mappers.ts';
import type { DishState, createCatalogRepository } from './catalog.repository.ts';
import { type Minor, ZERO, addMinor, asMinor } from '../../../shared/domain/money.ts';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
import { type BranchMenu, type createBranchMenuReads, dishAt, valueAt } from './branch-menu.ts';

/** A chosen option value as an order line keeps it: a copy no menu edit changes (its price in minor units, as stored). */
export interface ChosenOption {
  group: string;
  name: string;
  /** Minor units. */
  price: number;
  /**
   * Kept with the copy for the kitchen, not answered (the contract's copy is group, name,
   * price): the prep units the value adds per portion, and the allergens it adds to the line.
   */
  prepUnits: number;
  allergens: string[];
  /** The group's and the value's Bangla names as the owner wrote them ('' where none): the copy's, decision 050. */
  groupBn: string;
  nameBn: string;
}

/** A dish as an order line takes it: its copy, priced with its chosen options (docs/reference/ordering.md "Dish options"). */
export interface OrderedDish extends Dish {
  /** The unit price in minor units: the dish's plus its chosen values'. */
  unitCents: Minor;
  options: ChosenOption[];
}

/** Whether the options come from the guest (the order call) or are the defaults of a favourite confirmed. */
export type OptionSource = { chosen: readonly number[] | undefined } | { favourite: true };

/** A dish row as the checks below read it. */
type DishRow = DishState & { category_bn: string };

/**
 * A dish as `purpose` takes it: 404 when there is none (or, to record, it was removed); to
 * order, 409 when it is no longer on the menu or sold out (named in the reader's language).
 */
export function checkedDish(dish: DishRow | undefined, purpose: 'order' | 'record', now: number): Dish {
  if (!dish || (dish.removed_at !== null && purpose === 'record')) throw notFound('noDish');
  if (purpose === 'order') {
    if (dish.removed_at !== null) throw conflict('noLongerOnMenu', { name: dish });
    if (!isAvailable(dish, now)) throw conflict('soldOut', { names: dish });
  }
  return {
    id: dish.id,
    name: dish.name,
    name_bn: dish.name_bn,
    img: dish.img,
    category: dish.category,
    category_bn: dish.category_bn,
    price: dish.price,
  };
}

/** A dish row as `menu`'s branch sells it; 409 "… is not offered at this branch" where it does not. */
export function offeredAt<T extends DishRow>(row: T, menu: BranchMenu): T {
  const sold = dishAt(row, menu);
  if (!sold) throw conflict('notOfferedHere', { name: row });
  return sold;
}

/** What the kitchen needs of a dish: its names, whether it can be cooked now, its prep units, its category (its bill taxes it by it), and its option values sold out now keyed `group\u0000value` (a bag line keeps a copy of its options by name). */
export interface KitchenDish extends Named {
  removed: boolean;
  available: boolean;
  prepUnits: number;
  category: string;
  soldOutValues: Set<string>;
}

/** A dish an order line takes with its options, and its prep units a portion (the kitchen's weight, options apart). */
export type OrderedLineDish = OrderedDish & { prepUnits: number };

/** A dish's category and its allergens (JSON), as bills and the kitchen's cards read them. */
export interface DishFacts {
  category: string;
  allergens: string;
}

/** At most this many dishes' facts are kept (a menu holds far fewer). */
const MAX_FACTS = 10_000;

/**
 * What the other modules read of dishes (the only way they reach the menu): what the kitchen
 * weighs, its category and allergens, and the dish an order line takes with its options. Inside
 * a transaction, pass it: on SQLite a read outside it would wait for it. Each read is a fixed
 * number of statements however many dishes (a placing's round trips, issue 46).
 */
export function createDishReads(
  catalog: ReturnType<typeof createCatalogRepository>,
  clock: () => number,
  branches: ReturnType<typeof createBranchMenuReads>,
) {
  /**
   * Each dish's category and allergens as last read, until the menu changes (forgetFacts): every
   * bill's money and every kitchen card asks for them, so they are read once a menu version,
   * not once a request (decision 073).
   */
  const facts = new Map<number, DishFacts>();
  /** Counts forgetFacts: a read begun before one keeps nothing. */
  let factsKept = 0;
  /** The dish `row` priced with the options `source` picks among its groups (`groupRows`, `valueRows`: the dish's, in order). */
  function priced(
    row: DishRow | undefined,
    source: OptionSource,
    groupRows: OptionGroupRow[],
    valueRows: OptionValueRow[],
  ): OrderedLineDish {
    const dish = checkedDish(row, 'order', clock());
    const groups = toOptionGroups(groupRows, valueRows).get(dish.id) ?? [];
    // Prices as stored, in minor units: the groups' are the contract's.
    const centsOf = new Map(valueRows.map((value) => [value.id, asMinor(value.price_cents)]));
    const chosen = 'chosen' in source ? source.chosen : undefined;
    const picked = new Set<number>();
    if (chosen === undefined) {
      for (const group of groups) for (const value of group.values) if (value.default) picked.add(value._id);
    } else {
      const known = new Set(groups.flatMap((group) => group.values.map((value) => value._id)));
      for (const valueId of chosen) {
        if (!known.has(valueId)) throw badRequest('optionNotOneS', { v0: valueId, v1: dish.name });
        picked.add(valueId);
      }
    }
    const options: ChosenOption[] = [];
    let unitCents = asMinor(dish.price);
    const soldOut: Named[] = [];
    for (const group of groups) {
      const values = group.values.filter((value) => picked.has(value._id));
      // Named in the answer's language (decision 049, 2026-11-28).
      const named: Named = { name: group.name, name_bn: group.translations?.bn.name };
      if (values.length > group.max) throw badRequest('chooseAtMost', { max: group.max, group: named, dish });
      if (values.length < group.min) {
        if ('favourite' in source) throw conflict('chooseOnPage', { group: named, dish });
        throw badRequest('choose', { group: named, dish });
      }
      for (const value of values) {
        if (!value.available) soldOut.push({ name: value.name, name_bn: value.translations?.bn.name });
        const cents = centsOf.get(value._id) ?? ZERO;
        unitCents = addMinor(unitCents, cents);
        options.push({
          group: group.name,
          name: value.name,
          price: cents,
          prepUnits: value.prepUnits,
          allergens: value.allergens,
          groupBn: group.translations?.bn.name ?? '',
          nameBn: value.translations?.bn.name ?? '',
        });
      }
    }
    if (soldOut.length > 0) throw conflict('soldOut', { names: (n) => `${soldOut.map(n).join(', ')} (${n(dish)})` });
    return { ...dish, unitCents, options, prepUnits: Number(row?.prep_units) };
  }

  /** The dishes `ids` as `branch` sells them (removed ones as they are; one not offered there reads as removed). */
  async function soldAt(transaction: Kysely<AppDatabase>, ids: number[], branch: BranchId): Promise<DishRow[]> {
    const rows = await catalog.findDishes(transaction, ids);
    const menu = await branches.menuAt(transaction, branch, ids);
    return rows.map((row) =>
      row.removed_at !== null ? row : (dishAt(row, menu) ?? { ...row, removed_at: 'elsewhere' }),
    );
  }

  /**
   * Several lines' dishes as `orderedDish` takes each, in the lines' order, refused at the
   * first line that cannot be ordered: three statements however many lines.
   */
  async function orderedDishes(
    transaction: Kysely<AppDatabase>,
    lines: readonly { id: number; source: OptionSource }[],
    branch: BranchId = MAIN_BRANCH_ID,
  ): Promise<OrderedLineDish[]> {
    const ids = [...new Set(lines.map((line) => line.id))];
    const rows = new Map((await catalog.findDishes(transaction, ids)).map((row) => [row.id, row]));
    const { groups, values } = await catalog.optionRows(transaction, ids);
    // The branch's prices and sold-out (decision 068): one more statement, whatever the lines.
    const menu = await branches.menuAt(transaction, branch, ids);
    return lines.map((line) => {
      const row = rows.get(line.id);
      return priced(
        row && row.removed_at === null ? offeredAt(row, menu) : row,
        line.source,
        groups.filter((group) => group.product_id === line.id),
        values.filter((value) => value.product_id === line.id).map((value) => valueAt(value, menu)),
      );
    });
  }

  return {
    /**
     * Each dish's category and allergens (a bill taxes a line by the category its dish has
     * now; a ticket lists the allergens), removed dishes too: the other modules' lines name
     * dishes by id (and by their own copies of its names, decision 050).
     */
    async dishFacts(transaction: Kysely<AppDatabase>, ids: number[]): Promise<Map<number, DishFacts>> {
      const found = new Map<number, DishFacts>();
      const missing: number[] = [];
      for (const id of new Set(ids)) {
        const known = facts.get(id);
        if (known) found.set(id, known);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const kept = factsKept;
      const rows = await catalog.facts(transaction, missing);
      for (const row of rows) {
        const read = { category: row.category, allergens: row.allergens };
        found.set(row.id, read);
        // Kept unless the menu changed while they were read (they may be from before it).
        if (kept === factsKept && facts.size < MAX_FACTS) facts.set(row.id, read);
      }
      return found;
    },

    /** Forgets the dishes' facts (the menu changed). */
    forgetFacts(): void {
      facts.clear();
      factsKept += 1;
    },

    /** What the kitchen needs of each dish (a missing id is absent from the map): two statements. */
    async kitchenDishes(
      transaction: Kysely<AppDatabase>,
      ids: number[],
      branch: BranchId = MAIN_BRANCH_ID,
    ): Promise<Map<number, KitchenDish>> {
      const unique = [...new Set(ids)];
      const rows = await soldAt(transaction, unique, branch);
      const soldOut = await catalog.soldOutValues(transaction, unique, branch);
      const now = clock();
      const dishes = new Map<number, KitchenDish>(
        rows.map((row) => [
          row.id,
          {
            name: row.name,
            name_bn: row.name_bn,
            removed: row.removed_at !== null,
            available: isAvailable(row, now),
            prepUnits: Number(row.prep_units),
            category: row.category,
            soldOutValues: new Set<string>(),
          },
        ]),
      );
      for (const value of soldOut)
        dishes.get(value.product_id)?.soldOutValues.add(`${value.group_name}\u0000${value.name}`);
      return dishes;
    },

    /** Where each dish stands on the menu now (a missing id is absent from the map). */
    async dishStatuses(
      transaction: Kysely<AppDatabase>,
      ids: number[],
      branch: BranchId = MAIN_BRANCH_ID,
    ): Promise<Map<number, DishStatus>> {
      const rows = await soldAt(transaction, [...new Set(ids)], branch);
      return new Map(
        rows.map((row) => [
          row.id,
          row.removed_at !== null ? 'removed' : isAvailable(row, clock()) ? 'available' : 'sold_out',
        ]),
      );
    },

    /**
     * The dish an order line takes with its options (docs/reference/ordering.md "Dish options"): the values
     * chosen (`chosen`), or the defaults when none are given or a favourite is confirmed. A value
     * of another dish, or more of a group than its `max`, is 400; a group below its `min` is 400
     * "Choose Size for Classic Cheeseburger" (409 "… on its page" for a favourite, whose guest
     * chose nothing); a value sold out is 409 "Sold out: Large (Classic Cheeseburger)". The unit
     * price is computed in minor units. Inside a transaction, pass it.
     */
    async orderedDish(
      transaction: Kysely<AppDatabase>,
      id: number,
      source: OptionSource,
      branch: BranchId = MAIN_BRANCH_ID,
    ): Promise<OrderedLineDish> {
      return (await orderedDishes(transaction, [{ id, source }], branch))[0] as OrderedLineDish;
    },

    orderedDishes,
  };
}
