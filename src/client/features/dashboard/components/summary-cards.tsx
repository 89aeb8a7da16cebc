import { SUMMARY_CARDS } from '../overview-sample.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/** The three summary cards of docs/reference/storefront.md §2 (sample figures); one compact row each on a phone. */
export function SummaryCards() {
  const { number } = useNumbers();
  return (
    <section aria-label={t('dashboard.atAGlance', 'This week at a glance')}>
      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {SUMMARY_CARDS.map((card) => (
          <li
            key={card.label}
            className="card flex-row flex-wrap items-center justify-between gap-x-4 gap-y-1 border border-base-300 bg-base-100 px-4 py-3 shadow-sm sm:flex-col sm:items-start sm:justify-start sm:p-5"
          >
            <p className="text-sm font-medium text-base-content/80">{card.label}</p>
            <div className="flex items-baseline gap-3 sm:flex-col sm:gap-1">
              <p className="font-display text-2xl font-bold sm:mt-1 sm:text-3xl">{number(card.value)}</p>
              <p className={`text-sm font-medium ${card.trend === 'up' ? 'text-success' : 'text-error'}`}>
                <span aria-hidden="true">{card.trend === 'up' ? '▲' : '▼'} </span>
                {`${card.change > 0 ? '+' : ''}${number(card.change)}%`}
                <span className="hidden text-base-content/70 sm:inline">
                  {' '}
                  {t('dashboard.vsLastWeek', 'vs last week')}
                </span>
                <span className="sr-only sm:hidden"> {t('dashboard.vsLastWeek', 'vs last week')}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
