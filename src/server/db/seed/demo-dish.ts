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

export type Category = (typeof DEMO_CATEGORIES)[number];

export const dish = (
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
