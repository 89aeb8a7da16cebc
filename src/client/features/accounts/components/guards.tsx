import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useIsAdmin } from '@client/data/account-role.ts';
import { useAuth } from '@client/data/account-session.tsx';
import { PATHS } from '@shared/paths.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The guards of docs/reference/storefront.md §4: a spinner while loading; with no signed-in user (having an
 * e-mail) a redirect to /signIn that remembers where the guest was going, replacing history.
 * The server enforces the same rules on every call; these only mirror them.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading')
    return <Spinner className="min-h-[60vh]" label={t('account.checkingSignIn', 'Checking your sign-in')} />;
  if (!user?.email) return <Navigate to={PATHS.signIn} state={{ from: location }} replace />;
  return children;
}

/** Staff pages (the menu's switches, later the kitchen): staff or administrators, or back to /signIn. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const { isStaff, isPending } = useIsAdmin();
  const location = useLocation();
  if (status === 'loading' || isPending)
    return <Spinner className="min-h-[60vh]" label={t('account.checkingAccess', 'Checking your access')} />;
  if (!user?.email || !isStaff) return <Navigate to={PATHS.signIn} state={{ from: location }} replace />;
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const { isAdmin, isPending } = useIsAdmin();
  const location = useLocation();
  if (status === 'loading' || isPending)
    return <Spinner className="min-h-[60vh]" label={t('account.checkingAccess', 'Checking your access')} />;
  if (!user?.email || !isAdmin) return <Navigate to={PATHS.signIn} state={{ from: location }} replace />;
  return children;
}
