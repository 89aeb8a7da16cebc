import type { Allergen, Diet } from '../../../shared/constants.ts';
/**
 * The demo menu seeded on first start. Each dish's picture is composed from Twemoji
 * graphics (see menu-images.ts): `emoji` is the main motif, `garnish` the small ones.
 */
export interface DemoDish {
  slug: string;
  name: string;
  price: number;
  reatings: number;
  items: string[];
  category: string;
  populler: boolean;
  emoji: string;
  garnish: string[];
}

export const DEMO_CATEGORIES = [
  'Delish Burger',
  'Sandwiches',
  'Mexcan Cuisine',
  'Italian Cuisine',
  'Salads',
  'Desserts',
  'Bangladeshi',
] as const;

type Category = (typeof DEMO_CATEGORIES)[number];

const dish = (
  category: Category,
  slug: string,
  name: string,
  price: number,
  reatings: number,
  items: string[],
  emoji: string,
  garnish: string[],
  populler = false,
): DemoDish => ({ slug, name, price, reatings, items, category, populler, emoji, garnish });

export const DEMO_MENU: DemoDish[] = [
  dish(
    'Delish Burger',
    'classic-cheeseburger',
    'Classic Cheeseburger',
    12,
    4.8,
    ['Beef patty', 'Cheddar', 'Pickles', 'Brioche bun'],
    '1f354',
    ['1f9c0', '1f952'],
    true,
  ),
  dish(
    'Delish Burger',
    'smoky-bacon-burger',
    'Smoky Bacon Burger',
    14,
    4.6,
    ['Beef patty', 'Smoked bacon', 'BBQ sauce', 'Onion rings'],
    '1f354',
    ['1f953', '1f9c5'],
  ),
  dish(
    'Delish Burger',
    'mushroom-swiss-burger',
    'Mushroom Swiss Burger',
    13,
    4.4,
    ['Beef patty', 'Sauteed mushrooms', 'Swiss cheese', 'Garlic mayo'],
    '1f354',
    ['1f344', '1f9c0'],
  ),
  dish(
    'Delish Burger',
    'crispy-chicken-burger',
    'Crispy Chicken Burger',
    11,
    4.5,
    ['Fried chicken', 'Coleslaw', 'Spicy mayo', 'Potato bun'],
    '1f354',
    ['1f357', '1f96c'],
  ),
  dish(
    'Delish Burger',
    'veggie-garden-burger',
    'Veggie Garden Burger',
    10,
    4.2,
    ['Chickpea patty', 'Avocado', 'Tomato', 'Lettuce'],
    '1f354',
    ['1f951', '1f345'],
  ),
  dish(
    'Delish Burger',
    'double-stack-burger',
    'Double Stack Burger',
    16,
    4.9,
    ['Two beef patties', 'American cheese', 'House sauce', 'Fries'],
    '1f354',
    ['1f35f', '1f9c0'],
    true,
  ),

  dish(
    'Sandwiches',
    'club-sandwich',
    'Club Sandwich',
    9,
    4.5,
    ['Turkey', 'Bacon', 'Lettuce', 'Tomato', 'Toasted bread'],
    '1f96a',
    ['1f953', '1f345'],
    true,
  ),
  dish(
    'Sandwiches',
    'grilled-cheese',
    'Grilled Cheese Melt',
    7,
    4.3,
    ['Sourdough', 'Cheddar', 'Mozzarella', 'Butter'],
    '1f96a',
    ['1f9c0', '1f9c8'],
  ),
  dish(
    'Sandwiches',
    'falafel-wrap',
    'Falafel Pita Wrap',
    8,
    4.4,
    ['Falafel', 'Hummus', 'Cucumber', 'Tahini'],
    '1f959',
    ['1f9c6', '1f952'],
  ),
  dish(
    'Sandwiches',
    'egg-avocado-toast',
    'Egg and Avocado Toast',
    8,
    4.1,
    ['Poached egg', 'Avocado', 'Chili flakes', 'Rye bread'],
    '1f35e',
    ['1f95a', '1f951'],
  ),
  dish(
    'Sandwiches',
    'hot-dog-deluxe',
    'Hot Dog Deluxe',
    6,
    4.0,
    ['Beef sausage', 'Mustard', 'Fried onions', 'Soft bun'],
    '1f32d',
    ['1f9c5'],
  ),
  dish(
    'Sandwiches',
    'baguette-caprese',
    'Caprese Baguette',
    9,
    4.2,
    ['Mozzarella', 'Tomato', 'Basil', 'Baguette'],
    '1f956',
    ['1f345', '1f9c0'],
  ),

  dish(
    'Mexcan Cuisine',
    'beef-tacos',
    'Beef Tacos',
    11,
    4.7,
    ['Corn tortillas', 'Spiced beef', 'Salsa', 'Cilantro'],
    '1f32e',
    ['1f336', '1f9c5'],
    true,
  ),
  dish(
    'Mexcan Cuisine',
    'chicken-burrito',
    'Chicken Burrito',
    12,
    4.5,
    ['Grilled chicken', 'Rice', 'Black beans', 'Cheese'],
    '1f32f',
    ['1f357', '1fad8'],
  ),
  dish('Mexcan Cuisine', 'pork-tamales', 'Pork Tamales', 10, 4.3, ['Masa', 'Pulled pork', 'Red chili sauce'], '1fad4', [
    '1f336',
  ]),
  dish(
    'Mexcan Cuisine',
    'chips-guacamole',
    'Chips and Guacamole',
    7,
    4.4,
    ['Tortilla chips', 'Avocado', 'Lime', 'Tomato'],
    '1f951',
    ['1f34b', '1f345'],
  ),
  dish(
    'Mexcan Cuisine',
    'veggie-quesadilla',
    'Veggie Quesadilla',
    9,
    4.1,
    ['Flour tortilla', 'Peppers', 'Corn', 'Cheese'],
    '1fad3',
    ['1fad1', '1f33d'],
  ),
  dish(
    'Mexcan Cuisine',
    'shrimp-tacos',
    'Shrimp Tacos',
    13,
    4.6,
    ['Grilled shrimp', 'Cabbage slaw', 'Chipotle crema', 'Lime'],
    '1f32e',
    ['1f364', '1f34b'],
  ),

  dish(
    'Italian Cuisine',
    'margherita-pizza',
    'Margherita Pizza',
    13,
    4.8,
    ['Tomato sauce', 'Mozzarella', 'Basil', 'Olive oil'],
    '1f355',
    ['1f345', '1f9c0'],
    true,
  ),
  dish(
    'Italian Cuisine',
    'spaghetti-bolognese',
    'Spaghetti Bolognese',
    14,
    4.6,
    ['Spaghetti', 'Beef ragu', 'Parmesan', 'Basil'],
    '1f35d',
    ['1f345', '1f9c0'],
  ),
  dish(
    'Italian Cuisine',
    'pepperoni-pizza',
    'Pepperoni Pizza',
    15,
    4.7,
    ['Tomato sauce', 'Mozzarella', 'Pepperoni', 'Oregano'],
    '1f355',
    ['1f336'],
  ),
  dish(
    'Italian Cuisine',
    'mushroom-risotto',
    'Mushroom Risotto',
    16,
    4.4,
    ['Arborio rice', 'Porcini', 'Parmesan', 'White wine'],
    '1f958',
    ['1f344', '1f9c0'],
  ),
  dish(
    'Italian Cuisine',
    'lasagna',
    'Lasagna al Forno',
    15,
    4.5,
    ['Pasta sheets', 'Beef ragu', 'Bechamel', 'Parmesan'],
    '1f372',
    ['1f345', '1f9c0'],
  ),
  dish('Italian Cuisine', 'tiramisu', 'Tiramisu', 8, 4.9, ['Mascarpone', 'Espresso', 'Ladyfingers', 'Cocoa'], '1f370', [
    '2615',
  ]),

  dish(
    'Salads',
    'caesar-salad',
    'Caesar Salad',
    9,
    4.3,
    ['Romaine', 'Croutons', 'Parmesan', 'Caesar dressing'],
    '1f957',
    ['1f96c', '1f9c0'],
  ),
  dish('Salads', 'greek-salad', 'Greek Salad', 9, 4.2, ['Tomato', 'Cucumber', 'Feta', 'Olives', 'Red onion'], '1f957', [
    '1f345',
    '1f952',
  ]),
  dish(
    'Salads',
    'avocado-corn-salad',
    'Avocado Corn Salad',
    10,
    4.1,
    ['Avocado', 'Sweet corn', 'Black beans', 'Lime dressing'],
    '1f957',
    ['1f951', '1f33d'],
  ),

  dish(
    'Desserts',
    'chocolate-cupcake',
    'Chocolate Cupcake',
    5,
    4.6,
    ['Cocoa sponge', 'Ganache', 'Sprinkles'],
    '1f9c1',
    ['1f36b'],
  ),
  dish(
    'Desserts',
    'strawberry-ice-cream',
    'Strawberry Ice Cream',
    6,
    4.5,
    ['Strawberries', 'Cream', 'Waffle cone'],
    '1f368',
    ['1f353'],
    true,
  ),
  dish('Desserts', 'glazed-donut', 'Glazed Donut', 4, 4.2, ['Yeast dough', 'Sugar glaze', 'Vanilla'], '1f369', [
    '2615',
  ]),

  // Dhaka's own (their Bangla names: demo-menu-bangla.ts).
  dish(
    'Bangladeshi',
    'kacchi-biryani',
    'Kacchi Biryani',
    15,
    4.9,
    ['Mutton', 'Kalijira rice', 'Potato', 'Saffron'],
    '1f35b',
    ['1f356', '1f954'],
    true,
  ),
  dish(
    'Bangladeshi',
    'fuchka',
    'Fuchka',
    5,
    4.7,
    ['Semolina shells', 'Spiced potato', 'Chickpeas', 'Tamarind water'],
    '1f95f',
    ['1f336', '1f9c6'],
  ),
  dish('Bangladeshi', 'mishti-doi', 'Mishti Doi', 4, 4.6, ['Yogurt', 'Caramelised sugar'], '1f36e', ['1f36f']),
];

