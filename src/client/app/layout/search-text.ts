import { t } from '@shared/i18n/i18n.ts';
import { PATHS } from '@shared/paths.ts';

/** Where the header search sends the guest; the text travels in navigation state (docs/reference/storefront.md §2). */
export const SEARCH_PATH = PATHS.search;

/** What the search box says when submitted blank. */
export const searchHint = () => t('header.searchHint', 'Type a dish, an ingredient or a category to search');

/** The search text of the search page: navigation state (docs/reference/storefront.md §2), else the address's `q`. */
export function searchTextOf(location: { state: unknown; search: string }): string {
  const state =
    location.state && typeof location.state === 'object'
      ? (location.state as { searchText?: unknown }).searchText
      : undefined;
  const text = typeof state === 'string' ? state : (new URLSearchParams(location.search).get('q') ?? '');
  return text.trim().slice(0, 100);
}
