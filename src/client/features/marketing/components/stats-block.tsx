import { t } from '@shared/i18n/i18n.ts';
import { TEXT } from '@shared/texts.ts';

/** The stats block: 235+ success events (docs/reference/storefront.md §1). */
export function StatsBlock() {
  return (
    <section aria-labelledby="stats-title" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h2 id="stats-title" className="sr-only">
        {t('home.ourRecord', 'Our record')}
      </h2>
      <div className="flex flex-col items-center gap-6 rounded-box bg-secondary px-6 py-10 text-secondary-content sm:flex-row sm:justify-around">
        <p className="flex flex-col items-center">
          <span className="font-display text-6xl font-bold">{TEXT.successEventsCount}</span>
          <span className="text-lg">{t('home.successEvents', 'success events')}</span>
        </p>
        <p className="max-w-md text-center text-lg leading-relaxed sm:text-left">
          {t(
            'home.weddingsBirthdaysAndOfficeDinners',
            'Weddings, birthdays and office dinners: we have catered them all, and we would love to host yours.',
          )}
        </p>
      </div>
    </section>
  );
}
