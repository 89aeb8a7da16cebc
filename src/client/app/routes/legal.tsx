import { SITE_NAME } from '@client/lib/site.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** The footer's terms and privacy links lead here: short, plain pages rather than dead links. */
function LegalPage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-6 text-4xl font-bold">{title}</h1>
      <div className="flex flex-col gap-4 leading-relaxed">
        {paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </article>
  );
}

export function TermsRoute() {
  return (
    <LegalPage
      title={t('legal.terms', 'Terms of use')}
      paragraphs={[
        t('legal.terms1', 'These terms apply when you order from or book a table at {{site}} through this website.', {
          site: SITE_NAME,
        }),
        t(
          'legal.terms2',
          'Prices are shown in US dollars and include the kitchen’s preparation. An order is accepted once we confirm it; we may cancel an order we cannot prepare and will tell you if we do.',
        ),
        t(
          'legal.terms3',
          'Please tell our staff about allergies before you order: our kitchen handles gluten, nuts, dairy, eggs and shellfish.',
        ),
      ]}
    />
  );
}

export function PrivacyRoute() {
  return (
    <LegalPage
      title={t('legal.privacy', 'Privacy policy')}
      paragraphs={[
        t(
          'legal.privacy1',
          '{{site}} keeps only what it needs to serve you: your name, e-mail address and photo if you give one, and your orders, favourites and reports.',
          { site: SITE_NAME },
        ),
        t(
          'legal.privacy2',
          'We use this information to prepare your orders and show them to you. We do not sell it and do not share it with advertisers.',
        ),
        t('legal.privacy3', 'You can ask us to delete your account and its data at any time.'),
      ]}
    />
  );
}
