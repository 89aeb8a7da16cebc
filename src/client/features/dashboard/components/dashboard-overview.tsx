import { TEXT } from '@shared/texts.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@client/components/ui/icons.tsx';
import { ActivityShareChart } from './activity-share-chart.tsx';
import { CountryActivityChart } from './country-activity-chart.tsx';
import { FeaturedProducts } from './featured-products.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { useIsAdmin } from '@client/data/account-role.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The dashboard overview (docs/reference/storefront.md §2): header, summary cards, the two charts, three
 * featured dishes and the closing line, all sample data (overview-sample.ts) and labelled so.
 * Staff see today's real figures instead: the spec's made-up charts are the guest's overview,
 * never beside the owner's figures (issue 48, point 5), which the reports feature draws and the
 * route hands in.
 * This module pulls in Recharts; only the lazily loaded /dashboard route imports it.
 */
export function DashboardOverview({ todayFigures }: { todayFigures: ReactNode }) {
  const { isStaff } = useIsAdmin();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{TEXT.navDashboard}</h1>
          {!isStaff && (
            <p className="mt-1 text-sm text-base-content/80">
              {t('dashboard.sampleFigures', 'Sample figures for this week.')}
            </p>
          )}
        </div>
        <Link to="/" className="btn btn-outline btn-sm">
          <ArrowLeftIcon size={18} />
          {TEXT.backToHome}
        </Link>
      </header>
      {isStaff ? (
        todayFigures
      ) : (
        <>
          <SummaryCards />
          <div className="grid gap-6 lg:grid-cols-5">
            <div className="min-w-0 lg:col-span-3">
              <CountryActivityChart />
            </div>
            <div className="min-w-0 lg:col-span-2">
              <ActivityShareChart />
            </div>
          </div>
          <FeaturedProducts />
        </>
      )}
      <p className="py-6 text-center font-display text-2xl font-semibold text-primary">{TEXT.thanksDashboard}</p>
    </div>
  );
}
