import type { DayOfWeek, Menu, MenuItem, Offer, Organization, Restaurant, WithContext } from 'schema-dts';
import type { Branch } from '../../../shared/contract/branches.ts';
import type { Product } from '../../../shared/contract/catalog.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { PATHS, matchPage, pathTo } from '../../../shared/paths.ts';
import { t } from '../../../shared/i18n/i18n.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { addMinor, toMajor, toMinor } from '../../../shared/domain/money.ts';
import type { PageHead, PageInput } from './page-head.ts';

/* The pages' schema.org JSON-LD (page-head.ts puts it in the head): the restaurant and its menu, a dish's offers, the brand and its branches. */
export const SCHEMA_DAYS: DayOfWeek[] = [
  'https://schema.org/Sunday',
  'https://schema.org/Monday',
  'https://schema.org/Tuesday',
  'https://schema.org/Wednesday',
  'https://schema.org/Thursday',
  'https://schema.org/Friday',
  'https://schema.org/Saturday',
];
/** The menu's JSON-LD lists at most this many dishes (a huge menu would swell every page). */
export const MAX_MENU_ITEMS = 300;

/** The largest rendition of a dish picture (1024 px from its srcset), else its picture. */
export function largestPicture(dish: Product): string {
  const renditions = dish.imgSrcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url, width]) => ({ url: url ?? '', width: Number.parseInt(width ?? '0', 10) }))
    .filter((entry) => entry.url !== '')
    .sort((a, b) => b.width - a.width);
  return renditions[0]?.url ?? dish.img;
}

export const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
export const money = (amount: number) => amount.toFixed(2);

export function menuItem(input: PageInput, dish: Product): MenuItem & { '@type': 'MenuItem' } {
  return {
    '@type': 'MenuItem',
    name: dish.name,
    description: dish.description || dish.items.join(', '),
    url: `${input.publicUrl}/products/${dish._id}`,
    image: absolute(input.publicUrl, largestPicture(dish)),
    offers: offersOf(input, dish),
  };
}

export const inStock = (available: boolean) =>
  available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/**
 * A dish's offer; one per size where it has a size group (docs/reference/ordering.md "Dish options": a group
 * named Size choosing one value), each named by the size and priced dish + size, in minor units.
 */
export function offersOf(input: PageInput, dish: Product): Offer | Offer[] {
  const size = dish.options?.find((group) => group.name.toLowerCase() === 'size' && group.max === 1);
  if (!size)
    return {
      '@type': 'Offer',
      price: money(dish.price),
      priceCurrency: input.settings.currency,
      availability: inStock(dish.available),
    };
  return size.values.map((value) => ({
    '@type': 'Offer',
    name: value.name,
    price: money(toMajor(addMinor(toMinor(dish.price), toMinor(value.price)))),
    priceCurrency: input.settings.currency,
    availability: inStock(dish.available && value.available),
  }));
}

export function menu(input: PageInput, dishes: Product[]): Menu {
  const sections = new Map<string, Product[]>();
  for (const dish of dishes.slice(0, MAX_MENU_ITEMS))
    sections.set(dish.category, [...(sections.get(dish.category) ?? []), dish]);
  return {
    '@type': 'Menu',
    name: `${input.siteName} menu`,
    url: `${input.publicUrl}${PATHS.products}`,
    hasMenuSection: [...sections].map(([name, items]) => ({
      '@type': 'MenuSection',
      name,
      hasMenuItem: items.map((dish) => menuItem(input, dish)),
    })),
  };
}

/** Where a Restaurant is: the restaurant's settings, or one branch's (its page for its URL). */
export type Place = Pick<RestaurantSettings, 'name' | 'phone' | 'address' | 'openingHours'> & { url: string };

export function restaurant(input: PageInput, withMenu: boolean, place?: Place): WithContext<Restaurant> {
  return { '@context': 'https://schema.org', ...restaurantNode(input, withMenu, place) };
}

export function restaurantNode(
  input: PageInput,
  withMenu: boolean,
  place: Place = { ...input.settings, url: input.publicUrl },
): Exclude<Restaurant, string> {
  return {
    '@type': 'Restaurant',
    name: place.name,
    url: place.url,
    telephone: place.phone,
    address: { '@type': 'PostalAddress', streetAddress: place.address },
    acceptsReservations: true,
    servesCuisine: [...new Set((input.menu ?? []).map((dish) => dish.category))],
    openingHoursSpecification: place.openingHours.map((span) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: SCHEMA_DAYS[span.day] ?? 'https://schema.org/Sunday',
      opens: span.open,
      closes: span.close === '24:00' ? '23:59' : span.close,
    })),
    hasMenu: withMenu && input.menu ? menu(input, input.menu) : `${input.publicUrl}${PATHS.products}`,
  };
}

export const branchUrl = (input: PageInput, branch: Branch) =>
  `${input.publicUrl}${pathTo(PATHS.branch, { slug: branch.slug })}`;

/** A branch as a Restaurant of its own: its name, page, phone, address and hours. */
export function branchRestaurant(input: PageInput, branch: Branch): WithContext<Restaurant> {
  return restaurant(input, false, { ...branch, url: branchUrl(input, branch) });
}

/** The brand (docs/reference/branches.md "Guests"): an Organization with its branches as `subOrganization`. */
export function brand(input: PageInput, branches: Branch[]): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: input.settings.name,
    url: input.publicUrl,
    subOrganization: branches.map((branch) =>
      restaurantNode(input, false, { ...branch, url: branchUrl(input, branch) }),
    ),
  };
}

/** The head of /branches and of a branch's page (a 404 or 410 when it is not there). */
export function branchesHead(
  input: PageInput,
  base: Pick<PageHead, 'status' | 'canonical' | 'type'>,
  titled: (title: string) => string,
  language: Language,
): PageHead | undefined {
  const { settings } = input;
  if (matchPage(PATHS.branches, input.path)) {
    const names = (input.branches ?? []).map((branch) => branch.name).join(', ');
    return {
      ...base,
      title: titled(t('head.branches', 'Our branches', undefined, language)),
      description: t(
        'head.branchesDescription',
        'The branches of {{name}}: {{names}}. Addresses, opening hours and how to book a table.',
        { name: settings.name, names },
        language,
      ),
      jsonLd: input.branches && input.branches.length > 0 ? [brand(input, input.branches)] : [],
    };
  }
  if (!matchPage(PATHS.branch, input.path)) return undefined;
  const branch = input.branch;
  if (branch === undefined || branch === 'unknown' || branch === 'archived') {
    const status = branch === 'archived' ? 410 : 404;
    return {
      ...base,
      status,
      title: titled(t('head.branchNotFound', 'Branch not found', undefined, language)),
      description: t(
        'head.branchNotFoundDescription',
        'This branch of {{name}} is not open.',
        { name: settings.name },
        language,
      ),
      jsonLd: [],
    };
  }
  // Its canonical address names it by slug, whichever way it was asked for (/branches/1 too).
  return {
    ...base,
    canonical: branchUrl(input, branch),
    title: titled(branch.name),
    description: t(
      'head.branchDescription',
      '{{name}}: {{address}}, phone {{phone}}. Opening hours, the menu and how to book a table.',
      { name: branch.name, address: branch.address, phone: branch.phone },
      language,
    ),
    jsonLd: [branchRestaurant(input, branch)],
  };
}
