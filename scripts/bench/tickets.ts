/**
 * Checkout cost against the day's size (issue 35 point 7; docs/reference/design.md "Budgets": a quote answers
 * in ≤ 15 ms p95 with 2,000 tickets and 300 reservations on the day). For 0, 1,000 and 5,000
 * open tickets and 300 bookings already on the day, a quote and a checkout (pick-up, one line,
 * paid by card) at 50 connections: p95 and server CPU per request beside the bare route, and the
 * 5,000 row against the 0 row (target: within 1.25×; checkout ≥ 300/s at 5,000 on SQLite).
 *
 * The server holds its SQLite file while it runs (docs/decisions/018), so the day is written
 * straight into the database while it is stopped, and the server started again for the
 * measurements (which also starts each day size with fresh rate-limit counters). Each checkout
 * adds its ticket to the day: a row starts at its size and grows by the checkouts it measures
 * (printed beside each row).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../../src/server/db/database.ts';
import type { ServerProcess } from '../../tests/support/app-process.ts';
import { type Measurement, type Target, allDayKitchen, fmt, run, startApp, table } from './measure.ts';
import { call, signIn, writeBookings } from './reservations.ts';

const ADMIN = { email: 'bench-till@example.com', password: 'bench-till-password' };
/** The day sizes measured (BENCH_TICKET_SIZES=5000 measures one). */
const SIZES = (process.env.BENCH_TICKET_SIZES ?? '0,1000,5000').split(',').map(Number);
if (SIZES.some((n) => !Number.isInteger(n) || n < 0))
  throw new Error('BENCH_TICKET_SIZES: whole numbers of tickets, comma-separated');
const GUESTS = Number(process.env.BENCH_CHECKOUT_GUESTS ?? 300);
/**
 * Units a bucket cooks. The checkouts measured fill the kitchen as they go, and a fuller kitchen
 * makes the ASAP promise walk further: BENCH_KITCHEN_UNITS=10000 keeps the buckets from filling,
 * so that what changes between the rows is only the day's tickets.
 */
const KITCHEN_UNITS = Number(process.env.BENCH_KITCHEN_UNITS ?? 400);
/** Below the checkout's limit of 30 a minute per guest (a restarted server counts afresh). */
const LINES_PER_GUEST = 29;

/** The database file, opened while the server is stopped (closed through the driver: Kysely never opened it). */
function openDay(dataDir: string) {
  const database = createDatabase({ dataDir });
  if (database.engine !== 'sqlite') throw new Error('the bench seeds SQLite');
  return database;
}

/** 30 tables (the demo's 14 and 16 more) through the API, each guest signed up from its own address. */
async function prepare(app: ServerProcess): Promise<{
  guests: { email: string; authorization: string }[];
  quoteGuest: { email: string; authorization: string };
}> {
  const admin = await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1');
  // Room for the day's load: the quote must still find times, the checkouts ASAP promises.
  const settings = await call(
    app.base,
    'PATCH',
    '/api/v1/restaurant',
    admin,
    allDayKitchen(
      {
        reservations: { slotMinutes: 15, leadMinutes: 0, horizonDays: 60, coversPerSlot: 1000, lastSeatingMinutes: 0 },
        fulfilment: { pickup: true },
      },
      { unitsPerBucket: KITCHEN_UNITS },
    ),
  );
  if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
  for (let i = 15; i <= 30; i += 1)
    await call(app.base, 'POST', '/api/v1/tables', admin, {
      name: `T${i}`,
      minCovers: 2,
      maxCovers: i % 2 === 0 ? 4 : 6,
    });
  const stamp = Date.now();
  const guests: { email: string; authorization: string }[] = [];
  for (let start = 0; start < GUESTS; start += 8) {
    const batch = Array.from({ length: Math.min(8, GUESTS - start) }, (_, k) => start + k);
    guests.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const email = `bench-checkout-${i}-${stamp}@example.com`;
          return {
            email,
            authorization: await signIn(
              app.base,
              email,
              'bench-guest-password',
              `10.30.${i >> 8}.${(i & 255) + 1}`,
              `Bench Guest ${i}`,
            ),
          };
        }),
      )),
    );
  }
  const email = `bench-quote-${stamp}@example.com`;
  const quoteGuest = {
    email,
    authorization: await signIn(app.base, email, 'bench-guest-password', '10.7.0.1', 'Quote Guest'),
  };
  return { guests, quoteGuest };
}

interface Pending {
  authorization: string;
  orderId: number;
}

/**
 * The day for one size, written while the server is stopped: no tickets but `count` open ones
 * spread over the next 20 hours on the 5-minute grid (1 to 3 units each), and a fresh unpaid
 * line for each checkout to come (LINES_PER_GUEST per guest) and one for the quote.
 */
