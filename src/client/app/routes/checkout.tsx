import { t } from '@shared/i18n/i18n.ts';
import { RequireAuth } from '@client/features/accounts/components/guards.tsx';
import { CheckoutForm } from '@client/features/tickets/components/checkout-form.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/** /checkout: place booking orders as one order for pick-up or delivery (signed in). */
export function CheckoutRoute() {
  useDocumentTitle(t('head.checkout', 'Checkout'));
  return (
    <RequireAuth>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pt-10 pb-16 sm:px-6">
        <h1 className="text-4xl font-bold">{t('checkout.checkout', 'Checkout')}</h1>
        <CheckoutForm />
      </div>
    </RequireAuth>
  );
}
