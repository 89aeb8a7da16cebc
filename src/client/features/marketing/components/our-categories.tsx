import { t } from '@shared/i18n/i18n.ts';
import { STATIC_CATEGORY_COUNTS } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths.ts';

/** Pictures from the demo menu (drawn by the server on first start) for each static category. */
const CATEGORY_PICTURES: Record<string, string> = {
  'Delish Burger': '/images/dishes/demo-double-stack-burger-640.webp',
  Sandwiches: '/images/dishes/demo-club-sandwich-640.webp',
  'Mexcan Cuisine': '/images/dishes/demo-beef-tacos-640.webp',
  'Italian Cuisine': '/images/dishes/demo-spaghetti-bolognese-640.webp',
};

/** The static Our Categories block (docs/reference/storefront.md §2 "Home"): four names with fixed counts, See more, two promo pictures. */
export function OurCategories() {
  return (
    <section aria-labelledby="our-categories-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-semibold text-primary">{t('home.whatWeCook', 'What we cook')}</p>
          <h2 id="our-categories-title" className="text-3xl font-bold sm:text-4xl">
            {TEXT.ourCategories}
          </h2>
        </div>
        <Link to={PATHS.products} className="btn btn-outline btn-primary">
          {TEXT.seeMore}
          <span className="sr-only"> {t('home.ofOurMenu', 'of our menu')}</span>
        </Link>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
        <ul className="grid grid-cols-2 gap-4">
          {STATIC_CATEGORY_COUNTS.map(({ name, count }) => (
            <li
              key={name}
              className="relative flex flex-col items-center justify-center gap-3 rounded-box border border-base-300 bg-base-100 p-4 text-center shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md sm:p-6"
            >
              <img
                src={CATEGORY_PICTURES[name]}
                alt=""
                width={112}
                height={112}
                loading="lazy"
                decoding="async"
                className="size-20 rounded-full object-cover ring-4 ring-base-200 sm:size-28"
              />
              <div>
                <h3 className="text-lg font-bold leading-tight sm:text-xl">
                  {/* The whole card is the link (its ::after covers it); the name is what it reads. */}
                  <Link
                    to={`${PATHS.products}?${new URLSearchParams({ category: name }).toString()}`}
                    className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                  >
                    {name}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-base-content/80">
                  <span className="font-semibold text-primary">{count}</span> {t('home.items', 'items')}
                </p>
              </div>
            </li>
          ))}
        </ul>

        <div className="grid grid-cols-2 gap-4">
          <Promo
            src="/images/dishes/demo-classic-cheeseburger-640.webp"
            alt={t('home.aClassicCheeseburgerWithCheddar', 'A classic cheeseburger with cheddar and pickles')}
            title={t('home.straightOffTheGrill', 'Straight off the grill')}
            text={t('home.juicyBurgers', 'Juicy burgers on brioche buns')}
          />
          <Promo
            src="/images/dishes/demo-margherita-pizza-640.webp"
            alt={t('home.aMargheritaPizzaFreshFrom', 'A margherita pizza fresh from the oven')}
            title={t('home.stoneBakedDaily', 'Stone-baked daily')}
            text={t('home.pizzaFromOven', 'Pizza from our wood oven')}
          />
        </div>
      </div>
    </section>
  );
}

function Promo({ src, alt, title, text }: { src: string; alt: string; title: string; text: string }) {
  return (
    <figure className="relative overflow-hidden rounded-box shadow-md">
      <img
        src={src}
        alt={alt}
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        className="aspect-[3/4] h-full w-full object-cover lg:aspect-auto"
      />
      <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/60 to-transparent p-4 pt-10 text-white">
        <span className="block font-display text-lg font-bold leading-tight">{title}</span>
        <span className="block text-sm">{text}</span>
      </figcaption>
    </figure>
  );
}
