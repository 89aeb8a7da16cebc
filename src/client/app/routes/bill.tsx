import { useParams } from 'react-router';
import { RequireAuth } from '@client/features/accounts/components/guards.tsx';
import { GuestBill } from '@client/features/bills/components/guest-bill.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /bills/:id: a guest's bill, opened from My Orders (signed in; the server shows it only to its guests and staff). */
export function BillRoute() {
  useDocumentTitle(t('head.bill', 'Your bill'));
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pt-10 pb-16 sm:px-6">
        <GuestBill id={id} />
      </div>
    </RequireAuth>
  );
}
