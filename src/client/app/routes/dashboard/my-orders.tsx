import { MyOrders } from '@client/features/tickets/components/my-orders.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/orders: "My Orders", the guest's placed orders (tickets). */
export function MyOrdersRoute() {
  useDocumentTitle(t('head.myOrders', 'My Orders'));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('head.myOrders', 'My Orders')}</h1>
      <MyOrders />
    </div>
  );
}
