import type { Kysely } from 'kysely';
import type { DishStatus } from '../../../shared/constants.ts';
import type { Dish } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, type Named } from '../../http/errors.ts';
import { isAvailable, toOptionGroups } from './catalog.mappers.ts';
import type { createCatalogRepository } from './catalog.repository.ts';

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

/** A dish as an order line takes it: its copy, priced with its chosen options (ORDERING.md "Dish options"). */
export interface OrderedDish extends Dish {
  /** The unit price in minor units: the dish's plus its chosen values'. */
  unitCents: number;
  options: ChosenOption[];
}

/** Whether the options come from the guest (the order call) or are the defaults of a favourite confirmed. */
export type OptionSource = { chosen: readonly number[] | undefined } | { favourite: true };

/**
 * What the other modules read of dishes (the only way they reach the menu): what the kitchen
 * weighs, where a dish stands, its category and allergens, and the dish an order line takes
 * with its options. Inside a transaction, pass it: on SQLite a read outside it would wait for it.
 */
export function createDishReads(catalog: ReturnType<typeof createCatalogRepository>, clock: () => number, dishOrThrow: (id: number, purpose: 'order' | 'record', transaction?: Kysely<AppDatabase>) => Promise<Dish>) {
  return {
    /** What the kitchen needs of each dish: its name, whether it can be cooked now, and its prep units. */
    /**
     * The option values sold out now, by dish, keyed `group\u0000value` (a bag line keeps a copy
     * of its options by name): the checkout refuses a line whose chosen value sold out after it
     * went into the bag. Inside a transaction, pass it.
     */
    async soldOutOptions(ids: number[], transaction?: Kysely<AppDatabase>): Promise<Map<number, Set<string>>> {
      const { groups, values } = await catalog.optionRows([...new Set(ids)], transaction);
      const out = new Map<number, Set<string>>();
      for (const [dishId, list] of toOptionGroups(groups, values)) {
        for (const group of list) for (const value of group.values) if (!value.available) out.set(dishId, (out.get(dishId) ?? new Set()).add(`${group.name}\u0000${value.name}`));
      }
      return out;
    },

    /**
     * Each dish's category (what a bill taxes its lines by) and allergens (JSON, as the menu has
     * them), removed dishes too: the other modules' lines name dishes by id (and by their own
     * copies of its names, decision 050). Inside a transaction, pass it.
     */
    async dishFacts(ids: number[], transaction?: Kysely<AppDatabase>): Promise<Map<number, { category: string; allergens: string }>> {
      const rows = await catalog.facts([...new Set(ids)], transaction);
      return new Map(rows.map((row) => [row.id, { category: row.category, allergens: row.allergens }]));
    },

    async dishesForKitchen(ids: number[], transaction?: Kysely<AppDatabase>): Promise<Map<number, Named & { removed: boolean; available: boolean; prepUnits: number }>> {
      const rows = await catalog.findDishes([...new Set(ids)], transaction);
      return new Map(rows.map((row) => [row.id, { name: row.name, name_bn: row.name_bn, removed: row.removed_at !== null, available: isAvailable(row, clock()), prepUnits: Number(row.prep_units) }]));
    },

    /** Where each dish stands on the menu now (a missing id is absent from the map). */
    async dishStatuses(ids: number[], transaction?: Kysely<AppDatabase>): Promise<Map<number, DishStatus>> {
      const rows = await catalog.findDishes([...new Set(ids)], transaction);
      return new Map(rows.map((row) => [row.id, row.removed_at !== null ? 'removed' : isAvailable(row, clock()) ? 'available' : 'sold_out']));
    },

    /**
     * The dish an order line takes with its options (ORDERING.md "Dish options"): the values
     * chosen (`chosen`), or the defaults when none are given or a favourite is confirmed. A value
     * of another dish, or more of a group than its `max`, is 400; a group below its `min` is 400
     * "Choose Size for Classic Cheeseburger" (409 "… on its page" for a favourite, whose guest
     * chose nothing); a value sold out is 409 "Sold out: Large (Classic Cheeseburger)". The unit
     * price is computed in minor units. Inside a transaction, pass it.
     */
    async orderedDish(id: number, source: OptionSource, transaction?: Kysely<AppDatabase>): Promise<OrderedDish> {
      const dish = await dishOrThrow(id, 'order', transaction);
      const { groups: groupRows, values: valueRows } = await catalog.optionRows([id], transaction);
      const groups = toOptionGroups(groupRows, valueRows).get(id) ?? [];
      // Prices as stored, in minor units: the groups' are the contract's.
      const centsOf = new Map(valueRows.map((row) => [row.id, Number(row.price_cents)]));
      const chosen = 'chosen' in source ? source.chosen : undefined;
      const picked = new Set<number>();
      if (chosen === undefined) {
        for (const group of groups) for (const value of group.values) if (value.default) picked.add(value._id);
      } else {
        const known = new Set(groups.flatMap((group) => group.values.map((value) => value._id)));
        for (const valueId of chosen) {
          if (!known.has(valueId)) throw badRequest(`Option ${valueId} is not one of ${dish.name}'s`);
          picked.add(valueId);
        }
      }
      const options: ChosenOption[] = [];
      let unitCents = Number(dish.price);
      const soldOut: Named[] = [];
      for (const group of groups) {
        const values = group.values.filter((value) => picked.has(value._id));
        // Named in the answer's language (decision 049, 2026-11-28).
        const named: Named = { name: group.name, name_bn: group.translations?.bn.name };
        if (values.length > group.max) throw badRequest((n) => `Choose at most ${group.max} ${n(named)} for ${n(dish)}`);
        if (values.length < group.min) {
          if ('favourite' in source) throw conflict((n) => `Choose ${n(named)} for ${n(dish)} on its page`);
          throw badRequest((n) => `Choose ${n(named)} for ${n(dish)}`);
        }
        for (const value of values) {
          if (!value.available) soldOut.push({ name: value.name, name_bn: value.translations?.bn.name });
          const cents = centsOf.get(value._id) ?? 0;
          unitCents += cents;
          options.push({ group: group.name, name: value.name, price: cents, prepUnits: value.prepUnits, allergens: value.allergens, groupBn: group.translations?.bn.name ?? '', nameBn: value.translations?.bn.name ?? '' });
        }
      }
      if (soldOut.length > 0) throw conflict((n) => `Sold out: ${soldOut.map(n).join(', ')} (${n(dish)})`);
      return { ...dish, unitCents, options };
    },
  };
}
