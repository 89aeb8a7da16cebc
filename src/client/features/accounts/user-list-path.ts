import { PATHS, pathTo } from '@shared/paths.ts';
import { TEXT } from '@shared/texts.ts';
import type { RecordList } from './api/delete-user-record.ts';
import { t } from '@shared/i18n/i18n.ts';

/** The three per-user dashboard lists, addressed by the user's e-mail (docs/reference/storefront.md §2 route table). */
export type UserListRoute = typeof PATHS.userOrders | typeof PATHS.userFavorites | typeof PATHS.userReports;

/** Each list: its record list, its route, its button label and what it holds (in the page's language), in the order they are offered. */
export const USER_LISTS: readonly {
  list: RecordList;
  route: UserListRoute;
  label: string;
  noun: string;
  oneNoun: string;
}[] = [
  {
    list: 'orders',
    route: PATHS.userOrders,
    get label() {
      return TEXT.ordersButton;
    },
    get noun() {
      return t('accounts.noun.orders', 'orders');
    },
    get oneNoun() {
      return t('accounts.noun.order', 'order');
    },
  },
  {
    list: 'favorites',
    route: PATHS.userFavorites,
    get label() {
      return TEXT.favoritesButton;
    },
    get noun() {
      return t('accounts.noun.favourites', 'favourites');
    },
    get oneNoun() {
      return t('accounts.noun.favourite', 'favourite');
    },
  },
  {
    list: 'reports',
    route: PATHS.userReports,
    get label() {
      return TEXT.reportsButton;
    },
    get noun() {
      return t('accounts.noun.reports', 'reports');
    },
    get oneNoun() {
      return t('accounts.noun.report', 'report');
    },
  },
];

/** `/dashboard/AllOrders/guest@example.com`: the e-mail as id, readable, anything unsafe encoded. */
export function userListPath(route: UserListRoute, email: string): string {
  return pathTo(route, { id: email }).replace(/%40/g, '@');
}
