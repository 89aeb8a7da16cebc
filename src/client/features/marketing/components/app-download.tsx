import { t } from '@shared/i18n/i18n.ts';
/** The app-download banner; its two store buttons do nothing (docs/reference/storefront.md §1): there is no app yet. */
export function AppDownload() {
  return (
    <section aria-labelledby="app-title" className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6">
      <div className="flex flex-col items-center gap-6 rounded-box bg-gradient-to-r from-amber-100 to-orange-200 px-6 py-10 text-center md:flex-row md:justify-between md:text-left">
        <div>
          <h2 id="app-title" className="text-3xl font-bold">
            {t('home.getOurApp', 'Get our app')}
          </h2>
          <p className="mt-2 max-w-lg text-base-content/80">
            {t('home.orderYourFavouritesAndBook', 'Order your favourites and book a table from your phone.')}
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <StoreButton small={t('home.downloadOnThe', 'Download on the')} big="App Store" />
          <StoreButton small={t('home.getItOn', 'Get it on')} big="Google Play" />
        </div>
      </div>
    </section>
  );
}

function StoreButton({ small, big }: { small: string; big: string }) {
  return (
    <button type="button" className="btn btn-neutral h-auto flex-col items-start gap-0 px-5 py-2 normal-case">
      <span className="text-xs font-normal">{small}</span>
      <span className="text-lg leading-tight">{big}</span>
    </button>
  );
}
