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
  dish('Delish Burger', 'classic-cheeseburger', 'Classic Cheeseburger', 12, 4.8, ['Beef patty', 'Cheddar', 'Pickles', 'Brioche bun'], '1f354', ['1f9c0', '1f952'], true),
  dish('Delish Burger', 'smoky-bacon-burger', 'Smoky Bacon Burger', 14, 4.6, ['Beef patty', 'Smoked bacon', 'BBQ sauce', 'Onion rings'], '1f354', ['1f953', '1f9c5']),
  dish('Delish Burger', 'mushroom-swiss-burger', 'Mushroom Swiss Burger', 13, 4.4, ['Beef patty', 'Sauteed mushrooms', 'Swiss cheese', 'Garlic mayo'], '1f354', ['1f344', '1f9c0']),
  dish('Delish Burger', 'crispy-chicken-burger', 'Crispy Chicken Burger', 11, 4.5, ['Fried chicken', 'Coleslaw', 'Spicy mayo', 'Potato bun'], '1f354', ['1f357', '1f96c']),
  dish('Delish Burger', 'veggie-garden-burger', 'Veggie Garden Burger', 10, 4.2, ['Chickpea patty', 'Avocado', 'Tomato', 'Lettuce'], '1f354', ['1f951', '1f345']),
  dish('Delish Burger', 'double-stack-burger', 'Double Stack Burger', 16, 4.9, ['Two beef patties', 'American cheese', 'House sauce', 'Fries'], '1f354', ['1f35f', '1f9c0'], true),

  dish('Sandwiches', 'club-sandwich', 'Club Sandwich', 9, 4.5, ['Turkey', 'Bacon', 'Lettuce', 'Tomato', 'Toasted bread'], '1f96a', ['1f953', '1f345'], true),
  dish('Sandwiches', 'grilled-cheese', 'Grilled Cheese Melt', 7, 4.3, ['Sourdough', 'Cheddar', 'Mozzarella', 'Butter'], '1f96a', ['1f9c0', '1f9c8']),
  dish('Sandwiches', 'falafel-wrap', 'Falafel Pita Wrap', 8, 4.4, ['Falafel', 'Hummus', 'Cucumber', 'Tahini'], '1f959', ['1f9c6', '1f952']),
  dish('Sandwiches', 'egg-avocado-toast', 'Egg and Avocado Toast', 8, 4.1, ['Poached egg', 'Avocado', 'Chili flakes', 'Rye bread'], '1f35e', ['1f95a', '1f951']),
  dish('Sandwiches', 'hot-dog-deluxe', 'Hot Dog Deluxe', 6, 4.0, ['Beef sausage', 'Mustard', 'Fried onions', 'Soft bun'], '1f32d', ['1f9c5']),
  dish('Sandwiches', 'baguette-caprese', 'Caprese Baguette', 9, 4.2, ['Mozzarella', 'Tomato', 'Basil', 'Baguette'], '1f956', ['1f345', '1f9c0']),

  dish('Mexcan Cuisine', 'beef-tacos', 'Beef Tacos', 11, 4.7, ['Corn tortillas', 'Spiced beef', 'Salsa', 'Cilantro'], '1f32e', ['1f336', '1f9c5'], true),
  dish('Mexcan Cuisine', 'chicken-burrito', 'Chicken Burrito', 12, 4.5, ['Grilled chicken', 'Rice', 'Black beans', 'Cheese'], '1f32f', ['1f357', '1fad8']),
  dish('Mexcan Cuisine', 'pork-tamales', 'Pork Tamales', 10, 4.3, ['Masa', 'Pulled pork', 'Red chili sauce'], '1fad4', ['1f336']),
  dish('Mexcan Cuisine', 'chips-guacamole', 'Chips and Guacamole', 7, 4.4, ['Tortilla chips', 'Avocado', 'Lime', 'Tomato'], '1f951', ['1f34b', '1f345']),
  dish('Mexcan Cuisine', 'veggie-quesadilla', 'Veggie Quesadilla', 9, 4.1, ['Flour tortilla', 'Peppers', 'Corn', 'Cheese'], '1fad3', ['1fad1', '1f33d']),
  dish('Mexcan Cuisine', 'shrimp-tacos', 'Shrimp Tacos', 13, 4.6, ['Grilled shrimp', 'Cabbage slaw', 'Chipotle crema', 'Lime'], '1f32e', ['1f364', '1f34b']),

  dish('Italian Cuisine', 'margherita-pizza', 'Margherita Pizza', 13, 4.8, ['Tomato sauce', 'Mozzarella', 'Basil', 'Olive oil'], '1f355', ['1f345', '1f9c0'], true),
  dish('Italian Cuisine', 'spaghetti-bolognese', 'Spaghetti Bolognese', 14, 4.6, ['Spaghetti', 'Beef ragu', 'Parmesan', 'Basil'], '1f35d', ['1f345', '1f9c0']),
  dish('Italian Cuisine', 'pepperoni-pizza', 'Pepperoni Pizza', 15, 4.7, ['Tomato sauce', 'Mozzarella', 'Pepperoni', 'Oregano'], '1f355', ['1f336']),
  dish('Italian Cuisine', 'mushroom-risotto', 'Mushroom Risotto', 16, 4.4, ['Arborio rice', 'Porcini', 'Parmesan', 'White wine'], '1f958', ['1f344', '1f9c0']),
  dish('Italian Cuisine', 'lasagna', 'Lasagna al Forno', 15, 4.5, ['Pasta sheets', 'Beef ragu', 'Bechamel', 'Parmesan'], '1f372', ['1f345', '1f9c0']),
  dish('Italian Cuisine', 'tiramisu', 'Tiramisu', 8, 4.9, ['Mascarpone', 'Espresso', 'Ladyfingers', 'Cocoa'], '1f370', ['2615']),

  dish('Salads', 'caesar-salad', 'Caesar Salad', 9, 4.3, ['Romaine', 'Croutons', 'Parmesan', 'Caesar dressing'], '1f957', ['1f96c', '1f9c0']),
  dish('Salads', 'greek-salad', 'Greek Salad', 9, 4.2, ['Tomato', 'Cucumber', 'Feta', 'Olives', 'Red onion'], '1f957', ['1f345', '1f952']),
  dish('Salads', 'avocado-corn-salad', 'Avocado Corn Salad', 10, 4.1, ['Avocado', 'Sweet corn', 'Black beans', 'Lime dressing'], '1f957', ['1f951', '1f33d']),

  dish('Desserts', 'chocolate-cupcake', 'Chocolate Cupcake', 5, 4.6, ['Cocoa sponge', 'Ganache', 'Sprinkles'], '1f9c1', ['1f36b']),
  dish('Desserts', 'strawberry-ice-cream', 'Strawberry Ice Cream', 6, 4.5, ['Strawberries', 'Cream', 'Waffle cone'], '1f368', ['1f353'], true),
  dish('Desserts', 'glazed-donut', 'Glazed Donut', 4, 4.2, ['Yeast dough', 'Sugar glaze', 'Vanilla'], '1f369', ['2615']),
];
