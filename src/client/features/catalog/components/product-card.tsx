import type { Product } from '@shared/contract/catalog.ts';
import { TEXT } from '@shared/texts.ts';
import { Link } from 'react-router';
import { LinkIcon } from '@client/components/ui/icons.tsx';
import { Rating } from '@client/components/ui/rating.tsx';
import { FIRST_PICTURE } from '@client/lib/first-picture.ts';
import { PATHS, pathTo } from '@shared/paths.ts';
import { DishTags, SoldOutBadge } from './dish-facts.tsx';
import { useMoney } from '@client/data/restaurant.ts';

/** The card's picture width per layout, for the browser to pick a rendition from srcset (grid: 1, 2, 3 columns). */
const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw';
const CARD_SIZES_HORIZONTAL = '(min-width: 640px) 280px, 92vw';

export interface ProductCardProps {
  product: Product;
  /** Heading level inside the page outline (cards sit under an h2 by default). */
  headingLevel?: 'h2' | 'h3';
  /** "horizontal" puts the picture beside the text on wider screens (About's popular items). */
  layout?: 'vertical' | 'horizontal';
  /** Pictures above the fold load at once; the rest lazily. */
  eager?: boolean;
  /** The page's main picture (its largest paint): fetched before other pictures. */
  priority?: boolean;
}

/**
 * One dish: picture, price ($N.00), rating, name, ingredients, a link to its page and
 * Add to Cart. Until ordering arrives, Add to Cart opens the dish page, where the guest
 * picks a quantity.
 */
export function ProductCard({
  product,
  headingLevel: Heading = 'h3',
  layout = 'vertical',
  eager = false,
  priority = false,
}: ProductCardProps) {
  const money = useMoney();
  const href = pathTo(PATHS.product, { id: product._id });
  const nameId = `product-${product._id}-name`;
  const horizontal = layout === 'horizontal';
  return (
    <article
      aria-labelledby={nameId}
      className={`card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md ${horizontal ? 'sm:card-side' : ''}`}
    >
      <figure className={`bg-base-200 ${horizontal ? 'sm:w-2/5 sm:shrink-0' : ''}`}>
        <img
          src={product.img}
          srcSet={product.imgSrcset || undefined}
          sizes={product.imgSrcset ? (horizontal ? CARD_SIZES_HORIZONTAL : CARD_SIZES) : undefined}
          alt={product.name}
          width={640}
          height={480}
          loading={eager || priority ? 'eager' : 'lazy'}
          {...(priority ? FIRST_PICTURE : {})}
          decoding={priority ? undefined : 'async'}
          className="aspect-[4/3] h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-xl font-bold text-primary">{money(product.price)}</p>
          <Rating value={product.reatings} />
        </div>
        <Heading id={nameId} className="card-title text-lg leading-snug">
          {product.name}
        </Heading>
        <SoldOutBadge product={product} className="self-start" />
        <DishTags product={product} />
        <ul className="flex flex-wrap gap-1.5" aria-label={`${product.name} ingredients`}>
          {product.items.map((item) => (
            <li key={item} className="badge badge-sm border-base-300 bg-base-200 text-base-content">
              {item}
            </li>
          ))}
        </ul>
        <div className="card-actions mt-auto items-center justify-end pt-2">
          <Link
            to={href}
            className="btn btn-circle btn-ghost btn-sm"
            aria-label={`Open ${product.name}`}
            title={`Open ${product.name}`}
          >
            <LinkIcon size={18} />
          </Link>
          {product.available ? (
            <Link to={href} className="btn btn-primary btn-sm">
              {TEXT.addToCart}
              <span className="sr-only">: {product.name}</span>
            </Link>
          ) : (
            <button type="button" className="btn btn-primary btn-sm" disabled>
              {TEXT.addToCart}
              <span className="sr-only">: {product.name} is sold out</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
