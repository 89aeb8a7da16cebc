import { PATHS, pathTo } from '@shared/paths.ts';
import { TEXT } from '@shared/texts.ts';
import type { RecordList } from './api/delete-user-record.ts';

/** The three per-user dashboard lists, addressed by the user's e-mail (SPEC.md §2 route table). */
export type UserListRoute = typeof PATHS.userOrders | typeof PATHS.userFavorites | typeof PATHS.userReports;

/** Each list: its record list, its route, its button label and what it holds, in the order they are offered. */
export const USER_LISTS: readonly { list: RecordList; route: UserListRoute; label: string; noun: string }[] = [
  { list: 'orders', route: PATHS.userOrders, label: TEXT.ordersButton, noun: 'orders' },
  { list: 'favorites', route: PATHS.userFavorites, label: TEXT.favoritesButton, noun: 'favourites' },
  { list: 'reports', route: PATHS.userReports, label: TEXT.reportsButton, noun: 'reports' },
];

/** `/dashboard/AllOrders/guest@example.com`: the e-mail as id, readable, anything unsafe encoded. */
export function userListPath(route: UserListRoute, email: string): string {
  return pathTo(route, { id: email }).replace(/%40/g, '@');
}
