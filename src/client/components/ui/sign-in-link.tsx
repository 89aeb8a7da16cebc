import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '@shared/paths.ts';

/** A link to /signIn that remembers this page, so signing in brings the guest back here (docs/reference/storefront.md §4 "Guards"). */
export function SignInLink({ className, children }: { className: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link to={PATHS.signIn} state={{ from: location }} className={className}>
      {children}
    </Link>
  );
}
