import { t } from '@shared/i18n/i18n.ts';
import { Link } from 'react-router';
import { SITE_NAME } from '@client/lib/site.ts';
import { Logo } from './logo.tsx';
import { PATHS } from '@shared/paths.ts';
import { useNumbers } from '@client/data/restaurant.ts';

const QUICK_LINKS = () => [
  { to: '/', label: t('layout.home', 'Home') },
  { to: PATHS.products, label: t('layout.ourMenu', 'Our menu') },
  { to: PATHS.about, label: t('layout.aboutUs', 'About us') },
  { to: PATHS.signIn, label: t('layout.yourAccount', 'Your account') },
];

/** bKash and Nagad are names, the same in both languages. */
const PAYMENT_METHODS = () => [t('layout.cash', 'Cash'), t('layout.bankTransfer', 'Bank transfer'), 'bKash', 'Nagad'];

/** The site footer (docs/reference/storefront.md §2 "Layout"): quick links, terms and privacy, newsletter, payment methods, copyright. */
export function Footer() {
  const year = new Date().getFullYear();
  const { digits } = useNumbers();
  return (
    // Laid out when scrolled near (styles.css below-fold), at about its height on a phone and on a wide screen.
    <footer className="below-fold bg-neutral text-neutral-content [contain-intrinsic-size:auto_46rem] lg:[contain-intrinsic-size:auto_22rem]">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <div className="w-fit rounded-lg bg-base-100 px-3 py-2 text-base-content">
            <Logo />
          </div>
          <p className="max-w-xs text-sm leading-relaxed">
            {t(
              'layout.burgersSandwichesMexicanAndItalian',
              'Burgers, sandwiches, Mexican and Italian favourites, cooked fresh every day. Order for delivery, pick up, or book a table.',
            )}
          </p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 text-lg font-bold">
            {t('layout.quickLinks', 'Quick links')}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {QUICK_LINKS().map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="link link-hover">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 text-lg font-bold">{t('layout.newsletter', 'Newsletter')}</h2>
          <p className="text-sm leading-relaxed">
            {t(
              'layout.newsletterSoon',
              'New dishes, seasonal menus and table offers. Our newsletter starts soon; ask for it at your next visit.',
            )}
          </p>
        </div>

        <div>
          <h2 className="mb-3 text-lg font-bold">{t('layout.paymentMethods', 'Payment methods')}</h2>
          <ul className="flex flex-wrap gap-2 text-sm">
            {PAYMENT_METHODS().map((method) => (
              <li key={method} className="rounded-md border border-neutral-content/40 px-2 py-1">
                {method}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-neutral-content/20">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row sm:px-6">
          <p>
            {t('layout.copyright', 'Copyright © {{year}} {{name}}. All rights reserved.', {
              year: digits(year),
              name: SITE_NAME,
            })}
          </p>
          <nav aria-label={t('layout.legal', 'Legal')}>
            <ul className="flex gap-4">
              <li>
                <Link to={PATHS.terms} className="link link-hover">
                  {t('layout.termsOfUse', 'Terms of use')}
                </Link>
              </li>
              <li>
                <Link to={PATHS.privacy} className="link link-hover">
                  {t('layout.privacyPolicy', 'Privacy policy')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