async function writeDay(
  dataDir: string,
  count: number,
  guests: { email: string; authorization: string }[],
  quoteGuest: { email: string; authorization: string },
): Promise<{ pending: Pending[]; quoteOrderId: number }> {
  const database = openDay(dataDir);
  const native = database.native;
  try {
    return native.transaction(() => {
      native.prepare('delete from ticket_lines').run();
      native.prepare('update orders set ticket_id = null').run();
      native.prepare('delete from tickets').run();
      native.prepare("delete from orders where payment is null or payment <> 'paid'").run();
      const insert = native.prepare(
        `insert into tickets (local_date, seq, number, user_id, customer_name, customer_email, fulfilment, status, placed_at, ready_at, scheduled, units, subtotal, delivery_fee, total, payment)
         values (?, ?, ?, null, 'Bench guest', 'bench@example.com', 'pickup', 'received', ?, ?, 1, ?, 10, 0, 10, 'paid')`,
      );
      const now = Date.now();
      for (let i = 0; i < count; i += 1) {
        const ready = new Date(Math.ceil((now + 30 * 60_000 + (i % 240) * 5 * 60_000) / 300_000) * 300_000);
        insert.run(
          `bench-${ready.toISOString().slice(0, 10)}`,
          i + 1,
          `B-${i + 1}`,
          new Date(now).toISOString(),
          ready.toISOString(),
          1 + (i % 3),
        );
      }
      const dish = native
        .prepare('select id, name, img, category, price from products where removed_at is null order by id limit 1')
        .get() as { id: number; name: string; img: string; category: string; price: number };
      const userOf = native.prepare('select id from users where email = ?');
      const line = native.prepare(
        `insert into orders (user_id, product_id, name, img, category, unit_price, quantity, total_price, status, payment, pay_method, pay_account, created_at)
         values (?, ?, ?, ?, ?, ?, 1, ?, 'Conform', null, null, null, ?)`,
      );
      const at = new Date(now).toISOString();
      const lineFor = (email: string) => {
        const user = userOf.get(email) as { id: number } | undefined;
        if (!user) throw new Error(`no user record for ${email}`);
        return Number(
          line.run(user.id, dish.id, dish.name, dish.img, dish.category, dish.price, dish.price, at).lastInsertRowid,
        );
      };
      const pending: Pending[] = [];
      // Interleaved: consecutive checkouts come from different guests.
      for (let n = 0; n < LINES_PER_GUEST; n += 1)
        for (const guest of guests) pending.push({ authorization: guest.authorization, orderId: lineFor(guest.email) });
      return { pending, quoteOrderId: lineFor(quoteGuest.email) };
    })();
  } finally {
    database.native.close();
  }
}

async function ticketsOnTheDay(dataDir: string): Promise<number> {
  const database = openDay(dataDir);
  try {
    return (
      database.native
        .prepare("select count(*) as n from tickets where status in ('received', 'preparing', 'ready')")
        .get() as { n: number }
    ).n;
  } finally {
    database.native.close();
  }
}

function checkoutTarget(pending: Pending[]): Target {
  let next = 0;
  return {
    name: 'checkout (pick-up, one line, card)',
    method: 'POST',
    paths: () => '/api/v1/checkout',
    next: () => {
      // When the lines run out the last one is sent again and refused: counted as failed.
      const entry = pending[Math.min(next++, pending.length - 1)] as Pending;
      return {
        headers: { authorization: entry.authorization },
        body: JSON.stringify({
          orderIds: [entry.orderId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { Method: 'bank', AccountNumber: '12345678' },
        }),
      };
    },
  };
}

export async function benchTickets(baseline: ServerProcess): Promise<{ rows: Measurement[]; summary: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-tickets-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' };
  let app = await startApp(env);
  const rows: Measurement[] = [];
  const grown: string[] = [];
  try {
    const { guests, quoteGuest } = await prepare(app);
    await app.stop();
    const date = new Date().toISOString().slice(0, 10);
    writeBookings(dataDir, date);
    console.error(
      `checkout: 30 tables, 300 bookings on ${date}, ${guests.length} guests with ${LINES_PER_GUEST} lines each per day size, ${KITCHEN_UNITS} units a bucket`,
    );
    for (const size of SIZES) {
      const { pending, quoteOrderId } = await writeDay(dataDir, size, guests, quoteGuest);
      app = await startApp(env);
      const quote: Target = {
        name: 'checkout quote',
        paths: () => `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${quoteOrderId}`,
        headers: { authorization: quoteGuest.authorization },
      };
      const setting = `${size.toLocaleString('en')} tickets`;
      if (size === 5000)
        rows.push(await run(baseline, app, { ...quote, name: 'checkout quote, one connection' }, setting, 1));
      rows.push(await run(baseline, app, quote, setting));
      rows.push(await run(baseline, app, checkoutTarget(pending), setting));
      await app.stop();
      grown.push(
        `${setting}: ${(await ticketsOnTheDay(dataDir)).toLocaleString('en')} open tickets after the checkouts`,
      );
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const find = (target: string, size: number) =>
    rows.find((r) => r.target === target && r.setting === `${size.toLocaleString('en')} tickets`);
  const compare = (target: string) => {
    const zero = find(target, 0);
    const full = find(target, 5000);
    return `  ${target}: 5,000 tickets / 0 tickets = ${fmt((full?.p95 ?? Number.NaN) / (zero?.p95 ?? Number.NaN), 2)} × p95, ${fmt((full?.cpuUs ?? Number.NaN) / (zero?.cpuUs ?? Number.NaN), 2)} × server CPU per request (target ≤ 1.25)`;
  };
  const single = rows.find((r) => r.target === 'checkout quote, one connection');
  const checkout = find('checkout (pick-up, one line, card)', 5000);
  return {
    rows,
    summary: [
      table(rows, 'day'),
      '',
      'checkout (300 bookings on the day; each checkout adds a ticket):',
      compare('checkout quote'),
      compare('checkout (pick-up, one line, card)'),
      `  checkout at 5,000 tickets: ${fmt(checkout?.rps ?? Number.NaN, 0)} req/s (target ≥ 300) ${(checkout?.rps ?? 0) >= 300 ? 'ok' : 'MISSED'}`,
      `  quote p95, one connection, 5,000 tickets: ${fmt(single?.p95 ?? Number.NaN, 2)} ms (<= 15 ms) ${(single?.p95 ?? Infinity) <= 15 ? 'ok' : 'MISSED'}`,
      ...grown.map((line) => `  ${line}`),
    ],
  };
}
