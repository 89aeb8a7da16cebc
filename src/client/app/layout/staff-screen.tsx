import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { t } from '@shared/i18n/i18n.ts';
import { OfflineStatus } from '@client/components/ui/offline-status.tsx';
import { RequireStaff } from '@client/features/accounts/components/guards.tsx';

/**
 * A whole screen for a staff tablet (the kitchen, the Floor, New order), for staff only: the
 * way back to the dashboard and across to the other screens, the offline line, then the screen.
 */
export function StaffScreen({ links, children }: { links: { to: string; label: string }[]; children: ReactNode }) {
  return (
    <RequireStaff>
      <main id="main" className="min-h-screen bg-base-200 p-3 sm:p-6">
        <nav aria-label={t('staffNav.back', 'Back')} className="mb-2 flex gap-4">
          <Link to={PATHS.dashboard} className="link text-sm">
            ← {t('staffNav.dashboard', 'Dashboard')}
          </Link>
          {links.map((link) => (
            <Link key={link.label} to={link.to} className="link text-sm">
              {link.label}
            </Link>
          ))}
        </nav>
        <OfflineStatus />
        {children}
      </main>
    </RequireStaff>
  );
}
