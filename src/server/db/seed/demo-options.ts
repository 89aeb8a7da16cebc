import type { Allergen } from '../../../shared/constants.ts';

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

export const burgerExtras = (more: DemoOptionValue[] = []): DemoOptionGroup => ({
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

export const pizzaSize: DemoOptionGroup = {
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
