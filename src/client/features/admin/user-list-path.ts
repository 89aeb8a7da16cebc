import { TEXT } from '@shared/texts.ts';
import type { RecordList } from './api/delete-user-record.ts';

/** The three per-user dashboard lists, addressed by the user's e-mail (SPEC.md §2 route table). */
export type UserListRoute = 'AllOrders' | 'allFavorites' | 'allReports';

/** Each list: its record list, its route, its button label and what it holds, in the order they are offered. */
export const USER_LISTS: readonly { list: RecordList; route: UserListRoute; label: string; noun: string }[] = [
  { list: 'orders', route: 'AllOrders', label: TEXT.ordersButton, noun: 'orders' },
  { list: 'favorites', route: 'allFavorites', label: TEXT.favoritesButton, noun: 'favourites' },
  { list: 'reports', route: 'allReports', label: TEXT.reportsButton, noun: 'reports' },
];

/** `/dashboard/AllOrders/guest@example.com`: the e-mail as id, readable, anything unsafe encoded. */
export function userListPath(list: UserListRoute, email: string): string {
  return `/dashboard/${list}/${encodeURIComponent(email).replace(/%40/g, '@')}`;
}
