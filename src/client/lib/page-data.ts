import type { DehydratedState } from '@tanstack/react-query';
import { PAGE_DATA_ID } from '@shared/script-json.ts';
import { ApiError } from './api-client.ts';

/** How a refused read's ApiError travels: as its fields. */
export interface SentError {
  apiError: { message: string; status: number; serverMessage: string | undefined };
}

type DehydratedQuery = DehydratedState['queries'][number];

/** The dehydrated reads of a server-rendered page. */
export interface PageData {
  queries: (Omit<DehydratedQuery, 'state'> & {
    state: Omit<DehydratedQuery['state'], 'error'> & { error: Error | SentError | null };
  })[];
}

function isSentError(value: unknown): value is SentError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/**
 * The data of the page the server rendered into this document, ready for TanStack Query's
 * hydrate, or undefined when the server sent the plain shell (a private page, a build without
 * the renderer). The server keeps rendered pages only while the menu and settings they show
 * are unchanged, so the reads count as made now: the browser does not fetch them again.
 */
export function readPageData(document: Document): DehydratedState | undefined {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return undefined;
  const data = JSON.parse(element.textContent) as PageData;
  const now = Date.now();
  return {
    mutations: [],
    queries: data.queries.map((query) => {
      const error: unknown = query.state.error;
      const revived = isSentError(error)
        ? new ApiError(error.apiError.message, error.apiError.status, error.apiError.serverMessage)
        : error;
      return {
        ...query,
        dehydratedAt: now,
        state: {
          ...query.state,
          error: revived as Error | null,
          dataUpdatedAt: query.state.data === undefined ? 0 : now,
          errorUpdatedAt: revived ? now : 0,
        },
      };
    }),
  };
}
