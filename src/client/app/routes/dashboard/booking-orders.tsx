import { BookingOrdersTable } from '@client/features/orders/components/booking-orders-table.tsx';
import { OwnList } from '@client/components/records/own-list.tsx';
import { useAuth } from '@client/data/account-session.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/booking-orders: the guest's orders, to pay or delete (docs/reference/storefront.md §2). */
export function BookingOrdersRoute() {
  useDocumentTitle(t('head.bookingOrders', 'Booking Orders'));
  const { user } = useAuth();
  return (
    <OwnList title={t('head.bookingOrders', 'Booking Orders')} select={(record) => record.orders}>
      {(orders) => (
        <>
          {orders.some((o) => o.payment === null && !o.ticket) && (
            <Link to={PATHS.checkout} className="btn btn-primary self-start">
              {t('accounts.checkout', 'Checkout')}
            </Link>
          )}
          <BookingOrdersTable orders={orders} email={user?.email ?? ''} />
        </>
      )}
    </OwnList>
  );
}
