import { FavoriteOrdersTable } from '@client/features/favorites/components/favorite-orders-table.tsx';
import { OwnList } from '@client/components/records/own-list.tsx';
import { useAuth } from '@client/data/account-session.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/favorite-orders: the guest's favourites, to confirm as orders or delete (docs/reference/storefront.md §2). */
export function FavoriteOrdersRoute() {
  useDocumentTitle(t('head.favoriteOrders', 'Favorite Orders'));
  const { user } = useAuth();
  return (
    <OwnList title={t('head.favoriteOrders', 'Favorite Orders')} select={(record) => record.favorites}>
      {(favorites) => <FavoriteOrdersTable favorites={favorites} email={user?.email ?? ''} />}
    </OwnList>
  );
}
