import { t } from '@shared/i18n/i18n.ts';
import { HOME_BANNER_PICTURE } from '@shared/page-pictures.ts';
import { TEXT } from '@shared/texts.ts';
import { Link } from 'react-router';
import { TruckIcon, UtensilsIcon, WalletIcon } from '@client/components/ui/icons.tsx';
import { FIRST_PICTURE } from '@client/lib/first-picture.ts';
import { PATHS } from '@shared/paths.ts';

/**
 * The home banner: a table-reservation headline and three ways to eat: Delivery and Pick Up open
 * the checkout with that choice made, In Restaurant books a table (/reservations/new).
 */
export function HomeBanner() {
  const buttons = [
    { label: TEXT.delivery, icon: <TruckIcon size={18} />, to: `${PATHS.checkout}?fulfilment=delivery` },
    { label: TEXT.pickUp, icon: <WalletIcon size={18} />, to: `${PATHS.checkout}?fulfilment=pickup` },
    { label: TEXT.inRestaurant, icon: <UtensilsIcon size={18} />, to: PATHS.reserve },
  ];
  return (
    <section
      aria-labelledby="banner-title"
      className="relative overflow-hidden bg-gradient-to-br from-orange-100 via-base-200 to-amber-100"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-2 lg:py-20">
        <div className="flex flex-col gap-5">
          <p className="w-fit rounded-full bg-base-100 px-3 py-1 text-sm font-semibold text-secondary shadow-sm">
            {t('home.freshFoodWarmTablesSince', 'Fresh food · Warm tables · Since 2009')}
          </p>
          <h1 id="banner-title" className="text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl">
            {t('home.reserveYourTableFor', 'Reserve your table for a')}{' '}
            <span className="text-primary">{t('home.dinnerWorthRemembering', 'dinner worth remembering')}</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-base-content/80">
            {t(
              'home.bookATableInMinutes',
              'Book a table in minutes, or enjoy our kitchen at home. Burgers off the grill, stone-baked pizza and tacos made to order.',
            )}
          </p>
          <div
            className="flex flex-wrap gap-3"
            aria-label={t('home.howWouldYouLikeTo', 'How would you like to eat?')}
            role="group"
          >
            {buttons.map((button, index) => (
              <Link
                key={button.label}
                to={button.to}
                className={`btn ${index === 0 ? 'btn-primary' : 'btn-outline btn-secondary'}`}
              >
                {button.icon}
                {button.label}
              </Link>
            ))}
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-lg">
          {/* A soft glow drawn by a gradient: a blur filter this size costs a phone tens of milliseconds of drawing before the first picture. */}
          <div
            className="absolute -inset-10 bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-primary)_22%,transparent),transparent)]"
            aria-hidden="true"
          />
          <img
            src={HOME_BANNER_PICTURE}
            alt={t('home.aStoneBakedMargheritaPizza', 'A stone-baked margherita pizza with tomato and mozzarella')}
            width={640}
            height={480}
            {...FIRST_PICTURE}
            className="relative aspect-[4/3] w-full rounded-[2rem] object-cover shadow-xl ring-8 ring-base-100"
          />
        </div>
      </div>
    </section>
  );
}
