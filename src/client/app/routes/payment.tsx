import { useParams } from 'react-router';
import { RequireAuth } from '@client/features/accounts/components/guards.tsx';
import { PaymentStatus } from '@client/features/payments/components/payment-status.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /payments/:id: where a payment provider sends the guest back (signed in). */
export function PaymentRoute() {
  useDocumentTitle(t('head.payment', 'Payment'));
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pt-10 pb-16 sm:px-6">
        <PaymentStatus id={id} />
      </div>
    </RequireAuth>
  );
}
