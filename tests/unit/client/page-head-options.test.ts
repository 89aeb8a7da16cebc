import { describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { pageHead } from '../../../src/server/modules/pages/page-head.ts';
import { dish } from '../../support/dish.ts';

/** A dish with a size group describes itself as a MenuItem with one offer per size (docs/reference/ordering.md "Dish options", issue 37 point 5). */
const value = (id: number, name: string, price: number, available = true) => ({
  _id: id,
  name,
  price,
  default: id === 1,
  available,
  prepUnits: 0,
  allergens: [],
});
const head = (fields: Parameters<typeof dish>[0]) =>
  pageHead({
    path: '/products/9',
    query: undefined,
    publicUrl: 'https://r.example',
    siteName: 'Saffron Table',
    settings: DEMO_SETTINGS,
    dish: dish({ _id: '9', price: 13, ...fields }),
  });

describe('a dish with options in its JSON-LD', () => {
  it('offers each size at the dish’s price plus the size’s, to the cent, a sold-out size out of stock', () => {
    const options = [
      {
        _id: 1,
        name: 'Size',
        min: 1,
        max: 1,
        values: [value(1, 'Regular', 0), value(2, 'Large', 4.5), value(3, 'Family', 7.1, false)],
      },
      { _id: 2, name: 'Extras', min: 0, max: 2, values: [value(4, 'Olives', 1)] },
    ];
    expect(head({ options }).jsonLd[0]).toMatchObject({
      '@type': 'MenuItem',
      offers: [
        {
          '@type': 'Offer',
          name: 'Regular',
          price: '13.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
        {
          '@type': 'Offer',
          name: 'Large',
          price: '17.50',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
        {
          '@type': 'Offer',
          name: 'Family',
          price: '20.10',
          priceCurrency: 'USD',
          availability: 'https://schema.org/OutOfStock',
        },
      ],
    });
  });

  it('keeps one offer for a dish whose options are no size', () => {
    const options = [{ _id: 2, name: 'Extras', min: 0, max: 2, values: [value(4, 'Olives', 1)] }];
    expect(head({ options }).jsonLd[0]).toMatchObject({ offers: { '@type': 'Offer', price: '13.00' } });
  });
});
