/** The three per-user dashboard lists, addressed by the user's e-mail (SPEC.md §2 route table). */
export type UserListRoute = 'AllOrders' | 'allFavorites' | 'allReports';

/** `/dashboard/AllOrders/guest@example.com`: the e-mail as id, readable, anything unsafe encoded. */
export function userListPath(list: UserListRoute, email: string): string {
  return `/dashboard/${list}/${encodeURIComponent(email).replace(/%40/g, '@')}`;
}
