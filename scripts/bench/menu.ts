/**
 * A generated menu for the benchmarks: realistic names, ingredients and categories, of any
 * size, reproducible (seeded), written into a fresh DATA_DIR through the real migrations.
 * `node --import tsx scripts/bench/menu.ts 100000` seeds one DATA_DIR, keeps it and prints
 * its path (to study query plans by hand).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { DEMO_MENU } from '../../src/server/db/seed/demo-menu.ts';
import { demoPictureUrl } from '../../src/server/db/seed/menu-images.ts';
import type { CategoryKind } from './menu-words.ts';
import { CATEGORY_KINDS, STYLES, RARE_INGREDIENTS, COMMON_INGREDIENTS } from './menu-words.ts';

export function prng(seed: number): () => number {
  // mulberry32
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface GeneratedDish {
  name: string;
  img: string;
  price: number;
  reatings: number;
  items: string;
  category: string;
  populler: number;
}

export function* generateMenu(count: number, seed = 42): Generator<GeneratedDish> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const images = DEMO_MENU.map((d) => demoPictureUrl(d.slug));
  for (let i = 0; i < count; i += 1) {
    // Some categories are much bigger than others, as on a real group's menu.
    const kind = CATEGORY_KINDS[Math.floor(CATEGORY_KINDS.length * random() ** 1.6)] as CategoryKind;
    const name = `${pick(STYLES)} ${pick(kind.fillings)} ${pick(kind.dishes)}`;
    const items = new Set<string>();
    const wanted = 3 + Math.floor(random() * 3);
    while (items.size < wanted) {
      const roll = random();
      if (roll < 0.001 * wanted) items.add(pick(RARE_INGREDIENTS));
      else if (roll < 0.2) items.add(pick(COMMON_INGREDIENTS));
      else items.add(pick(kind.ingredients));
    }
    yield {
      name,
      img: pick(images),
      price: 4 + Math.floor(random() * 36),
      reatings: Math.round((3 + random() * 2) * 10) / 10,
      items: JSON.stringify([...items]),
      category: kind.name,
      populler: random() < 0.02 ? 1 : 0,
    };
  }
}

/** A fresh DATA_DIR with a migrated SQLite database holding `count` generated dishes. */
export async function seedDataDir(count: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-bench-${count}-`));
  const database = createDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    if (database.engine !== 'sqlite') throw new Error('the bench seeds SQLite');
    const native = database.native;
    const insertCategory = native.prepare('insert into categories (name) values (?)');
    const insertDish = native.prepare(
      'insert into products (name, img, price, reatings, items, category, populler, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const now = new Date().toISOString();
    const insertAll = native.transaction(() => {
      for (const kind of CATEGORY_KINDS) insertCategory.run(kind.name);
      for (const d of generateMenu(count))
        insertDish.run(d.name, d.img, d.price, d.reatings, d.items, d.category, d.populler, now);
    });
    insertAll();
    native.exec('analyze');
    native.exec("insert into products_fts (products_fts) values ('optimize')");
  } finally {
    await database.close();
  }
  return dataDir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await seedDataDir(Number(process.argv[2] ?? 10_000)));
}
