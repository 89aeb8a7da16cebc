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

interface CategoryKind {
  name: string;
  dishes: string[];
  fillings: string[];
  ingredients: string[];
}

export const CATEGORY_KINDS: CategoryKind[] = [
  {
    name: 'Delish Burger',
    dishes: ['Burger', 'Cheeseburger', 'Smash Burger', 'Slider Trio', 'Double Burger'],
    fillings: ['Beef', 'Chicken', 'Bacon', 'Mushroom Swiss', 'Black Bean', 'Jalapeño', 'Lamb', 'Turkey'],
    ingredients: [
      'beef patty',
      'brioche bun',
      'cheddar',
      'pickles',
      'lettuce',
      'tomato',
      'red onion',
      'burger sauce',
      'bacon',
      'swiss cheese',
    ],
  },
  {
    name: 'Sandwiches',
    dishes: ['Sandwich', 'Club', 'Panini', 'Melt', 'Sub', 'Toastie'],
    fillings: ['Chicken', 'Turkey', 'Ham', 'Tuna', 'Egg Salad', 'Pastrami', 'Caprese', 'Roast Beef'],
    ingredients: [
      'sourdough',
      'ciabatta',
      'mayonnaise',
      'mustard',
      'lettuce',
      'tomato',
      'provolone',
      'pickles',
      'rocket',
      'butter',
    ],
  },
  {
    name: 'Mexcan Cuisine',
    dishes: ['Tacos', 'Burrito', 'Quesadilla', 'Enchiladas', 'Tostadas', 'Nachos', 'Fajitas'],
    fillings: ['Chicken', 'Beef', 'Pork Carnitas', 'Shrimp', 'Fish', 'Bean', 'Chorizo', 'Al Pastor'],
    ingredients: [
      'corn tortilla',
      'flour tortilla',
      'salsa verde',
      'pico de gallo',
      'guacamole',
      'sour cream',
      'cotija',
      'lime',
      'coriander',
      'pinto beans',
    ],
  },
  {
    name: 'Italian Cuisine',
    dishes: ['Lasagne', 'Risotto', 'Gnocchi', 'Ravioli', 'Parmigiana', 'Calzone'],
    fillings: ['Chicken', 'Mushroom', 'Spinach Ricotta', 'Beef Ragù', 'Seafood', 'Pumpkin', 'Truffle', 'Aubergine'],
    ingredients: [
      'parmesan',
      'mozzarella',
      'basil',
      'olive oil',
      'garlic',
      'tomato sauce',
      'ricotta',
      'oregano',
      'pecorino',
      'arborio rice',
    ],
  },
  {
    name: 'Pizza',
    dishes: ['Pizza', 'Flatbread', 'Pizza Bianca', 'Deep Dish'],
    fillings: ['Margherita', 'Pepperoni', 'Four Cheese', 'Chicken', 'Vegetable', 'Hawaiian', 'Diavola', 'Prosciutto'],
    ingredients: [
      'pizza dough',
      'mozzarella',
      'tomato sauce',
      'basil',
      'pepperoni',
      'olives',
      'oregano',
      'chilli oil',
      'prosciutto',
      'rocket',
    ],
  },
  {
    name: 'Pasta',
    dishes: ['Spaghetti', 'Penne', 'Tagliatelle', 'Linguine', 'Fettuccine', 'Rigatoni'],
    fillings: [
      'Carbonara',
      'Bolognese',
      'Pesto',
      'Arrabbiata',
      'Chicken Alfredo',
      'Clam',
      'Puttanesca',
      'Cacio e Pepe',
    ],
    ingredients: [
      'durum pasta',
      'parmesan',
      'garlic',
      'olive oil',
      'guanciale',
      'egg yolk',
      'basil',
      'pine nuts',
      'cream',
      'black pepper',
    ],
  },
  {
    name: 'Salads',
    dishes: ['Salad', 'Bowl', 'Slaw'],
    fillings: ['Caesar', 'Greek', 'Chicken', 'Quinoa', 'Niçoise', 'Cobb', 'Beetroot', 'Avocado'],
    ingredients: [
      'romaine',
      'cucumber',
      'cherry tomato',
      'feta',
      'olives',
      'croutons',
      'vinaigrette',
      'avocado',
      'quinoa',
      'walnuts',
    ],
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
    ingredients: [
      'lemon',
      'butter',
      'garlic',
      'parsley',
      'tartare sauce',
      'fries',
      'white wine',
      'capers',
      'dill',
      'samphire',
    ],
  },
  {
    name: 'Grill',
    dishes: ['Skewers', 'Steak', 'Ribs', 'Chops', 'Mixed Grill'],
    fillings: ['Chicken', 'Beef', 'Pork', 'Lamb', 'Halloumi', 'Sausage', 'BBQ', 'Peri Peri'],
    ingredients: [
      'chimichurri',
      'grilled corn',
      'fries',
      'coleslaw',
      'garlic butter',
      'smoked paprika',
      'barbecue sauce',
      'rosemary',
      'sea salt',
      'peppercorn sauce',
    ],
  },
  {
    name: 'Breakfast',
    dishes: ['Pancakes', 'Omelette', 'Benedict', 'Waffles', 'Breakfast Plate', 'French Toast'],
    fillings: ['Blueberry', 'Bacon', 'Mushroom', 'Smoked Salmon', 'Spinach', 'Maple', 'Chicken', 'Full English'],
    ingredients: [
      'eggs',
      'butter',
      'maple syrup',
      'hollandaise',
      'sourdough',
      'berries',
      'bacon',
      'hash browns',
      'baked beans',
      'chives',
    ],
  },
  {
    name: 'Noodles',
    dishes: ['Ramen', 'Pad Thai', 'Udon', 'Lo Mein', 'Pho', 'Chow Mein'],
    fillings: ['Chicken', 'Beef', 'Tofu', 'Prawn', 'Pork Belly', 'Miso', 'Tonkotsu', 'Vegetable'],
    ingredients: [
      'rice noodles',
      'wheat noodles',
      'soy sauce',
      'spring onion',
      'bean sprouts',
      'soft egg',
      'sesame',
      'chilli',
      'peanuts',
      'bok choy',
    ],
  },
  {
    name: 'Curries',
    dishes: ['Curry', 'Masala', 'Korma', 'Vindaloo', 'Dal', 'Rendang'],
    fillings: ['Chicken', 'Lamb', 'Chickpea', 'Paneer', 'Prawn', 'Vegetable', 'Beef', 'Butter Chicken'],
    ingredients: [
      'basmati rice',
      'coconut milk',
      'garam masala',
      'ginger',
      'garlic',
      'turmeric',
      'coriander',
      'naan',
      'yoghurt',
      'cumin',
    ],
  },
  {
    name: 'Sushi',
    dishes: ['Maki', 'Nigiri Set', 'Uramaki', 'Temaki', 'Poke Bowl', 'Sashimi'],
    fillings: ['Salmon', 'Tuna', 'Eel', 'Avocado', 'Prawn Tempura', 'Cucumber', 'Yellowtail', 'Crab'],
    ingredients: [
      'sushi rice',
      'nori',
      'wasabi',
      'pickled ginger',
      'soy sauce',
      'sesame',
      'cucumber',
      'avocado',
      'tobiko',
      'spicy mayo',
    ],
  },
  {
    name: 'Wraps',
    dishes: ['Wrap', 'Shawarma', 'Gyro', 'Falafel Pitta', 'Kebab'],
    fillings: ['Chicken', 'Lamb', 'Falafel', 'Halloumi', 'Beef', 'Mixed', 'Chilli Chicken', 'Vegetable'],
    ingredients: [
      'flatbread',
      'hummus',
      'tahini',
      'garlic sauce',
      'pickled turnip',
      'tomato',
      'lettuce',
      'red onion',
      'sumac',
      'parsley',
    ],
  },
  {
    name: 'Desserts',
    dishes: ['Cheesecake', 'Brownie', 'Tart', 'Sundae', 'Pudding', 'Mousse', 'Crumble'],
    fillings: ['Chocolate', 'Lemon', 'Strawberry', 'Salted Caramel', 'Apple', 'Pistachio', 'Vanilla', 'Mango'],
    ingredients: [
      'cream',
      'sugar',
      'butter',
      'dark chocolate',
      'vanilla',
      'biscuit base',
      'berries',
      'custard',
      'ice cream',
      'caramel',
    ],
  },
  {
    name: 'Drinks',
    dishes: ['Smoothie', 'Milkshake', 'Lemonade', 'Iced Tea', 'Lassi'],
    fillings: ['Mango', 'Strawberry', 'Banana', 'Chocolate', 'Peach', 'Mint', 'Berry', 'Vanilla'],
    ingredients: [
      'milk',
      'ice',
      'yoghurt',
      'honey',
      'mint',
      'lime',
      'sugar syrup',
      'oat milk',
      'ice cream',
      'soda water',
    ],
  },
  {
    name: 'Kids Menu',
    dishes: ['Nuggets', 'Mini Burger', 'Pasta Bowl', 'Fish Fingers', 'Cheese Toastie'],
    fillings: ['Chicken', 'Beef', 'Cheese', 'Tomato', 'Fish', 'Veggie'],
    ingredients: ['fries', 'ketchup', 'peas', 'cheddar', 'apple slices', 'juice', 'carrot sticks', 'mayonnaise'],
  },
];

export const STYLES = [
  'Classic',
  'Crispy',
  'Spicy',
  'Smoky',
  'Grilled',
  'Homestyle',
  'Loaded',
  'Golden',
  'Rustic',
  'Signature',
  'Texas',
  'Tuscan',
  'Bangkok',
  'Baja',
  'Nashville',
  'Sicilian',
  'Cajun',
  'Garden',
  "Chef's",
  'Royal',
  'Fiery',
  'Honey Glazed',
  'Charred',
  'Street',
  'Harvest',
  'Midnight',
  'Sunday',
  'Coastal',
  'Mountain',
  'Village',
];

/** Used in about one dish in a thousand: the "rare word" targets. */
export const RARE_INGREDIENTS = [
  'huitlacoche',
  'bottarga',
  'yuzu kosho',
  'black garlic',
  'sea buckthorn',
  'fiddlehead',
  'amchur',
  'katsuobushi',
];
export const COMMON_INGREDIENTS = ['salt', 'black pepper', 'olive oil', 'garlic', 'onion', 'chilli', 'lemon', 'herbs'];

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
