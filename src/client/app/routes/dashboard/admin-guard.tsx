import { Outlet } from 'react-router';
import { RequireAdmin } from '@client/features/accounts/components/guards.tsx';

/** The admin pages: signed in and role admin, or back to /signIn (docs/reference/storefront.md §4 "Guards"). */
export function AdminGuardRoute() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
