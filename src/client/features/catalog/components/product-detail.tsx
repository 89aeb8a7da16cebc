import { t } from '@shared/i18n/i18n.ts';
import type { Product } from '@shared/contract/catalog.ts';
import type { ReactNode } from 'react';
import { QuantityStepper } from '@client/components/ui/quantity-stepper.tsx';
import { Rating } from '@client/components/ui/rating.tsx';
import { lineCents } from '@shared/domain/option-choice.ts';
import { toMajor } from '@shared/domain/money.ts';
import { FIRST_PICTURE } from '@client/lib/first-picture.ts';
import { DishFacts, SoldOutBadge } from './dish-facts.tsx';
import { useMoney } from '@client/data/restaurant.ts';

/**
 * A dish's own page body: big picture, price for the chosen quantity and options ((dish +
 * chosen values) × quantity), rating, name, ingredients, the options and the quantity stepper. `actions` is where
 * Add to Cart goes; it differs for guests and signed-in users, so the page decides.
 */
export function ProductDetail({
  product,
  quantity,
  onQuantityChange,
  choice = [],
  picker = null,
  actions,
}: {
  product: Product;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  /** The chosen option values: the price shown is (dish + values) × quantity. */
  choice?: readonly number[];
  /** The dish's option groups to choose from (OptionPicker), above the quantity. */
  picker?: ReactNode;
  actions: ReactNode;
}) {
  const money = useMoney();
  return (
    <article aria-labelledby="product-name" className="grid grid-cols-1 gap-8 md:grid-cols-[1.15fr_1fr]">
      <figure className="self-start overflow-hidden rounded-box bg-base-200 shadow-md">
        <img
          src={product.img}
          srcSet={product.imgSrcset || undefined}
          sizes={product.imgSrcset ? '(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw' : undefined}
          alt={product.name}
          width={640}
          height={480}
          {...FIRST_PICTURE}
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </figure>
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <span className="badge badge-outline badge-secondary">{product.category}</span>
          <Rating value={product.reatings} />
        </div>
        <h1 id="product-name" className="text-3xl leading-tight font-bold sm:text-4xl">
          {product.name}
        </h1>
        <SoldOutBadge product={product} className="badge-lg self-start" />
        <output aria-label={t('dish.price', 'Price')} className="text-4xl font-bold text-primary tabular-nums">
          {money(toMajor(lineCents(product.price, product.options, choice, quantity)))}
        </output>
        <DishFacts product={product} />
        <div>
          <h2 className="mb-2 font-semibold">{t('dish.ingredients', 'Ingredients')}</h2>
          <ul className="flex flex-wrap gap-2">
            {product.items.map((item) => (
              <li key={item} className="badge border-base-300 bg-base-200 text-base-content">
                {item}
              </li>
            ))}
          </ul>
        </div>
        {picker}
        <div className="flex flex-col gap-2">
          <span className="font-semibold" aria-hidden="true">
            {t('dish.quantity', 'Quantity')}
          </span>
          <QuantityStepper value={quantity} onChange={onQuantityChange} />
        </div>
        <div className="flex flex-wrap gap-3">{actions}</div>
      </div>
    </article>
  );
}

export function ProductDetailSkeleton() {
  return (
    <div role="status" className="grid grid-cols-1 gap-8 md:grid-cols-2">
      <span className="sr-only">{t('dish.loadingTheDish', 'Loading the dish')}</span>
      <div className="skeleton aspect-[4/3] w-full" aria-hidden="true" />
      <div className="flex flex-col gap-4" aria-hidden="true">
        <div className="skeleton h-6 w-32" />
        <div className="skeleton h-10 w-3/4" />
        <div className="skeleton h-10 w-32" />
        <div className="skeleton h-16 w-full" />
        <div className="skeleton h-12 w-40" />
      </div>
    </div>
  );
}
