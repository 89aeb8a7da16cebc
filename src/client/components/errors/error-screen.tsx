import { TEXT } from '@shared/texts.ts';
import { Link } from 'react-router';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** The shared error screen (docs/reference/storefront.md §2): a big 404, the apology, what went wrong, and Back to home. */
export function ErrorScreen({ detail }: { detail?: string }) {
  useDocumentTitle(t('head.pageNotFound', 'Page not found'));
  return (
    <section
      aria-labelledby="error-title"
      className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <p className="font-display text-8xl font-bold text-primary sm:text-9xl" aria-hidden="true">
        {TEXT.notFoundCode}
      </p>
      <h1 id="error-title" className="text-2xl font-bold sm:text-3xl">
        <span className="sr-only">{TEXT.notFoundCode}: </span>
        {TEXT.notFound}
      </h1>
      {detail ? <p className="text-base-content/80">{detail}</p> : null}
      <Link to="/" className="btn btn-primary mt-4">
        {TEXT.backToHome}
      </Link>
    </section>
  );
}
