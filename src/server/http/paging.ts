import { PAGE_LIMIT_MAX } from '../../shared/contract/common.ts';
import { badRequest } from './errors.ts';

/**
 * Keyset paging of long lists (decision 037): a page is read in the list's own order, after the
 * last row of the page before, whose sort key the cursor carries (base64url of its JSON). A row
 * written or removed meanwhile never shifts a page, as an offset would.
 */
export type CursorKey = (string | number)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key a cursor carries, checked against the shape the list's key has (`shape`: 'n' a safe integer, 's' a string); 400 otherwise. */
export function decodeCursor(cursor: string | undefined, shape: readonly ('n' | 's')[]): CursorKey | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((v, i) => (shape[i] === 'n' ? Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 100));
  if (!fits) throw badRequest('cursorNextCursorPageBefore');
  return key as CursorKey;
}

/** How many rows a page asked with `limit` holds. */
export const pageSize = (limit: number | undefined) => Math.min(limit ?? PAGE_LIMIT_MAX, PAGE_LIMIT_MAX);

/** A page from rows read with one more than its size: the rows of the page, and the cursor after its last row (null: there is no more). */
export function pageFrom<T>(
  rows: T[],
  size: number,
  keyOf: (row: T) => CursorKey,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= size) return { rows, nextCursor: null };
  const page = rows.slice(0, size);
  return { rows: page, nextCursor: encodeCursor(keyOf(page[page.length - 1] as T)) };
}
