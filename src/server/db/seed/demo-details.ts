import type { Allergen, Diet } from '../../../shared/constants.ts';

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
