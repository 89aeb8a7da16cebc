import type { MenuItem, Organization, Restaurant, WithContext } from 'schema-dts';
import type { Branch } from '../../../shared/contract/branches.ts';
import type { Product } from '../../../shared/contract/catalog.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { PATHS, matchPage } from '../../../shared/paths.ts';
import { scriptJson } from '../../../shared/script-json.ts';
import { t } from '../../../shared/i18n/i18n.ts';
import { localDigits } from '../../../shared/i18n/format.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { largestPicture, absolute, money, menuItem, restaurant, brand, branchesHead } from './page-jsonld.ts';

/**
 * What a public page says about itself before any script runs (issue 16): the title the client
 * then keeps, a description, the canonical URL (from PUBLIC_URL), Open Graph and Twitter card
 * tags for link previews, and schema.org JSON-LD for search engines (the Restaurant with its
 * address, phone, opening hours and menu; a dish as a MenuItem with its offer), typed with
 * schema.org's own vocabulary (schema-dts), so a property or type schema.org does not have, or
 * a value of the wrong kind, fails the type check. Pure: the caller reads the menu and the
 * settings.
 */

export interface PageHead {
  /** 404 for a dish that is not (or no longer) on the menu and an unknown branch; 410 for an archived branch; 200 otherwise. */
  status: 200 | 404 | 410;
  title: string;
  description: string;
  canonical: string;
  type: 'website' | 'product';
  image?: string;
  price?: { amount: string; currency: string };
  jsonLd: WithContext<Restaurant | MenuItem | Organization>[];
}

export interface PageInput {
  /** The path asked for, without the query. */
  path: string;
  /** The query string's `q` (the search page). */
  query: string | undefined;
  publicUrl: string;
  siteName: string;
  settings: RestaurantSettings;
  /** The dish of a dish page, when it is on the menu. */
  dish?: Product;
  /** The whole menu, for the pages that list it. */
  menu?: Product[];
  /** The page's language (decision 045): its title and description are written in it; English by default. */
  language?: Language;
  /** The brand's open branches (decision 062): the home's Organization and the branches' list. */
  branches?: Branch[];
  /** A branch page's branch, or why there is none. */
  branch?: Branch | 'unknown' | 'archived';
}

