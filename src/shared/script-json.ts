/**
 * The id of the script element holding the data of a page the server rendered: the browser
 * hydrates from it (client/lib/page-data.ts), and the page's head waits for it to paint.
 */
export const PAGE_DATA_ID = 'page-data';

/**
 * JSON to place inside a <script> element (the page's data, JSON-LD): nothing in it can close
 * the element, open a comment or break a line in old parsers. `JSON.parse` reads it unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
