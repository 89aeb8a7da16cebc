import type { Kysely } from 'kysely';
import type { AppDatabase } from '../schema.ts';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import { storedSettingsBody } from '../stored-settings.ts';
import { DEMO_COMBINATIONS, DEMO_SETTINGS, DEMO_TABLES } from './demo-restaurant.ts';
import { DEMO_CATEGORIES, DEMO_MENU } from './demo-menu.ts';
import { DEMO_DETAILS } from './demo-details.ts';
import { DEMO_OPTIONS } from './demo-options.ts';
import { demoPictureUrl } from './menu-images.ts';
import { DEMO_CATEGORIES_BN, DEMO_DISHES_BN, DEMO_INGREDIENTS_BN, DEMO_OPTIONS_BN } from './demo-menu-bangla.ts';

/**
 * Fills an empty menu with the demo dishes. It runs in one transaction and only when
 * there is no category yet, so a second start never seeds twice.
 */
export async function seedDemoMenu(db: Kysely<AppDatabase>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto('categories')
      .values(DEMO_CATEGORIES.map((name) => ({ name, name_bn: DEMO_CATEGORIES_BN[name] ?? '' })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const now = new Date().toISOString();
    await trx
      .insertInto('products')
      .values(
        DEMO_MENU.map((d) => {
          const details = DEMO_DETAILS[d.slug];
          if (!details) throw new Error(`The demo dish ${d.slug} has no details`);
          return {
            name: d.name,
            name_bn: DEMO_DISHES_BN[d.slug]?.name ?? '',
            description_bn: DEMO_DISHES_BN[d.slug]?.description ?? '',
            category_bn: DEMO_CATEGORIES_BN[d.category] ?? '',
            img: demoPictureUrl(d.slug),
            description: details.description,
            allergens: JSON.stringify(details.allergens),
            diet: JSON.stringify(details.diet),
            spicy: details.spicy,
            prep_units: details.prepUnits,
            price: toMinorUnits(d.price),
            reatings: d.reatings,
            items: JSON.stringify(d.items),
            items_bn: JSON.stringify(
              d.items.map((item) => {
                const bangla = DEMO_INGREDIENTS_BN[item];
                if (!bangla) throw new Error(`The demo ingredient ${item} has no Bangla name`);
                return bangla;
              }),
            ),
            category: d.category,
            populler: d.populler ? 1 : 0,
            created_at: now,
          };
        }),
      )
      .execute();
    const ids = new Map((await trx.selectFrom('products').select(['id', 'name']).execute()).map((p) => [p.name, p.id]));
    for (const d of DEMO_MENU) {
      const productId = ids.get(d.name);
      if (productId === undefined) continue;
      for (const [position, group] of (DEMO_OPTIONS[d.slug] ?? []).entries()) {
        const { id: groupId } = await trx
          .insertInto('option_groups')
          .values({
            product_id: productId,
            position,
            name: group.name,
            name_bn: DEMO_OPTIONS_BN[group.name] ?? '',
            min: group.min,
            max: group.max,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('option_values')
          .values(
            group.values.map((value, index) => ({
              group_id: groupId,
              product_id: productId,
              position: index,
              name: value.name,
              name_bn: DEMO_OPTIONS_BN[value.name] ?? '',
              price_cents: toMinorUnits(value.price),
              is_default: value.default ? 1 : 0,
              available: 1,
              prep_tenths: Math.round((value.prepUnits ?? 0) * 10),
              allergens: JSON.stringify(value.allergens ?? []),
            })),
          )
          .execute();
      }
    }
    return true;
  });
}

/**
 * The demo restaurant's settings and dining room, each written once: settings when there are
 * none, tables when the room is empty (an owner's own later are kept).
 */
export async function seedDemoRestaurant(db: Kysely<AppDatabase>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await trx
      .insertInto('restaurant_settings')
      .values({ id: 1, body: storedSettingsBody(DEMO_SETTINGS), updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (await trx.selectFrom('dining_tables').select('id').limit(1).executeTakeFirst()) return;
    const inserted = await trx
      .insertInto('dining_tables')
      .values(
        DEMO_TABLES.map((t) => ({
          name: t.name,
          min_covers: t.minCovers,
          max_covers: t.maxCovers,
          active: 1,
          created_at: now,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const ids = new Map(inserted.map((t) => [t.name, t.id]));
    await trx
      .insertInto('table_combinations')
      .values(
        DEMO_COMBINATIONS.map((c) => ({
          table_ids: JSON.stringify(c.tables.map((name) => ids.get(name))),
          min_covers: c.minCovers,
          max_covers: c.maxCovers,
          created_at: now,
        })),
      )
      .execute();
  });
}