/**
 * What a guest needs to choose each demo dish (docs/reference/operations.md "Menu management"): a line of
 * description, the EU allergens its listed ingredients carry, the diets it truly fits (halal:
 * no pork, no alcohol, halal meat as the demo restaurant in Dhaka serves; gluten-free only
 * where nothing in it holds gluten), how hot it is (0–3), and its weight on the kitchen
 * (prep units: a plated main 2, a quick side or dessert 1).
 */
export interface DemoDetails {
  description: string;
  allergens: Allergen[];
  diet: Diet[];
  spicy: number;
  prepUnits: number;
}

export const DEMO_DETAILS: Record<string, DemoDetails> = {
  'classic-cheeseburger': {
    description: 'A grilled beef patty with melted cheddar, pickles and house sauce in a toasted brioche bun.',
    allergens: ['gluten', 'milk', 'eggs', 'sesame', 'mustard'],
    diet: ['halal'],
    spicy: 0,
    prepUnits: 2,
  },
  'smoky-bacon-burger': {
    description: 'Beef patty, crisp smoked bacon and onion rings under a sticky BBQ glaze.',
    allergens: ['gluten', 'milk', 'eggs', 'sesame', 'mustard'],
    diet: [],
    spicy: 1,
    prepUnits: 2,
  },
  'mushroom-swiss-burger': {
    description: 'Beef patty topped with butter-sauteed mushrooms, Swiss cheese and garlic mayo.',
    allergens: ['gluten', 'milk', 'eggs', 'sesame'],
    diet: ['halal'],
    spicy: 0,
    prepUnits: 2,
  },
  'crispy-chicken-burger': {
    description: 'Buttermilk fried chicken with crunchy coleslaw and spicy mayo in a potato bun.',
    allergens: ['gluten', 'milk', 'eggs', 'mustard'],
    diet: ['halal'],
    spicy: 2,
    prepUnits: 2,
  },
  'veggie-garden-burger': {
    description: 'A herby chickpea patty with avocado, tomato and lettuce: fully plant-based.',
    allergens: ['gluten', 'sesame'],
    diet: ['vegetarian', 'vegan', 'halal'],
    spicy: 0,
    prepUnits: 2,
  },
  'double-stack-burger': {
    description: 'Two smashed beef patties, American cheese and house sauce, served with fries.',
    allergens: ['gluten', 'milk', 'eggs', 'sesame', 'mustard'],
    diet: ['halal'],
    spicy: 0,
    prepUnits: 3,
  },
  'club-sandwich': {
    description: 'Triple-decker toast with roast turkey, bacon, lettuce, tomato and mayonnaise.',
    allergens: ['gluten', 'eggs'],
    diet: [],
    spicy: 0,
    prepUnits: 1,
  },
  'grilled-cheese': {
    description: 'Sourdough griddled in butter around a molten mix of cheddar and mozzarella.',
    allergens: ['gluten', 'milk'],
    diet: ['vegetarian', 'halal'],
    spicy: 0,
    prepUnits: 1,
  },
  'falafel-wrap': {
    description: 'Crisp falafel, hummus, cucumber and tahini rolled in warm pita.',
    allergens: ['gluten', 'sesame'],
    diet: ['vegetarian', 'vegan', 'halal'],
    spicy: 1,
    prepUnits: 1,
  },
  'egg-avocado-toast': {
    description: 'Toasted rye with smashed avocado, a poached egg and a pinch of chili flakes.',
    allergens: ['gluten', 'eggs'],
    diet: ['vegetarian', 'halal'],
    spicy: 1,
    prepUnits: 1,
  },
  'hot-dog-deluxe': {
    description: 'A grilled beef sausage in a soft bun with mustard and crispy fried onions.',
    allergens: ['gluten', 'mustard'],
    diet: ['halal'],
    spicy: 0,
    prepUnits: 1,
  },
  'baguette-caprese': {
    description: 'Fresh mozzarella, ripe tomato and basil in a crusty baguette with olive oil.',
    allergens: ['gluten', 'milk'],
    diet: ['vegetarian', 'halal'],
    spicy: 0,
    prepUnits: 1,
  },
  'beef-tacos': {
    description: 'Three corn tortillas with spiced beef, fresh salsa, onion and cilantro.',
    allergens: [],
    diet: ['halal', 'gluten-free'],
    spicy: 2,
    prepUnits: 2,
  },
  'chicken-burrito': {
    description: 'Grilled chicken, rice, black beans and cheese wrapped in a flour tortilla.',
    allergens: ['gluten', 'milk'],
    diet: ['halal'],
    spicy: 1,
    prepUnits: 2,
  },
  'pork-tamales': {
    description: 'Steamed masa parcels filled with slow-cooked pork in red chili sauce.',
    allergens: [],
    diet: ['gluten-free'],
    spicy: 2,
    prepUnits: 2,
  },
  'chips-guacamole': {
    description: 'Freshly made guacamole with lime and tomato, with warm tortilla chips.',
    allergens: [],
    diet: ['vegetarian', 'vegan', 'halal', 'gluten-free'],
    spicy: 0,
    prepUnits: 1,
  },
  'veggie-quesadilla': {
    description: 'A toasted flour tortilla with peppers, sweet corn and melted cheese.',
    allergens: ['gluten', 'milk'],
    diet: ['vegetarian', 'halal'],
    spicy: 1,
    prepUnits: 1,
  },
  'shrimp-tacos': {
    description: 'Grilled shrimp, cabbage slaw and chipotle crema on corn tortillas with lime.',
    allergens: ['crustaceans', 'milk', 'eggs'],
    diet: ['halal', 'gluten-free'],
    spicy: 2,
    prepUnits: 2,
  },
  'margherita-pizza': {
    description: 'Stone-baked pizza with tomato, mozzarella, fresh basil and olive oil.',
    allergens: ['gluten', 'milk'],
    diet: ['vegetarian', 'halal'],
    spicy: 0,
    prepUnits: 2,
  },
  'spaghetti-bolognese': {
    description: 'Spaghetti in a slow-simmered beef ragu, finished with Parmesan and basil.',
    allergens: ['gluten', 'milk', 'celery'],
    diet: ['halal'],
    spicy: 0,
    prepUnits: 2,
  },
  'pepperoni-pizza': {
    description: 'Tomato, mozzarella and spicy beef pepperoni with oregano on a thin crust.',
    allergens: ['gluten', 'milk'],
    diet: ['halal'],
    spicy: 1,
    prepUnits: 2,
  },
  'mushroom-risotto': {
    description: 'Creamy Arborio rice with porcini mushrooms, white wine and Parmesan.',
    allergens: ['milk', 'celery', 'sulphites'],
    diet: ['vegetarian', 'gluten-free'],
    spicy: 0,
    prepUnits: 3,
  },
  lasagna: {
    description: 'Layers of fresh pasta, beef ragu and bechamel, baked until golden.',
    allergens: ['gluten', 'milk', 'eggs', 'celery'],
    diet: ['halal'],
    spicy: 0,
    prepUnits: 3,
  },
  tiramisu: {
    description: 'Espresso-soaked ladyfingers layered with mascarpone cream and cocoa.',
    allergens: ['gluten', 'milk', 'eggs'],
    diet: ['vegetarian', 'halal'],
    spicy: 0,
    prepUnits: 1,
  },
  'caesar-salad': {
    description: 'Crisp romaine, garlic croutons and shaved Parmesan in a classic Caesar dressing.',
    allergens: ['gluten', 'milk', 'eggs', 'fish', 'mustard'],
    diet: [],
    spicy: 0,
    prepUnits: 1,
  },
  'greek-salad': {
    description: 'Tomato, cucumber, red onion, Kalamata olives and a slab of feta with oregano.',
    allergens: ['milk'],
    diet: ['vegetarian', 'halal', 'gluten-free'],
    spicy: 0,
    prepUnits: 1,
  },
  'avocado-corn-salad': {
    description: 'Avocado, sweet corn and black beans tossed in a zesty lime dressing.',
    allergens: [],
    diet: ['vegetarian', 'vegan', 'halal', 'gluten-free'],
    spicy: 0,
    prepUnits: 1,
  },
  'chocolate-cupcake': {
    description: 'A moist cocoa sponge crowned with chocolate ganache and sprinkles.',
    allergens: ['gluten', 'milk', 'eggs', 'soy'],
    diet: ['vegetarian', 'halal'],
    spicy: 0,
    prepUnits: 1,
  },
  'strawberry-ice-cream': {
    description: 'Two scoops of strawberry ice cream made with real fruit, in a waffle cone.',
    allergens: ['gluten', 'milk', 'eggs'],
    diet: ['vegetarian', 'halal'],
    spicy: 0,
    prepUnits: 1,
  },
  'glazed-donut': {
    description: 'A light yeast-raised donut dipped in a vanilla sugar glaze.',
    allergens: ['gluten', 'milk', 'eggs'],
    diet: ['vegetarian', 'halal'],
    spicy: 0,
    prepUnits: 1,
  },
  'kacchi-biryani': {
    description:
      'Raw mutton and fragrant kalijira rice layered with potato and saffron, slow-cooked sealed as in Old Dhaka.',
    allergens: ['milk', 'nuts'],
    diet: ['halal', 'gluten-free'],
    spicy: 2,
    prepUnits: 3,
  },
  fuchka: {
    description: 'Crisp semolina shells filled with spiced potato and chickpeas, with tangy tamarind water.',
    allergens: ['gluten'],
    diet: ['vegetarian', 'vegan', 'halal'],
    spicy: 2,
    prepUnits: 1,
  },
  'mishti-doi': {
    description: 'Sweet yogurt set with caramelised sugar in a clay pot.',
    allergens: ['milk'],
    diet: ['vegetarian', 'halal', 'gluten-free'],
    spicy: 0,
    prepUnits: 1,
  },
};

