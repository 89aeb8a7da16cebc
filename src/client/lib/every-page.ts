import { authorizedRequest } from './access-token.ts';
import { apiPath } from './api-client.ts';

/**
 * Every row of a list that pages (`{ data, nextCursor }`, decision 037): its pages read one after
 * the other, each after the `nextCursor` of the one before, until `nextCursor` is null. `query`
 * holds the list's own filters.
 */
export async function everyPage<T>(
  path: string,
  query: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await authorizedRequest<{ data: T[]; nextCursor: string | null }>(
      apiPath(path, { ...query, cursor }),
      { signal },
    );
    rows.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return rows;
}
