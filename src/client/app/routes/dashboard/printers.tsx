import { t } from '@shared/i18n/i18n.ts';
import { PrintersManager } from '@client/features/printers/components/printers-manager.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/** /dashboard/printers (behind the admin guard): the kitchen, bar and receipt printers that poll for their jobs. */
export function PrintersRoute() {
  useDocumentTitle(t('printers.title', 'Printers'));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('printers.title', 'Printers')}</h1>
      <PrintersManager />
    </div>
  );
}