/** A demo option value: a price in the currency (cents allowed), prep units per portion, allergens it adds. */
export interface DemoOptionValue {
  name: string;
  price: number;
  default?: boolean;
  prepUnits?: number;
  allergens?: Allergen[];
}

export interface DemoOptionGroup {
  name: string;
  min: number;
  max: number;
  values: DemoOptionValue[];
}

const burgerExtras = (more: DemoOptionValue[] = []): DemoOptionGroup => ({
  name: 'Extras',
  min: 0,
  max: 3,
  values: [
    { name: 'Extra cheese', price: 1, allergens: ['milk'] },
    { name: 'Bacon', price: 1.75 },
    { name: 'Fried egg', price: 1.25, allergens: ['eggs'] },
    ...more,
  ],
});

const pizzaSize: DemoOptionGroup = {
  name: 'Size',
  min: 1,
  max: 1,
  values: [
    { name: 'Regular (10")', price: 0, default: true },
    { name: 'Large (14")', price: 4.5, prepUnits: 0.5 },
  ],
};

/**
 * The demo dishes' options (docs/reference/ordering.md "Dish options"), by slug: extras for burgers, sizes for
 * pizzas, a spice choice for the chili dishes, and one required choice without a default (the
 * tamales' salsa). Every default is free and adds no prep units or allergens, so a dish
 * ordered as before costs and weighs what it did; an extra's allergens are those it holds.
 * The Classic Cheeseburger, the menu's first dish, stays as it is.
 */
