/**
 * `npm run bench`: measures the API against the budgets of DESIGN.md and prints one table.
 *
 * For each menu size (10,000 and 100,000 dishes) it seeds a temporary SQLite database
 * through the real migrations, starts the real server on loopback as a separate process
 * (as production runs it), and drives each target with autocannon for a bounded time.
 * A bare Fastify hello route, started the same way, is the baseline for this machine.
 * Figures are printed, never asserted: machines are shared and noisy.
 *
 * Settings (environment): BENCH_SIZES (10000,100000), BENCH_DURATION seconds per target (5),
 * BENCH_WARMUP seconds (1), BENCH_CONNECTIONS (2), BENCH_LOG_LEVEL for the server (warn).
 *
 * `node --import tsx scripts/bench.ts --hello` is the baseline server itself (PORT, HOST);
 * `… --seed 100000` seeds one DATA_DIR, keeps it and prints its path (to study query plans).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { DEMO_MENU } from '../src/server/db/seed/demo-menu.ts';
import { menuImagePath } from '../src/server/db/seed/menu-images.ts';

const HOST = '127.0.0.1';

// ---------------------------------------------------------------------------------------
// The baseline: a bare Fastify hello route, in its own process like the real server.
// ---------------------------------------------------------------------------------------

async function helloServer(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? HOST });
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------

function numberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map((s) => {
  const n = Number(s.trim());
  if (!Number.isInteger(n) || n < 100) throw new Error('BENCH_SIZES must list whole numbers of at least 100');
  return n;
});
const DURATION = numberSetting('BENCH_DURATION', 5);
const WARMUP = numberSetting('BENCH_WARMUP', 1);
const CONNECTIONS = numberSetting('BENCH_CONNECTIONS', 2);
const SERVER_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

// ---------------------------------------------------------------------------------------
// A generated menu: realistic names, ingredients and categories, reproducible (seeded).
// ---------------------------------------------------------------------------------------

function prng(seed: number): () => number {
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

interface CategoryKind {
  name: string;
  dishes: string[];
  fillings: string[];
  ingredients: string[];
}

const CATEGORY_KINDS: CategoryKind[] = [
  {
    name: 'Delish Burger',
    dishes: ['Burger', 'Cheeseburger', 'Smash Burger', 'Slider Trio', 'Double Burger'],
    fillings: ['Beef', 'Chicken', 'Bacon', 'Mushroom Swiss', 'Black Bean', 'Jalapeño', 'Lamb', 'Turkey'],
    ingredients: ['beef patty', 'brioche bun', 'cheddar', 'pickles', 'lettuce', 'tomato', 'red onion', 'burger sauce', 'bacon', 'swiss cheese'],
  },
  {
    name: 'Sandwiches',
    dishes: ['Sandwich', 'Club', 'Panini', 'Melt', 'Sub', 'Toastie'],
    fillings: ['Chicken', 'Turkey', 'Ham', 'Tuna', 'Egg Salad', 'Pastrami', 'Caprese', 'Roast Beef'],
    ingredients: ['sourdough', 'ciabatta', 'mayonnaise', 'mustard', 'lettuce', 'tomato', 'provolone', 'pickles', 'rocket', 'butter'],
  },
  {
    name: 'Mexcan Cuisine',
    dishes: ['Tacos', 'Burrito', 'Quesadilla', 'Enchiladas', 'Tostadas', 'Nachos', 'Fajitas'],
    fillings: ['Chicken', 'Beef', 'Pork Carnitas', 'Shrimp', 'Fish', 'Bean', 'Chorizo', 'Al Pastor'],
    ingredients: ['corn tortilla', 'flour tortilla', 'salsa verde', 'pico de gallo', 'guacamole', 'sour cream', 'cotija', 'lime', 'coriander', 'pinto beans'],
  },
  {
    name: 'Italian Cuisine',
    dishes: ['Lasagne', 'Risotto', 'Gnocchi', 'Ravioli', 'Parmigiana', 'Calzone'],
    fillings: ['Chicken', 'Mushroom', 'Spinach Ricotta', 'Beef Ragù', 'Seafood', 'Pumpkin', 'Truffle', 'Aubergine'],
    ingredients: ['parmesan', 'mozzarella', 'basil', 'olive oil', 'garlic', 'tomato sauce', 'ricotta', 'oregano', 'pecorino', 'arborio rice'],
  },
  {
    name: 'Pizza',
    dishes: ['Pizza', 'Flatbread', 'Pizza Bianca', 'Deep Dish'],
    fillings: ['Margherita', 'Pepperoni', 'Four Cheese', 'Chicken', 'Vegetable', 'Hawaiian', 'Diavola', 'Prosciutto'],
    ingredients: ['pizza dough', 'mozzarella', 'tomato sauce', 'basil', 'pepperoni', 'olives', 'oregano', 'chilli oil', 'prosciutto', 'rocket'],
  },
  {
    name: 'Pasta',
    dishes: ['Spaghetti', 'Penne', 'Tagliatelle', 'Linguine', 'Fettuccine', 'Rigatoni'],
    fillings: ['Carbonara', 'Bolognese', 'Pesto', 'Arrabbiata', 'Chicken Alfredo', 'Clam', 'Puttanesca', 'Cacio e Pepe'],
    ingredients: ['durum pasta', 'parmesan', 'garlic', 'olive oil', 'guanciale', 'egg yolk', 'basil', 'pine nuts', 'cream', 'black pepper'],
  },
  {
    name: 'Salads',
    dishes: ['Salad', 'Bowl', 'Slaw'],
    fillings: ['Caesar', 'Greek', 'Chicken', 'Quinoa', 'Niçoise', 'Cobb', 'Beetroot', 'Avocado'],
    ingredients: ['romaine', 'cucumber', 'cherry tomato', 'feta', 'olives', 'croutons', 'vinaigrette', 'avocado', 'quinoa', 'walnuts'],
  },
  {
    name: 'Soups',
    dishes: ['Soup', 'Chowder', 'Broth', 'Bisque', 'Stew'],
    fillings: ['Chicken Noodle', 'Tomato', 'Lentil', 'Minestrone', 'Clam', 'Pumpkin', 'French Onion', 'Lobster'],
    ingredients: ['stock', 'onion', 'carrot', 'celery', 'cream', 'thyme', 'bay leaf', 'garlic', 'croutons', 'parsley'],
  },
  {
    name: 'Seafood',
    dishes: ['Platter', 'Fillet', 'Skewers', 'Fish and Chips', 'Paella'],
    fillings: ['Salmon', 'Cod', 'Prawn', 'Calamari', 'Sea Bass', 'Mussel', 'Tuna', 'Crab'],
    ingredients: ['lemon', 'butter', 'garlic', 'parsley', 'tartare sauce', 'fries', 'white wine', 'capers', 'dill', 'samphire'],
  },
  {
    name: 'Grill',
    dishes: ['Skewers', 'Steak', 'Ribs', 'Chops', 'Mixed Grill'],
    fillings: ['Chicken', 'Beef', 'Pork', 'Lamb', 'Halloumi', 'Sausage', 'BBQ', 'Peri Peri'],
    ingredients: ['chimichurri', 'grilled corn', 'fries', 'coleslaw', 'garlic butter', 'smoked paprika', 'barbecue sauce', 'rosemary', 'sea salt', 'peppercorn sauce'],
  },
  {
    name: 'Breakfast',
    dishes: ['Pancakes', 'Omelette', 'Benedict', 'Waffles', 'Breakfast Plate', 'French Toast'],
    fillings: ['Blueberry', 'Bacon', 'Mushroom', 'Smoked Salmon', 'Spinach', 'Maple', 'Chicken', 'Full English'],
    ingredients: ['eggs', 'butter', 'maple syrup', 'hollandaise', 'sourdough', 'berries', 'bacon', 'hash browns', 'baked beans', 'chives'],
  },
  {
    name: 'Noodles',
    dishes: ['Ramen', 'Pad Thai', 'Udon', 'Lo Mein', 'Pho', 'Chow Mein'],
    fillings: ['Chicken', 'Beef', 'Tofu', 'Prawn', 'Pork Belly', 'Miso', 'Tonkotsu', 'Vegetable'],
    ingredients: ['rice noodles', 'wheat noodles', 'soy sauce', 'spring onion', 'bean sprouts', 'soft egg', 'sesame', 'chilli', 'peanuts', 'bok choy'],
  },
  {
    name: 'Curries',
    dishes: ['Curry', 'Masala', 'Korma', 'Vindaloo', 'Dal', 'Rendang'],
    fillings: ['Chicken', 'Lamb', 'Chickpea', 'Paneer', 'Prawn', 'Vegetable', 'Beef', 'Butter Chicken'],
    ingredients: ['basmati rice', 'coconut milk', 'garam masala', 'ginger', 'garlic', 'turmeric', 'coriander', 'naan', 'yoghurt', 'cumin'],
  },
  {
    name: 'Sushi',
    dishes: ['Maki', 'Nigiri Set', 'Uramaki', 'Temaki', 'Poke Bowl', 'Sashimi'],
    fillings: ['Salmon', 'Tuna', 'Eel', 'Avocado', 'Prawn Tempura', 'Cucumber', 'Yellowtail', 'Crab'],
    ingredients: ['sushi rice', 'nori', 'wasabi', 'pickled ginger', 'soy sauce', 'sesame', 'cucumber', 'avocado', 'tobiko', 'spicy mayo'],
  },
  {
    name: 'Wraps',
    dishes: ['Wrap', 'Shawarma', 'Gyro', 'Falafel Pitta', 'Kebab'],
    fillings: ['Chicken', 'Lamb', 'Falafel', 'Halloumi', 'Beef', 'Mixed', 'Chilli Chicken', 'Vegetable'],
    ingredients: ['flatbread', 'hummus', 'tahini', 'garlic sauce', 'pickled turnip', 'tomato', 'lettuce', 'red onion', 'sumac', 'parsley'],
  },
  {
    name: 'Desserts',
    dishes: ['Cheesecake', 'Brownie', 'Tart', 'Sundae', 'Pudding', 'Mousse', 'Crumble'],
    fillings: ['Chocolate', 'Lemon', 'Strawberry', 'Salted Caramel', 'Apple', 'Pistachio', 'Vanilla', 'Mango'],
    ingredients: ['cream', 'sugar', 'butter', 'dark chocolate', 'vanilla', 'biscuit base', 'berries', 'custard', 'ice cream', 'caramel'],
  },
  {
    name: 'Drinks',
    dishes: ['Smoothie', 'Milkshake', 'Lemonade', 'Iced Tea', 'Lassi'],
    fillings: ['Mango', 'Strawberry', 'Banana', 'Chocolate', 'Peach', 'Mint', 'Berry', 'Vanilla'],
    ingredients: ['milk', 'ice', 'yoghurt', 'honey', 'mint', 'lime', 'sugar syrup', 'oat milk', 'ice cream', 'soda water'],
  },
  {
    name: 'Kids Menu',
    dishes: ['Nuggets', 'Mini Burger', 'Pasta Bowl', 'Fish Fingers', 'Cheese Toastie'],
    fillings: ['Chicken', 'Beef', 'Cheese', 'Tomato', 'Fish', 'Veggie'],
    ingredients: ['fries', 'ketchup', 'peas', 'cheddar', 'apple slices', 'juice', 'carrot sticks', 'mayonnaise'],
  },
];

const STYLES = [
  'Classic', 'Crispy', 'Spicy', 'Smoky', 'Grilled', 'Homestyle', 'Loaded', 'Golden', 'Rustic', 'Signature',
  'Texas', 'Tuscan', 'Bangkok', 'Baja', 'Nashville', 'Sicilian', 'Cajun', 'Garden', "Chef's", 'Royal',
  'Fiery', 'Honey Glazed', 'Charred', 'Street', 'Harvest', 'Midnight', 'Sunday', 'Coastal', 'Mountain', 'Village',
];

/** Used in about one dish in a thousand: the "rare word" targets. */
const RARE_INGREDIENTS = ['huitlacoche', 'bottarga', 'yuzu kosho', 'black garlic', 'sea buckthorn', 'fiddlehead', 'amchur', 'katsuobushi'];
const COMMON_INGREDIENTS = ['salt', 'black pepper', 'olive oil', 'garlic', 'onion', 'chilli', 'lemon', 'herbs'];

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
  const images = DEMO_MENU.map((d) => menuImagePath(d.slug));
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
async function seedDataDir(count: number): Promise<string> {
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
      for (const d of generateMenu(count)) insertDish.run(d.name, d.img, d.price, d.reatings, d.items, d.category, d.populler, now);
    });
    insertAll();
    native.exec('analyze');
    native.exec("insert into products_fts (products_fts) values ('optimize')");
  } finally {
    await database.close();
  }
  return dataDir;
}

