import { Link } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { TablesManager } from '@client/features/tables/components/tables-manager.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/tables (behind the admin guard): the dining room. */
export function TablesRoute() {
  useDocumentTitle(t('floor.tables', 'Tables'));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('floor.tables', 'Tables')}</h1>
        <Link to={PATHS.tableCodes} className="btn btn-outline btn-sm">
          {t('floor.printQrCodes', 'Print QR codes')}
        </Link>
      </header>
      <TablesManager />
    </div>
  );
}
