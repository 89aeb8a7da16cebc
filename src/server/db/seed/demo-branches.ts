import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { AppDatabase } from '../schema.ts';
import { settingsFromStored, storedSettingsBody } from '../stored-settings.ts';
import { DEMO_SETTINGS } from './demo-restaurant.ts';
import { toMinor } from '../../../shared/domain/money.ts';

/**
 * Two more branches for the demo (docs/reference/branches.md "Scale and isolation": the demo keeps
 * one branch; `npm run seed:branches` adds Gulshan and Uttara to show the feature): each with its
 * Bangla name, its place and hours, and its own tables. Their other settings start as the first
 * branch's, as a branch made through the API does. Written by SQL like the rest of the demo seed,
 * in one transaction; a branch whose slug exists is left as it is, so running it again adds nothing.
 */
interface DemoBranch {
  slug: string;
  nameBn: string;
  place: Pick<RestaurantSettings, 'name' | 'address' | 'phone' | 'openingHours' | 'closedDates'>;
  tables: { name: string; minCovers: number; maxCovers: number }[];
  /** What it sells otherwise than the brand (decision 068): its own prices (major units), the dishes it does not offer. */
  menu: { prices: Record<string, number>; notOffered: string[] };
}

const everyDay = (open: string, close: string, days = [0, 1, 2, 3, 4, 5, 6]) =>
  days.map((day) => ({ day, open, close }));

export const DEMO_BRANCHES: DemoBranch[] = [
  {
    slug: 'gulshan',
    nameBn: 'স্যাফরন টেবিল গুলশান',
    place: {
      name: 'Saffron Table Gulshan',
      address: 'House 32, Road 11, Gulshan 2, Dhaka 1212',
      phone: '+880 1700-000002',
      // Open through the afternoon, late on Thursday and Friday nights.
      openingHours: everyDay('12:00', '23:00', [0, 1, 2, 3, 6]).concat(everyDay('12:00', '23:59', [4, 5])),
      closedDates: [],
    },
    tables: [
      ...[1, 2, 3, 4].map((n) => ({ name: `G${n}`, minCovers: 1, maxCovers: 2 })),
      ...[5, 6, 7, 8].map((n) => ({ name: `G${n}`, minCovers: 2, maxCovers: 4 })),
      { name: 'G9', minCovers: 4, maxCovers: 8 },
    ],
    // Gulshan's rent shows on a few plates.
    menu: { prices: { 'Classic Cheeseburger': 13.5, 'Smoky Bacon Burger': 15.5 }, notOffered: [] },
  },
  {
    slug: 'uttara',
    nameBn: 'স্যাফরন টেবিল উত্তরা',
    place: {
      name: 'Saffron Table Uttara',
      address: 'Plot 7, Sector 4, Uttara, Dhaka 1230',
      phone: '+880 1700-000003',
      // Dinner only, closed on Mondays.
      openingHours: everyDay('17:00', '22:30', [0, 2, 3, 4, 5, 6]),
      closedDates: [],
    },
    tables: [
      ...[1, 2, 3].map((n) => ({ name: `U${n}`, minCovers: 1, maxCovers: 2 })),
      ...[4, 5, 6].map((n) => ({ name: `U${n}`, minCovers: 2, maxCovers: 4 })),
    ],
    // A smaller kitchen: one dish less, one burger cheaper.
    menu: { prices: { 'Classic Cheeseburger': 11.5 }, notOffered: ['Beef Tacos'] },
  },
];

/** Adds the demo's branches that are not there yet; the slugs it added. */
export async function seedDemoBranches(db: Kysely<AppDatabase>, now = new Date()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('restaurant_settings').select('body').where('id', '=', 1).executeTakeFirst();
    const first = stored ? (settingsFromStored(stored.body) as RestaurantSettings) : DEMO_SETTINGS;
    const added: string[] = [];
    for (const branch of DEMO_BRANCHES) {
      if (await trx.selectFrom('branches').select('id').where('slug', '=', branch.slug).executeTakeFirst()) continue;
      const top = await trx
        .selectFrom('branches')
        .select((eb) => [eb.fn.max<number>('id').as('id'), eb.fn.max<number>('position').as('position')])
        .executeTakeFirstOrThrow();
      const id = Number(top.id ?? 0) + 1;
      const at = now.toISOString();
      await trx
        .insertInto('branches')
        .values({
          id,
          slug: branch.slug,
          name_bn: branch.nameBn,
          position: Number(top.position ?? 0) + 1,
          archived_at: null,
          created_at: at,
        })
        .execute();
      await trx
        .insertInto('restaurant_settings')
        .values({ id, body: storedSettingsBody({ ...first, ...branch.place }), updated_at: at })
        .execute();
      await trx
        .insertInto('dining_tables')
        .values(
          branch.tables.map((t) => ({
            name: t.name,
            min_covers: t.minCovers,
            max_covers: t.maxCovers,
            active: 1,
            created_at: at,
            branch_id: id,
          })),
        )
        .execute();
      await seedBranchMenu(trx, id, branch.menu, at);
      added.push(branch.slug);
    }
    return added;
  });
}

/** A demo branch's own prices and the dishes it leaves out, by the dishes' names (a name the menu lacks is passed over). */
async function seedBranchMenu(trx: Kysely<AppDatabase>, branch: number, menu: DemoBranch['menu'], at: string) {
  const names = [...Object.keys(menu.prices), ...menu.notOffered];
  const dishes = await trx.selectFrom('products').select(['id', 'name']).where('name', 'in', names).execute();
  const rows = dishes.map((dish) => ({
    branch_id: branch,
    product_id: dish.id,
    offered: menu.notOffered.includes(dish.name) ? 0 : 1,
    price: dish.name in menu.prices ? toMinor(menu.prices[dish.name] as number) : null,
    available: null,
    sold_out_until: null,
    updated_at: at,
  }));
  if (rows.length > 0) await trx.insertInto('branch_menu').values(rows).execute();
}
