import { t } from '@shared/i18n/i18n.ts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { HydrateLater } from '@client/components/ui/hydrate-later.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { TableVisitBanner } from './table-visit-banner.tsx';
import { GuestOfflineNotice } from '@client/components/ui/offline-notice.tsx';

/**
 * Every public page: skip link, header, the page, footer. Scroll goes to the top on a new page.
 * The page area is at least a screen tall, so the footer starts below the fold: otherwise it
 * shows under the loading spinner and jumps away when the page arrives (layout shift).
 */
export function RootLayout() {
  useScrollOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="btn btn-primary btn-sm fixed top-2 left-2 z-50 -translate-y-20 focus:translate-y-0">
        {t('layout.skipToContent', 'Skip to content')}
      </a>
      {/* A turn of its own right after the first pass, which takes the page's first screen. */}
      <HydrateLater>
        <Header />
      </HydrateLater>
      {/* Only during a visit at a table (its QR code), and only in the browser. */}
      <TableVisitBanner />
      {/* Offline (a page from the last visit, docs/decisions/044): nothing is ordered or queued. */}
      <GuestOfflineNotice />
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      {/* Below the first screen (the page area is a screen tall): it hydrates after the page. */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </div>
  );
}

/** How far down each visited history entry was, to go back there on Back and Forward. */
const scrollPositions = new Map<string, number>();

/**
 * A new page starts at the top; Back and Forward return to where the guest was on that entry;
 * an address with a #fragment (the skip link) is left to the browser, which scrolls to it.
 */
function useScrollOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (location.hash) return;
    if (navigationType === 'POP') {
      const saved = scrollPositions.get(location.key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  useEffect(() => {
    const remember = () => scrollPositions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
}
