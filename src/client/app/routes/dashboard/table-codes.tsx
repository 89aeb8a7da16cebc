import { Link } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { TableQrSheet } from '@client/features/tables/components/table-qr-sheet.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/tables/qr-codes (behind the admin guard): the tables' QR codes, ready to print. */
export function TableCodesRoute() {
  useDocumentTitle(t('floor.tableQrCodes', 'Table QR codes'));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('floor.tableQrCodes', 'Table QR codes')}</h1>
        <div className="flex gap-2">
          <Link to={PATHS.tables} className="btn btn-ghost btn-sm">
            {t('floor.backToTables', 'Back to tables')}
          </Link>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
            {t('floor.print', 'Print')}
          </button>
        </div>
      </header>
      <TableQrSheet />
    </div>
  );
}
