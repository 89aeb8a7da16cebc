import { describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { pageHead, renderHead } from '../../../src/server/modules/pages/page-head.ts';
import { dish } from '../../support/dish.ts';

const hostile = dish({
  _id: '7',
  name: '</script><script>alert(1)</script> "Burger" & <b>',
  img: '/images/dishes/x-640.webp',
  imgSrcset: '/images/dishes/x-320.webp 320w, /images/dishes/x-1024.webp 1024w, /images/dishes/x-640.webp 640w',
  price: 12,
  items: ['beef'],
  category: 'Delish Burger',
  description: 'Line\u2028separator <!-- comment',
  available: false,
});

describe('page heads', () => {
  const head = pageHead({
    path: '/products/7',
    query: undefined,
    publicUrl: 'https://r.example',
    siteName: 'Saffron Table',
    settings: DEMO_SETTINGS,
    dish: hostile,
  });

  it('takes the largest rendition for previews and says sold out', () => {
    expect(head.image).toBe('https://r.example/images/dishes/x-1024.webp');
    expect(head.description).toContain('sold out');
    expect(head.jsonLd[0]).toMatchObject({
      '@type': 'MenuItem',
      offers: { availability: 'https://schema.org/OutOfStock', price: '12.00', priceCurrency: 'USD' },
    });
  });

  it('escapes every text: nothing a dish is called can close a tag or the JSON-LD script', () => {
    const html = renderHead(head, 'Saffron Table');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect((JSON.parse(json) as { name: string }).name).toBe(hostile.name);
  });

  it('answers 404 for a dish page without a dish', () => {
    expect(
      pageHead({
        path: '/products/8',
        query: undefined,
        publicUrl: 'https://r.example',
        siteName: 'Saffron Table',
        settings: DEMO_SETTINGS,
      }).status,
    ).toBe(404);
  });
});
