import type { Product } from '@shared/catalog-contract.ts';
import { ProductCard } from './product-card.tsx';

const COLUMNS = {
  2: 'grid-cols-1 md:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
} as const;

/** Dishes in a responsive grid: one column on phones, up to `columns` on wide screens. */
export function ProductGrid({
  products,
  columns = 3,
  layout,
  eagerCount = 0,
}: {
  products: Product[];
  columns?: keyof typeof COLUMNS;
  layout?: 'vertical' | 'horizontal';
  /** How many of the first pictures sit above the fold and load at once. */
  eagerCount?: number;
}) {
  return (
    <ul className={`grid gap-6 ${COLUMNS[columns]}`}>
      {products.map((product, index) => (
        <li key={product._id} className="flex [&>article]:w-full">
          <ProductCard product={product} layout={layout} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
