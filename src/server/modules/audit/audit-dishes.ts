import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import { type Minor, asMinor } from '../../../shared/domain/money.ts';

/* A dish as the audit trail compares it before and after a change (audit.service.ts's dishChanged). */

/** A dish's money and availability, to compare before and after a change. */
export interface DishState {
  name: string;
  price: Minor;
  available: boolean;
  soldOutUntil: string | null;
  options: Record<string, { name: string; price: Minor; available: boolean }>;
}

export async function dishStateOf(db: Kysely<AppDatabase>, id: number): Promise<DishState | undefined> {
  const dish = await db
    .selectFrom('products')
    .select(['name', 'price', 'available', 'sold_out_until'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!dish) return undefined;
  const values = await db
    .selectFrom('option_values')
    .select(['id', 'name', 'price_cents', 'available'])
    .where('product_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    name: dish.name,
    price: asMinor(dish.price),
    available: Number(dish.available) === 1,
    soldOutUntil: dish.sold_out_until,
    options: Object.fromEntries(
      values.map((v) => [
        String(v.id),
        { name: v.name, price: asMinor(v.price_cents), available: Number(v.available) === 1 },
      ]),
    ),
  };
}
