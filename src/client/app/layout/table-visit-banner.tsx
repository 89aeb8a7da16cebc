import { t } from '@shared/i18n/i18n.ts';
import { Link } from 'react-router';
import { endTableVisit, tableTitle, useTableVisit, visitCheckoutPath } from '@client/data/table-visit.ts';

/** Under the header on every page of a visit: which table, the way to its checkout, and a way out. */
export function TableVisitBanner() {
  const visit = useTableVisit();
  if (!visit) return null;
  const title = tableTitle(visit.name);
  return (
    <aside aria-label={t('layout.yourTable', 'Your table')} className="border-b border-primary/30 bg-primary/10">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="font-semibold">{title}: you are ordering at this table.</p>
        <Link to={visitCheckoutPath(visit)} className="btn btn-primary btn-xs">
          Check out at {title}
        </Link>
        <button type="button" className="btn btn-ghost btn-xs" onClick={endTableVisit}>
          I am not at {title}
        </button>
      </div>
    </aside>
  );
}
