import type { BranchId } from '../../db/branch.ts';
import type { Kysely } from 'kysely';
import { optionsCopy } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import type { CatalogService, KitchenDish } from '../catalog/catalog.service.ts';
import type { Minor } from '../../../shared/domain/money.ts';

/**
 * What a ticket weighs in the kitchen (docs/reference/operations.md "One kitchen, one capacity"):
 * the prep units of its lines, their dishes and chosen values read, refusing what is sold out or
 * gone. The capacity (capacity.ts) takes its room with them.
 */

/** The prep units (in tenths) a line's chosen values add per portion, from the copy the line keeps. */
function optionTenths(json: string | undefined): number {
  let tenths = 0;
  for (const option of optionsCopy(json)) {
    if (typeof option.prepUnits === 'number' && Number.isFinite(option.prepUnits) && option.prepUnits > 0)
      tenths += Math.round(option.prepUnits * 10);
  }
  return tenths;
}

/** The lines a ticket weighs and prices: a guest's booking orders, or the lines staff took. */
export type PricedLine = {
  product_id: number;
  name: string;
  name_bn?: string | null;
  category: string;
  quantity: number;
  total_price: Minor;
  options?: string;
};

/** The weight at `branch`: its sold-out (decision 068). */
export function createKitchenWeight(catalog: Pick<CatalogService, 'kitchenDishes'>, branch: BranchId) {
  /** Units the kitchen cooks for these lines, their dishes read (`dishes`); refuses sold-out or removed dishes and sold-out option values. */
  function unitsFrom(lines: PricedLine[], dishes: Map<number, KitchenDish>): number {
    // In tenths: an option value may add half a unit a portion (docs/reference/ordering.md "Dish options"); the
    // ticket's load is whole units, rounded up.
    let tenths = 0;
    for (const line of lines) {
      const dish = dishes.get(line.product_id);
      if (!dish || dish.removed) throw conflict('noLongerOnMenu', { name: line });
      if (!dish.available) throw conflict('soldOut', { names: dish });
      // A value chosen when the line went into the bag may have sold out since (docs/reference/ordering.md "Dish options").
      const gone = optionsCopy(line.options).filter((option) =>
        dish.soldOutValues.has(`${option.group}\u0000${option.name}`),
      );
      if (gone.length > 0)
        throw conflict('soldOut', {
          names: (n) =>
            `${gone.map((option) => n({ name: option.name, name_bn: option.nameBn })).join(', ')} (${n(dish)})`,
        });
      tenths += line.quantity * (dish.prepUnits * 10 + optionTenths(line.options));
    }
    return Math.ceil(tenths / 10);
  }

  /**
   * A guest's bag lines as a ticket takes them: each with its dish's category now (the one its
   * bill taxes it by), and the units they weigh (`unitsFrom`), from one read of their dishes.
   */
  async function weigh<L extends Omit<PricedLine, 'category'>>(
    executor: Kysely<AppDatabase>,
    rows: L[],
  ): Promise<{ lines: (L & { category: string })[]; units: number }> {
    const dishes = await catalog.kitchenDishes(
      executor,
      rows.map((row) => row.product_id),
      branch,
    );
    const lines = rows.map((row) => ({ ...row, category: dishes.get(row.product_id)?.category ?? '' }));
    return { lines, units: unitsFrom(lines, dishes) };
  }

  return { unitsFrom, weigh };
}
