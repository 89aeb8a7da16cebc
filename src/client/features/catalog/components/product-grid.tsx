import type { Product } from '@shared/contract/catalog.ts';
import { useEffect, useState } from 'react';
import { HydrateLater } from '@client/components/ui/hydrate-later.tsx';
import { isHydrated } from '@client/lib/hydration.ts';
import { ProductCard } from './product-card.tsx';

const COLUMNS = {
  2: 'grid-cols-1 md:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
} as const;

/** Cards drawn at once when a grid appears; enough to fill a large screen above the fold. */
const FIRST_BATCH = 6;

/** The classes that let the browser skip a card far from the screen (see below). */
function laidOutWhenNear(index: number): string {
  if (index >= FIRST_BATCH) return 'below-fold -m-2 p-2 [contain-intrinsic-size:auto_24rem]';
  if (index >= 2) return 'max-sm:below-fold max-sm:-m-2 max-sm:p-2 max-sm:[contain-intrinsic-size:auto_24rem]';
  return '';
}

/**
 * Dishes in a responsive grid: one column on phones, up to `columns` on wide screens.
 * A long list (the whole menu) drawn in the browser first draws FIRST_BATCH cards, then the
 * rest in a task of its own: the page shows and answers input sooner than if all thirty
 * cards were built in one blocking task. The server renders them all (crawlers, no
 * JavaScript), and hydration takes them all as they are, a card at a time (HydrateLater).
 */
export function ProductGrid({
  products,
  columns = 3,
  layout,
  eagerCount = 0,
  headingLevel,
}: {
  products: Product[];
  columns?: keyof typeof COLUMNS;
  layout?: 'vertical' | 'horizontal';
  /** How many of the first pictures sit above the fold and load at once (the first one with high priority). */
  eagerCount?: number;
  /** The cards' heading level: h2 when the grid sits right under the page's h1. */
  headingLevel?: 'h2' | 'h3';
}) {
  // Read once, not subscribed: the end of the hydration must not draw the whole grid again.
  const [all, setAll] = useState(() => !isHydrated());
  useEffect(() => {
    if (all) return undefined;
    const timer = setTimeout(() => setAll(true), 0);
    return () => clearTimeout(timer);
  }, [all]);
  const shown = all ? products : products.slice(0, FIRST_BATCH);
  return (
    <ul className={`grid gap-6 ${COLUMNS[columns]}`}>
      {shown.map((product, index) => (
        // Past the first screenful a card is laid out only when scrolled near (styles.css): from
        // the seventh card on, and on a phone's single column from the third (a first paint
        // lays out three or four cards, not the grid). Never a card the first screen may show:
        // drawn late, it would move what follows it. Its padding, taken back by the margin,
        // leaves room for the shadow and the focus ring, which the card's paint containment
        // would clip. On a page the server rendered, each card hydrates in a task of its own.
        <HydrateLater key={product._id}>
          <li className={`flex [&>article]:w-full ${laidOutWhenNear(index)}`}>
            <ProductCard
              product={product}
              headingLevel={headingLevel}
              layout={layout}
              eager={index < eagerCount}
              priority={index === 0 && eagerCount > 0}
            />
          </li>
        </HydrateLater>
      ))}
    </ul>
  );
}
