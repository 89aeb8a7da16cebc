import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Minor units at rest (docs/reference/ordering.md "Money that agrees on every screen", issue 44): every amount
 * the database keeps is an integer of minor units (cents). Until now dish prices, booking orders,
 * favourites, ticket lines and tickets kept the currency's major units (whole dollars for dishes;
 * numeric(12,2) on PostgreSQL and floats on SQLite for the rest), and so did the copies of the
 * option values a line chose (JSON) and the settings' delivery fee, delivery minimum and deposit
 * per cover. Each is converted exactly: × 100, rounded to the nearest integer (PostgreSQL's
 * numeric is exact; a SQLite float such as 16.94 is 1693.999… and rounds to 1694).
 *
 * Tickets also keep what their bill charges them, priced when placed: the dine-in service
 * charge, the taxes' sum, each rate's tax (JSON) and whether the taxes are inside the subtotal.
 * Tickets placed before this migration were priced without them: 0, '[]', inside.
 *
 * On SQLite (no transactional DDL in the migrator) the conversion runs in one transaction of its
 * own, so a crash cannot leave some amounts converted and others not.
 */
const COLUMNS = [
  ['products', 'price'],
  ['orders', 'unit_price'],
  ['orders', 'total_price'],
  ['favorites', 'unit_price'],
  ['ticket_lines', 'price'],
  ['tickets', 'subtotal'],
  ['tickets', 'delivery_fee'],
  ['tickets', 'total'],
] as const;

type Scale = (amount: number) => number;
const toMinor: Scale = (amount) => Math.round(amount * 100);
const toMajor: Scale = (amount) => amount / 100;

/** The option copies of orders and ticket lines: each value's `price` scaled. */
async function scaleOptionCopies(db: Kysely<unknown>, scale: Scale): Promise<void> {
  for (const table of ['orders', 'ticket_lines'] as const) {
    const rows = await sql<{
      id: number;
      options: string;
    }>`select id, options from ${sql.table(table)} where options <> '[]'`.execute(db);
    for (const row of rows.rows) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(row.options);
      } catch {
        continue;
      }
      if (!Array.isArray(parsed)) continue;
      const scaled = parsed.map((option: unknown) =>
        option && typeof option === 'object' && typeof (option as { price?: unknown }).price === 'number'
          ? { ...option, price: scale((option as { price: number }).price) }
          : option,
      );
      await sql`update ${sql.table(table)} set options = ${JSON.stringify(scaled)} where id = ${row.id}`.execute(db);
    }
  }
}

/** The settings row's amounts scaled: fulfilment.deliveryFee and deliveryMinimum, reservations.deposit.perCover. */
async function scaleSettings(db: Kysely<unknown>, scale: Scale): Promise<void> {
  const rows = await sql<{ id: number; body: string }>`select id, body from restaurant_settings`.execute(db);
  for (const row of rows.rows) {
    let body: { fulfilment?: Record<string, unknown>; reservations?: { deposit?: Record<string, unknown> } };
    try {
      body = JSON.parse(row.body) as typeof body;
    } catch {
      continue;
    }
    if (!body || typeof body !== 'object') continue;
    const fields: [Record<string, unknown> | undefined, string][] = [
      [body.fulfilment, 'deliveryFee'],
      [body.fulfilment, 'deliveryMinimum'],
      [body.reservations?.deposit, 'perCover'],
    ];
    for (const [holder, field] of fields) {
      if (holder && typeof holder[field] === 'number') holder[field] = scale(holder[field]);
    }
    await sql`update restaurant_settings set body = ${JSON.stringify(body)} where id = ${row.id}`.execute(db);
  }
}

async function inOneTransaction(db: Kysely<unknown>, work: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) {
    // The migrator runs each PostgreSQL migration in a transaction.
    await work();
    return;
  }
  await sql`begin immediate`.execute(db);
  try {
    await work();
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async () => {
    for (const [table, column] of COLUMNS) {
      if (isPostgres(db)) {
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type integer using round(${sql.ref(column)} * 100)::integer`.execute(
          db,
        );
      } else {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = cast(round(${sql.ref(column)} * 100) as integer)`.execute(
          db,
        );
      }
    }
    await scaleOptionCopies(db, toMinor);
    await scaleSettings(db, toMinor);
    await sql`alter table tickets add column service_charge integer not null default 0`.execute(db);
    await sql`alter table tickets add column tax integer not null default 0`.execute(db);
    await sql`alter table tickets add column taxes text not null default '[]'`.execute(db);
    await sql`alter table tickets add column tax_inclusive integer not null default 1`.execute(db);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async () => {
    await sql`alter table tickets drop column tax_inclusive`.execute(db);
    await sql`alter table tickets drop column taxes`.execute(db);
    await sql`alter table tickets drop column tax`.execute(db);
    await sql`alter table tickets drop column service_charge`.execute(db);
    await scaleSettings(db, toMajor);
    await scaleOptionCopies(db, toMajor);
    for (const [table, column] of COLUMNS) {
      // Dish prices were whole units before; the other columns numeric(12,2) on PostgreSQL (migration 0008).
      const type = table === 'products' ? sql`integer` : sql`numeric(12, 2)`;
      if (isPostgres(db)) {
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type ${type} using ${sql.ref(column)} / 100.0`.execute(
          db,
        );
      } else {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${table === 'products' ? sql`cast(round(${sql.ref(column)} / 100.0) as integer)` : sql`${sql.ref(column)} / 100.0`}`.execute(
          db,
        );
      }
    }
  });
}
