import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/**
 * Every public page: skip link, header, the page, footer. Scroll goes to the top on a new page.
 * The page area is at least a screen tall, so the footer starts below the fold: otherwise it
 * shows under the loading spinner and jumps away when the page arrives (layout shift).
 */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="btn btn-primary btn-sm fixed top-2 left-2 z-50 -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
