import { SITE_NAME } from '../../../shared/constants.ts';
import { PAGE_DATA_ID } from '../../../shared/script-json.ts';
import { LANGUAGES, LANGUAGE_PARAM, type Language } from '../../../shared/i18n/languages.ts';
import { isPseudoLocale, t } from '../../../shared/i18n/i18n.ts';
import type { CachedJson } from '../../http/cached-json.ts';
import { type PageHead, escapeHtml } from './page-head.ts';
import type { RenderedBody } from './page-renderer.ts';
import { START_SCRIPT } from './start-script.ts';
import { BENGALI_FONT_STYLE } from './bengali-font.ts';

/* The app's HTML shell made into a page: its language, its head and body, the scripts started after the first paint (pages.service.ts keeps the pages). */
/**
 * The query parameters the public pages read (search, menu filters, the booking form); the
 * others (utm_source and the like) change nothing, so they neither make a page again nor
 * fill the store with copies.
 */
export const PAGE_PARAMS = ['q', 'category', 'diet', 'date', 'guests', 'time'];

export function pageSearch(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) for (const value of given.getAll(name)) kept.append(name, value);
  return kept.toString();
}

/** A public page as it goes out: the whole HTML document, with its ETag and compressed copies (sendCachedJson). */
export interface PublicPage {
  status: PageHead['status'];
  document: CachedJson;
  /** Whether the body was rendered with its data (else the browser renders it and reads the data itself). */
  rendered: boolean;
}

/** Where a kept page is: its path, query (without "?"), language and the branch it was made at ("": none chosen). */
export interface PageAddress {
  path: string;
  search: string;
  language: Language;
  branch: string;
}

/** A kept page's key: one per path, query, language and branch. */
export const pageKey = ({ language, branch, path, search }: PageAddress) => `${language} ${branch} ${path}?${search}`;

export interface Kept extends PublicPage {
  address: PageAddress;
  version: string;
  expires: number;
}

/** The shell index.html split where a page's head and body go. */
export interface Shell {
  beforeHeadEnd: string;
  beforeRoot: string;
  afterRoot: string;
}

export const ROOT = '<div id="root"></div>';

/** The build's index.html without the tags a page replaces (its generic title and description). */
export function splitShell(html: string): Shell {
  const page = html.replace(/<title>[^<]*<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');
  // Before </head>; a shell without a head element (a bare test page) takes the tags before its content.
  const headEnd = page.indexOf('</head>');
  const at = headEnd >= 0 ? headEnd : Math.max(0, page.search(/<(body|div)\b/i));
  const root = page.indexOf(ROOT, at);
  const rootAt = root >= 0 ? root + ROOT.length - '</div>'.length : page.length;
  return { beforeHeadEnd: page.slice(0, at), beforeRoot: page.slice(at, rootAt), afterRoot: page.slice(rootAt) };
}

/** Holds the first paint until the page's data, right after the root, has been parsed (see assemble). */
export const RENDER_WHOLE = `<link rel="expect" href="#${PAGE_DATA_ID}" blocking="render" />`;

export const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
export const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A rendered page shows before its code runs, so its code waits until it has painted: the
 * entry script and its module preloads leave the head, and the page starter (start-script.ts),
 * inline at the end of the body, loads them after the first paint, with the page's own
 * chunks (`pageScripts`: the build splits each group of public pages into a file of its own)
 * alongside the entry rather than after it has run. On a slow line the stylesheet and the
 * first picture no longer share it with the code, and the page is there sooner.
 */
export function startAfterPaint(head: string, pageScripts: string[]): { head: string; start: string } {
  const entry = ENTRY.exec(head)?.[1];
  if (!entry) return { head, start: '' };
  const preload = [
    ...new Set([...[...head.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string), ...pageScripts]),
  ];
  const start = `<script data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload.join(' '))}">${START_SCRIPT}</script>`;
  return { head: head.replace(ENTRY, '').replace(MODULE_PRELOAD, ''), start };
}

/** A page's address in a language (its `hreflang` alternate): `?lang=bn` added to its query. */
export function inLanguage(url: string, language: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

/**
 * The page's language in `<html lang>` and its other-language addresses as `hreflang`
 * alternates (decision 045): each language at `?lang=…`, the plain address as x-default (it
 * speaks the restaurant's default, which is also the canonical address of a page in it).
 */
export function languageHead(
  head: PageHead,
  language: Language,
  restaurantDefault: Language,
): { canonical: string; links: string } {
  const links = [
    ...LANGUAGES.map(
      (other) => `<link rel="alternate" hreflang="${other}" href="${escapeHtml(inLanguage(head.canonical, other))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.canonical)}" />`,
  ].join('\n    ');
  return { canonical: language === restaurantDefault ? head.canonical : inLanguage(head.canonical, language), links };
}

/**
 * The document in `language`: its `<html lang>` (and, in the pseudo-locale of the browser tests,
 * `data-pseudo`); a page in Bangla carries the Bengali font's faces (bengali-font.ts).
 */
export function withHtmlLanguage(html: string, language: Language): string {
  const tagged = html.replace(
    /<html\b([^>]*?)\s*lang="[^"]*"/i,
    `<html$1 lang="${language}"${isPseudoLocale() ? ' data-pseudo="1"' : ''}`,
  );
  return language === 'bn' ? tagged.replace('</head>', `  ${BENGALI_FONT_STYLE}\n  </head>`) : tagged;
}

/**
 * The shell (index.html, the page of every screen the server does not render: the dashboard, the
 * kitchen, the checkout) in `language`: its `<html lang>`, and its description and no-script line
 * in that language, as the catalogs have them; the title is the site's name, and the screen sets
 * its own (useDocumentTitle).
 */
export function shellInLanguage(html: string, language: Language): string {
  const description = t(
    'head.shellDescription',
    '{{site}}: browse our menu of burgers, sandwiches, Mexican and Italian dishes, order online or reserve a table.',
    { site: SITE_NAME },
    language,
  );
  const noScript = t(
    'head.noScript',
    'The menu reads without JavaScript; ordering, booking and your account need it.',
    undefined,
    language,
  );
  return withHtmlLanguage(html, language)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(description)}$2`)
    .replace(/(<noscript><p[^>]*>)[^<]*(<\/p><\/noscript>)/, `$1${escapeHtml(noScript)}$2`);
}

export function assemble(shell: Shell, head: string, body: RenderedBody | undefined, pageScripts: string[]): string {
  if (!body) return `${shell.beforeHeadEnd}    ${head}\n  ${shell.beforeRoot}${shell.afterRoot}`;
  const code = startAfterPaint(shell.beforeHeadEnd, pageScripts);
  // The data right after the root, before the app's script, so it is there when hydration starts.
  const afterRoot = shell.afterRoot.replace('</div>', `</div>\n    ${body.dataScript}\n    ${code.start}`);
  // The browser paints no half of the page: it would paint what it has parsed so far when the
  // parser yields (a slow phone does), then move it as the rest arrives (a header row without
  // its last badge, a button without its text). It waits for the data after the root's end.
  return `${code.head}    ${head}\n    ${RENDER_WHOLE}\n  ${shell.beforeRoot}${body.html}${afterRoot}`;
}
