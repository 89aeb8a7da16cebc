import type { Branch } from '@shared/contract/branches.ts';
import { t } from '@shared/i18n/i18n.ts';
import { PATHS } from '@shared/paths.ts';
import { Link } from 'react-router';
import { OpeningHoursTable } from '@client/components/ui/opening-hours-table.tsx';
import { PlaceContact } from '@client/components/ui/place-contact.tsx';
import { useWallClock } from '@client/lib/use-wall-clock.ts';
import { BranchOpening } from './branch-opening.tsx';

/**
 * A branch's page (docs/reference/branches.md "Guests"): its name, address with a map link,
 * phone, this week's hours with today marked, whether it is open, the menu and "Book a table here".
 */
export function BranchDetails({ branch }: { branch: Branch }) {
  const clock = useWallClock(branch.timeZone);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6">
      <nav aria-label={t('dish.breadcrumb', 'Breadcrumb')} className="breadcrumbs mb-4 text-sm">
        <ul>
          <li>
            <Link to={PATHS.branches}>{t('branches.title', 'Our branches')}</Link>
          </li>
          <li aria-current="page">{branch.name}</li>
        </ul>
      </nav>
      <h1 className="mb-8 text-3xl font-bold sm:text-4xl">{branch.name}</h1>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="flex flex-col gap-5 rounded-box bg-base-100 p-6 shadow-sm">
          <PlaceContact address={branch.address} phone={branch.phone} Heading="h2" />
          <div className="flex flex-wrap gap-3">
            <Link className="btn btn-primary" to={PATHS.reserve}>
              {t('branches.bookHere', 'Book a table here')}
            </Link>
            <Link className="btn btn-outline" to={PATHS.products}>
              {t('branches.seeMenu', 'See the menu')}
            </Link>
          </div>
        </div>
        <div className="rounded-box bg-base-100 p-6 shadow-sm">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-base-content/80">
              {t('about.openingHours', 'Opening hours')}
            </h2>
            <BranchOpening branch={branch} clock={clock} />
          </div>
          <OpeningHoursTable rules={branch} timeZone={branch.timeZone} clock={clock} />
        </div>
      </div>
    </div>
  );
}
