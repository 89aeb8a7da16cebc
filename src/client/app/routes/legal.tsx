import { SITE_NAME } from '@client/lib/site.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

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
      title="Terms of use"
      paragraphs={[
        `These terms apply when you order from or book a table at ${SITE_NAME} through this website.`,
        'Prices are shown in US dollars and include the kitchen’s preparation. An order is accepted once we confirm it; we may cancel an order we cannot prepare and will tell you if we do.',
        'Please tell our staff about allergies before you order: our kitchen handles gluten, nuts, dairy, eggs and shellfish.',
      ]}
    />
  );
}

export function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy policy"
      paragraphs={[
        `${SITE_NAME} keeps only what it needs to serve you: your name, e-mail address and photo if you give one, and your orders, favourites and reports.`,
        'We use this information to prepare your orders and show them to you. We do not sell it and do not share it with advertisers.',
        'You can ask us to delete your account and its data at any time.',
      ]}
    />
  );
}
