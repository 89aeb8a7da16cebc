import { TEXT } from '@shared/texts.ts';
import { Link } from 'react-router';
import { StarIcon } from '@client/components/ui/icons.tsx';
import { FEATURED_PRODUCTS, type FeaturedProductSample } from '../overview-sample.ts';
import { PATHS } from '@shared/paths.ts';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/** Three featured dishes (docs/reference/storefront.md §2): price, rating text and Add to Cart, which opens the menu. */
export function FeaturedProducts() {
  return (
    <section aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="mb-4 text-2xl font-bold">
        {t('dashboard.featured', 'Featured dishes')}
      </h2>
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {FEATURED_PRODUCTS.map((product) => (
          <FeaturedCard key={product.id} product={product} />
        ))}
      </div>
    </section>
  );
}

function FeaturedCard({ product }: { product: FeaturedProductSample }) {
  const money = useMoney();
  const { number, digits } = useNumbers();
  const nameId = `${product.id}-name`;
  return (
    <article aria-labelledby={nameId} className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="relative bg-base-200">
        <img
          src={product.img}
          alt={product.title}
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
        {product.discount > 0 && (
          <span className="badge badge-accent absolute top-3 left-3 font-semibold">
            {t('dashboard.offWhenBooked', '{{n}}% off when booked', { n: number(product.discount) })}
          </span>
        )}
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xl font-bold text-primary">{money(product.price)}</p>
          <p className="inline-flex items-center gap-1 text-sm font-medium">
            <StarIcon size={16} className="text-amber-500" />
            {t('dashboard.rating', 'Rating {{rating}} out of 5', { rating: digits(product.reatings.toFixed(1)) })}
          </p>
        </div>
        <h3 id={nameId} className="card-title text-lg leading-snug">
          {product.title}
          {product.popular && (
            <span className="badge badge-sm badge-outline font-sans">{t('dashboard.popular', 'Popular')}</span>
          )}
        </h3>
        <p className="text-sm text-base-content/80">{product.details}</p>
        <ul
          className="flex flex-wrap gap-1.5"
          aria-label={t('dashboard.ingredients', '{{dish}} ingredients', { dish: product.title })}
        >
          {product.items.map((item) => (
            <li key={item} className="badge badge-sm border-base-300 bg-base-200 text-base-content">
              {item}
            </li>
          ))}
        </ul>
        <div className="card-actions mt-auto flex-wrap items-center justify-between gap-2 pt-2">
          <p className="text-sm">
            {t('dashboard.bookingPrice', 'Booking price')}{' '}
            <span className="font-semibold">{money(product.bookingPrice)}</span>
          </p>
          <Link to={PATHS.products} className="btn btn-primary btn-sm">
            {TEXT.addToCart}
            <span className="sr-only">: {product.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