export function pageHead(input: PageInput): PageHead {
  const { publicUrl, siteName, settings } = input;
  // The head's texts in the page's language (the catalogs' head.* keys, shared with the browser's titles).
  const language = input.language ?? 'en';
  const digits = (text: string) => localDigits(text, language, settings.latinDigits);
  const titled = (title: string) => `${title} | ${siteName}`;
  const base = {
    status: 200 as const,
    canonical: `${publicUrl}${input.path === '/' ? '/' : input.path}`,
    type: 'website' as const,
  };
  const summary = t(
    'head.summary',
    '{{name}}, {{address}}: order online for pick-up or delivery, or book a table.',
    { name: settings.name, address: settings.address },
    language,
  );

  if (matchPage(PATHS.home, input.path)) {
    // The brand with its branches beside the Restaurant (decision 062); none when no branch is open.
    const branches = input.branches && input.branches.length > 0 ? [brand(input, input.branches)] : [];
    return {
      ...base,
      canonical: `${publicUrl}/`,
      title: titled(t('head.home', 'Order food and book a table', undefined, language)),
      description: summary,
      jsonLd: [restaurant(input, true), ...branches],
    };
  }
  const branchPage = branchesHead(input, base, titled, language);
  if (branchPage) return branchPage;
  if (matchPage(PATHS.products, input.path)) {
    const count = input.menu?.length ?? 0;
    return {
      ...base,
      title: titled(t('head.products', 'Our menu', undefined, language)),
      description: `${t('head.productsDescription', '{{n}} dishes at {{name}}, cooked fresh every day.', { n: digits(String(count)), name: settings.name }, language)} ${summary}`,
      jsonLd: [restaurant(input, true)],
    };
  }
  if (matchPage(PATHS.about, input.path)) {
    return {
      ...base,
      title: titled(t('head.about', 'About us', undefined, language)),
      description: t(
        'head.aboutDescription',
        '{{name}}: {{address}}, phone {{phone}}. Opening hours, how to book a table and how we deliver.',
        { name: settings.name, address: settings.address, phone: settings.phone },
        language,
      ),
      jsonLd: [restaurant(input, false)],
    };
  }
  if (matchPage(PATHS.reserve, input.path)) {
    return {
      ...base,
      title: titled(t('head.reserve', 'Book a table', undefined, language)),
      description: t(
        'head.reserveDescription',
        'Book a table at {{name}} for up to {{n}} guests.',
        { name: settings.name, n: digits(String(settings.reservations.maxPartySize)) },
        language,
      ),
      jsonLd: [restaurant(input, false)],
    };
  }
  if (matchPage(PATHS.signIn, input.path)) {
    return {
      ...base,
      title: titled(t('head.signIn', 'Sign in', undefined, language)),
      description: t(
        'head.signInDescription',
        'Sign in to {{name}} to order, keep favourites and book a table.',
        { name: settings.name },
        language,
      ),
      jsonLd: [],
    };
  }
  if (matchPage(PATHS.signUp, input.path)) {
    return {
      ...base,
      title: titled(t('head.createAccount', 'Create an account', undefined, language)),
      description: t(
        'head.signUpDescription',
        'Create an account at {{name}} to order, keep favourites and book a table.',
        { name: settings.name },
        language,
      ),
      jsonLd: [],
    };
  }
  if (matchPage(PATHS.search, input.path)) {
    const text = input.query?.trim().slice(0, 100) ?? '';
    return {
      ...base,
      canonical: `${publicUrl}${PATHS.search}${text ? `?q=${encodeURIComponent(text)}` : ''}`,
      title: titled(
        text
          ? t('head.searchFor', 'Search: {{text}}', { text }, language)
          : t('head.search', 'Search', undefined, language),
      ),
      description: text
        ? t(
            'head.searchForDescription',
            'Dishes matching “{{text}}” at {{name}}.',
            { text, name: settings.name },
            language,
          )
        : t('head.searchDescription', 'Search the menu of {{name}}.', { name: settings.name }, language),
      jsonLd: [],
    };
  }
  if (matchPage(PATHS.product, input.path)) {
    const dish = input.dish;
    if (!dish)
      return {
        ...base,
        status: 404,
        title: titled(t('head.dishNotFound', 'Dish not found', undefined, language)),
        description: t(
          'head.dishNotFoundDescription',
          'This dish is not on the menu of {{name}}.',
          { name: settings.name },
          language,
        ),
        jsonLd: [],
      };
    return {
      ...base,
      type: 'product',
      title: titled(dish.name),
      description:
        `${dish.description || dish.items.join(', ')} ${digits(money(dish.price))} ${settings.currency}${dish.available ? '' : ` ${t('head.soldOutForNow', '(sold out for now)', undefined, language)}`}.`.trim(),
      image: absolute(publicUrl, largestPicture(dish)),
      price: { amount: money(dish.price), currency: settings.currency },
      jsonLd: [{ '@context': 'https://schema.org', ...menuItem(input, dish) } satisfies WithContext<MenuItem>],
    };
  }
  return { ...base, title: siteName, description: summary, jsonLd: [] };
}

/** Text safe in HTML content and in double-quoted attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head's tags for a page, as HTML. */
export function renderHead(head: PageHead, siteName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...(head.image ? [meta('property', 'og:image', head.image), meta('property', 'og:image:width', '1024')] : []),
    ...(head.price
      ? [
          meta('property', 'product:price:amount', head.price.amount),
          meta('property', 'product:price:currency', head.price.currency),
        ]
      : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('\n    ');
}
