import { t } from '@shared/i18n/i18n.ts';
import type { Product } from '@shared/contract/catalog.ts';
import { TEXT } from '@shared/texts.ts';
import { Link } from 'react-router';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Rating } from '@client/components/ui/rating.tsx';
import { useProducts } from '../api/get-products.ts';
import { PATHS, pathTo } from '@shared/paths.ts';
import { useMoney } from '@client/data/restaurant.ts';

/**
 * The 800px-high scrollable list beside a dish: the other dishes of its category, each
 * with See more, which opens that dish (docs/reference/storefront.md §2 "Product detail").
 */
export function RelatedProducts({ category, currentId }: { category: string; currentId: string }) {
  const query = useProducts(category);
  const others = (query.data ?? []).filter((product) => product._id !== currentId);
  return (
    <aside
      aria-labelledby="related-heading"
      className="flex flex-col rounded-box border border-base-300 bg-base-200/60 lg:h-[800px]"
    >
      <h2 id="related-heading" className="border-b border-base-300 px-5 py-4 text-xl font-bold">
        {t('dish.moreFrom', 'More from {{category}}', { category })}
      </h2>
      <div className="max-h-[800px] flex-1 overflow-y-auto p-4 lg:max-h-none">
        {query.isError ? (
          <QueryError
            what="more dishes"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.isPending ? (
          <RelatedSkeleton />
        ) : others.length === 0 ? (
          <p className="p-4 text-center">{t('menu.noOtherDishesInThis', 'No other dishes in this category yet.')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {others.map((product) => (
              <RelatedItem key={product._id} product={product} />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

function RelatedItem({ product }: { product: Product }) {
  const money = useMoney();
  return (
    <li className="flex gap-4 rounded-box bg-base-100 p-3 shadow-sm">
      <img
        src={product.img}
        srcSet={product.imgSrcset || undefined}
        sizes={product.imgSrcset ? '112px' : undefined}
        alt={product.name}
        width={112}
        height={84}
        loading="lazy"
        decoding="async"
        className="h-[84px] w-28 shrink-0 rounded-lg object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="truncate font-semibold">{product.name}</h3>
        <div className="flex items-center gap-3">
          <span className="font-bold text-primary">{money(product.price)}</span>
          <Rating value={product.reatings} />
        </div>
        <Link
          to={pathTo(PATHS.product, { id: product._id })}
          className="btn btn-outline btn-primary btn-xs mt-1 self-start"
        >
          {TEXT.seeMore}
          <span className="sr-only">: {product.name}</span>
        </Link>
      </div>
    </li>
  );
}

function RelatedSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{t('menu.loadingMoreDishes', 'Loading more dishes')}</span>
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className="flex gap-4 rounded-box bg-base-100 p-3" aria-hidden="true">
          <div className="skeleton h-[84px] w-28 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-4 w-3/4" />
            <div className="skeleton h-4 w-1/3" />
            <div className="skeleton h-6 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}