// ---------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

interface Running {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

async function startProcess(label: string, args: string[], env: Record<string, string>, readyPath: string): Promise<Running> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', HOST, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const base = `http://${HOST}:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}: ${stderr.trim()}`);
    try {
      const res = await fetch(base + readyPath, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer ${readyPath} within 120 s: ${stderr.trim()}`);
    }
    await sleep(200);
  }
  return {
    base,
    pid: child.pid ?? -1,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------

interface Measurement {
  target: string;
  size: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time the server process spent per request (user + system): noise-resistant on a shared machine. */
  cpuUs: number;
  bad: number;
}

/** CPU milliseconds a process has used so far (Linux /proc; NaN elsewhere). Clock ticks are 1/100 s on Linux. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/** Drives `paths` (taken in turn, or one chosen per request) for the bounded time; latencies from every response. */
async function measure(base: string, pid: number, paths: () => string, seconds: number, headers: Record<string, string> = {}): Promise<Omit<Measurement, 'target' | 'size'>> {
  const cpuBefore = processCpuMs(pid);
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: base,
      connections: CONNECTIONS,
      pipelining: 1,
      duration: seconds,
      timeout: 10,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths(), headers: { ...request.headers, ...headers } }) }],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count] = responseTime;
    count += 1;
  });
  const result = await done;
  const cpuMs = processCpuMs(pid) - cpuBefore;
  const sorted = latencies.slice(0, count).sort();
  return {
    rps: count / (result.duration || seconds),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    cpuUs: (cpuMs * 1000) / Math.max(1, count),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function run(server: Running, target: string, size: number, paths: () => string, headers: Record<string, string> = {}): Promise<Measurement> {
  await measure(server.base, server.pid, paths, WARMUP, headers);
  const m = await measure(server.base, server.pid, paths, DURATION, headers);
  const row = { target, size, ...m };
  console.error(`  ${target.padEnd(28)} ${fmt(m.rps, 0).padStart(7)} req/s   p95 ${fmt(m.p95, 2)} ms${m.bad ? `   ${m.bad} failed` : ''}`);
  return row;
}

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

interface Target {
  name: string;
  paths: () => string;
  headers?: Record<string, string>;
}

const SEARCHES = {
  'search common word': 'chicken',
  'search rare word': 'huitlacoche',
  'search prefix': 'burg',
} as const;

function catalogueTargets(size: number): Target[] {
  const random = prng(7);
  const search = (text: string) => () => `/api/v1/allProductsData/searchData/?searchText=${encodeURIComponent(text)}`;
  return [
    { name: 'product by id', paths: () => `/api/v1/allProductsData/${1 + Math.floor(random() * size)}` },
    { name: 'categories', paths: () => '/api/v1/categorys' },
    ...Object.entries(SEARCHES).map(([name, text]) => ({ name, paths: search(text) })),
  ];
}

/**
 * Authenticated GET /api/v1/users/?email= for a user with 50 orders (issue 6): signs a user
 * up through the real identity endpoint, gets the access token, places 50 orders through the
 * real API, then reads the record with the Bearer token on every request.
 */
async function accountTargets(base: string, size: number): Promise<Target[]> {
  const email = `bench-${size}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench Guest' }),
  });
  if (!signUp.ok) throw new Error(`bench sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const tokenAnswer = await fetch(`${base}/api/v1/users/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie } });
  const { accessToken } = (await tokenAnswer.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  for (let i = 0; i < 50; i += 1) {
    const res = await fetch(`${base}/api/v1/users?email=${encodeURIComponent(email)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ orderId: String(1 + (i % Math.min(size, 100))), orderQuantity: 1 + (i % 3) }),
    });
    if (!res.ok) throw new Error(`bench order failed: ${res.status} ${await res.text()}`);
  }
  const path = `/api/v1/users?email=${encodeURIComponent(email)}`;
  return [{ name: 'user with 50 orders (auth)', paths: () => path, headers: { authorization } }];
}

// ---------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.error(
    `bench: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}; ` +
      `${DURATION} s per target after ${WARMUP} s warm-up, ${CONNECTIONS} connections, server LOG_LEVEL=${SERVER_LOG_LEVEL}`,
  );
  const rows: Measurement[] = [];

  // The baseline server stays up (idle) throughout and is measured again before each menu
  // size, so that each ratio compares figures taken minutes, not a quarter of an hour, apart.
  const hello = await startProcess('hello server', ['scripts/bench.ts', '--hello'], {}, '/hello');
  try {
    for (const size of SIZES) {
      const started = Date.now();
      const dataDir = await seedDataDir(size);
      console.error(`${size.toLocaleString('en')} dishes: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      try {
        const server = await startProcess(
          'storefront server',
          ['src/server/main.ts'],
          { DATA_DIR: dataDir, LOG_LEVEL: SERVER_LOG_LEVEL, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123' },
          '/healthz',
        );
        try {
          rows.push(await run(hello, BASELINE, size, () => '/hello'));
          const targets = [...catalogueTargets(size), ...(await accountTargets(server.base, size))];
          for (const target of targets) rows.push(await run(server, target.name, size, target.paths, target.headers));
        } finally {
          await server.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await hello.stop();
  }

  printTable(rows, cpu);
}

const BASELINE = 'hello (baseline)';

function printTable(rows: Measurement[], cpu: string): void {
  const baselineFor = (size: number) => rows.find((r) => r.target === BASELINE && r.size === size)?.rps ?? Number.NaN;
  const header = ['target', 'dishes', 'req/s', 'x baseline', 'p50 ms', 'p95 ms', 'p99 ms', 'server CPU µs/req', 'failed'];
  const body = rows.map((r) => [
    r.target,
    r.size.toLocaleString('en'),
    fmt(r.rps, 0),
    fmt(r.rps / baselineFor(r.size), 2),
    fmt(r.p50, 2),
    fmt(r.p95, 2),
    fmt(r.p99, 2),
    fmt(r.cpuUs, 0),
    String(r.bad),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => (line[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const out: string[] = [];
  out.push('');
  out.push(`npm run bench — ${cpus().length} × ${cpu}, Node ${process.version}, ${DURATION} s per target, ${CONNECTIONS} connections`);
  out.push('');
  out.push(line(header));
  out.push(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const cells of body) out.push(line(cells));

  const [small, large] = [SIZES[0], SIZES[SIZES.length - 1]];
  if (small !== undefined && large !== undefined && small !== large) {
    out.push('');
    out.push(`search p95 growth from ${small.toLocaleString('en')} to ${large.toLocaleString('en')} dishes (${large / small}x the menu):`);
    for (const name of Object.keys(SEARCHES)) {
      const a = rows.find((r) => r.target === name && r.size === small);
      const b = rows.find((r) => r.target === name && r.size === large);
      if (!a || !b) continue;
      out.push(`  ${name.padEnd(20)} ${fmt(a.p95, 2).padStart(7)} ms -> ${fmt(b.p95, 2).padStart(7)} ms   x${fmt(b.p95 / a.p95, 2)}`);
    }
  }

  out.push('');
  out.push('budgets (DESIGN.md):');
  for (const r of rows.filter((row) => row.target === 'product by id')) {
    const ratio = r.rps / baselineFor(r.size);
    out.push(`  product by id at ${r.size.toLocaleString('en')} dishes: ${fmt(ratio * 100, 0)} % of baseline (>= 50 %) ${ratio >= 0.5 ? 'ok' : 'MISSED'}`);
  }
  if (small !== undefined) {
    const worst = Math.max(...rows.filter((r) => r.size === small && r.target.startsWith('search')).map((r) => r.p95));
    out.push(`  search p95 at ${small.toLocaleString('en')} dishes: worst ${fmt(worst, 2)} ms (<= 10 ms) ${worst <= 10 ? 'ok' : 'MISSED'}`);
  }
  if (small !== undefined && large !== undefined && small !== large) {
    const growth = Math.max(
      ...Object.keys(SEARCHES).map((name) => {
        const a = rows.find((r) => r.target === name && r.size === small);
        const b = rows.find((r) => r.target === name && r.size === large);
        return a && b ? b.p95 / a.p95 : Number.NaN;
      }),
    );
    const factor = large / small;
    out.push(`  search p95 growth: worst x${fmt(growth, 2)} for ${factor}x the menu (clearly < x${factor}) ${growth < factor / 2 ? 'ok' : 'MISSED'}`);
  }
  const failed = rows.reduce((sum, r) => sum + r.bad, 0);
  if (failed > 0) out.push(`  WARNING: ${failed} requests failed (non-2xx, errors or timeouts)`);
  console.log(out.join('\n'));
}

const seedOnly = process.argv.indexOf('--seed');
if (import.meta.url !== pathToFileURL(process.argv[1] ?? '').href) {
  // imported (e.g. for its menu generator): run nothing
} else if (process.argv.includes('--hello')) {
  await helloServer();
} else if (seedOnly !== -1) {
  // For looking at query plans by hand: seeds one DATA_DIR, prints its path and keeps it.
  console.log(await seedDataDir(Number(process.argv[seedOnly + 1] ?? 10_000)));
} else {
  await main();
}
