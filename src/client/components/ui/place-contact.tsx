import { t } from '@shared/i18n/i18n.ts';
import { telHref } from '@client/lib/format.ts';

/**
 * A place's address with its map link, and its phone to call: the About page's "Visit us" and a
 * branch's page show them alike. `Heading` is the level the page's outline needs there.
 */
export function PlaceContact({ address, phone, Heading }: { address: string; phone: string; Heading: 'h2' | 'h3' }) {
  return (
    <>
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-base-content/80">
          {t('about.address', 'Address')}
        </Heading>
        <address className="mt-1 text-lg not-italic">{address}</address>
        <a
          className="link link-primary"
          href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`}
          target="_blank"
          rel="noreferrer"
        >
          {t('about.openInAMap', 'Open in a map')}
          <span className="sr-only"> {t('about.opensInANewTab', '(opens in a new tab)')}</span>
        </a>
      </div>
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-base-content/80">
          {t('about.phone', 'Phone')}
        </Heading>
        <a className="link link-primary text-lg" href={telHref(phone)}>
          {phone}
        </a>
      </div>
    </>
  );
}