export const DEMO_OPTIONS: Record<string, DemoOptionGroup[]> = {
  'smoky-bacon-burger': [burgerExtras([{ name: 'Onion rings', price: 1.5, allergens: ['gluten', 'milk'] }])],
  'mushroom-swiss-burger': [burgerExtras([{ name: 'Extra mushrooms', price: 1.25 }])],
  'crispy-chicken-burger': [
    {
      name: 'Spice',
      min: 1,
      max: 1,
      values: [
        { name: 'Spicy mayo', price: 0, default: true },
        { name: 'Mild mayo', price: 0 },
      ],
    },
    burgerExtras([{ name: 'Jalapeños', price: 0.5 }]),
  ],
  'veggie-garden-burger': [
    {
      name: 'Extras',
      min: 0,
      max: 2,
      values: [
        { name: 'Extra avocado', price: 1.5 },
        { name: 'Grilled onions', price: 0.5 },
      ],
    },
  ],
  'double-stack-burger': [burgerExtras()],
  'beef-tacos': [
    {
      name: 'Spice',
      min: 1,
      max: 1,
      values: [
        { name: 'Mild', price: 0, default: true },
        { name: 'Medium', price: 0 },
        { name: 'Hot', price: 0 },
      ],
    },
  ],
  'pork-tamales': [
    {
      name: 'Salsa',
      min: 1,
      max: 1,
      values: [
        { name: 'Salsa roja', price: 0 },
        { name: 'Salsa verde', price: 0 },
      ],
    },
  ],
  'chips-guacamole': [
    {
      name: 'Size',
      min: 1,
      max: 1,
      values: [
        { name: 'Sharing', price: 0, default: true },
        { name: 'Party', price: 4, prepUnits: 0.5 },
      ],
    },
  ],
  'margherita-pizza': [
    pizzaSize,
    {
      name: 'Extras',
      min: 0,
      max: 2,
      values: [
        { name: 'Extra mozzarella', price: 1.5, allergens: ['milk'] },
        { name: 'Olives', price: 1 },
      ],
    },
  ],
  'pepperoni-pizza': [
    pizzaSize,
    {
      name: 'Extras',
      min: 0,
      max: 2,
      values: [
        { name: 'Extra pepperoni', price: 2 },
        { name: 'Chili oil', price: 0.5 },
      ],
    },
  ],
  'strawberry-ice-cream': [
    {
      name: 'Serving',
      min: 1,
      max: 1,
      values: [
        { name: 'Waffle cone', price: 0, default: true },
        { name: 'Cup', price: 0 },
      ],
    },
  ],
};
