import { useParams } from 'react-router';
import { UserOrdersTable } from '@client/features/accounts/components/user-orders-table.tsx';
import { UserRecordView } from '@client/features/accounts/components/user-record-view.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/allFavorites/{email} (behind the admin guard): the orders' layout, reading the favourites. */
export function UserFavoritesRoute() {
  const email = useParams().id ?? '';
  useDocumentTitle(t('head.favoritesOf', 'Favorites of {{email}}', { email }));
  return (
    <UserRecordView email={email} list="favorites">
      {(record, { isAdmin }) => (
        <UserOrdersTable list="favorites" email={email} rows={record.favorites} canDelete={isAdmin} />
      )}
    </UserRecordView>
  );
}
