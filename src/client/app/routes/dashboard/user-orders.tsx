import { useParams } from 'react-router';
import { UserOrdersTable } from '@client/features/accounts/components/user-orders-table.tsx';
import { UserRecordView } from '@client/features/accounts/components/user-record-view.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * /dashboard/AllOrders/{email}: open to any signed-in user, as the spec's route table says.
 * The server lets only the owner or an administrator read; anyone else sees "not allowed".
 * Delete is offered to administrators only.
 */
export function UserOrdersRoute() {
  const email = useParams().id ?? '';
  useDocumentTitle(t('head.ordersOf', 'Orders of {{email}}', { email }));
  return (
    <UserRecordView email={email} list="orders">
      {(record, { isAdmin }) => (
        <UserOrdersTable list="orders" email={email} rows={record.orders} canDelete={isAdmin} />
      )}
    </UserRecordView>
  );
}
