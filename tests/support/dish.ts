import type { Product } from '../../src/shared/contract/catalog.ts';

/** A dish as the API answers it, with every field of the contract; `fields` replace the defaults. */
export function dish(fields: Partial<Product> = {}): Product {
  return {
    _id: '1',
    name: 'Soup',
    img: '/images/dishes/soup-640.webp',
    imgSrcset: '',
    price: 6,
    reatings: 4.5,
    items: [],
    category: 'Soups',
    populler: false,
    description: 'A dish',
    allergens: [],
    diet: [],
    spicy: 0,
    available: true,
    soldOutUntil: null,
    prepUnits: 1,
    options: [],
    ...fields,
  };
}
