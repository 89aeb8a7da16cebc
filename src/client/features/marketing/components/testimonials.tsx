import { t } from '@shared/i18n/i18n.ts';
import { QuoteIcon } from '@client/components/ui/icons.tsx';

/** Three testimonials with placeholder names, roles and the same text, as specified (docs/reference/storefront.md §1). */
const PEOPLE = () => [
  {
    name: t('home.customerName', 'Customer Name'),
    role: t('home.regularGuest', 'Regular guest'),
    initials: t('home.customerInitials', 'CN'),
  },
  {
    name: t('home.guestName', 'Guest Name'),
    role: t('home.foodBlogger', 'Food blogger'),
    initials: t('home.guestInitials', 'GN'),
  },
  {
    name: t('home.visitorName', 'Visitor Name'),
    role: t('home.localBusinessOwner', 'Local business owner'),
    initials: t('home.visitorInitials', 'VN'),
  },
];
const QUOTE = () =>
  t(
    'home.testimonialQuote',
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam.',
  );

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="mb-10 text-center">
        <p className="font-semibold text-primary">{t('home.testimonials', 'Testimonials')}</p>
        <h2 id="testimonials-title" className="text-3xl font-bold sm:text-4xl">
          {t('home.whatOurGuestsSay', 'What our guests say')}
        </h2>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {PEOPLE().map((person) => (
          <li key={person.name}>
            <figure className="flex h-full flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
              <QuoteIcon size={28} className="text-primary" />
              <blockquote className="flex-1 leading-relaxed text-base-content/80">{QUOTE()}</blockquote>
              <figcaption className="flex items-center gap-3">
                <span
                  className="flex size-11 items-center justify-center rounded-full bg-secondary font-bold text-secondary-content"
                  aria-hidden="true"
                >
                  {person.initials}
                </span>
                <span>
                  <span className="block font-bold">{person.name}</span>
                  <span className="block text-sm text-base-content/80">{person.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
