import { TEXT } from '@shared/texts.ts';
import type { ReactNode } from 'react';
import { QueryError } from './query-error.tsx';

/** 'loading....' (docs/reference/storefront.md §2), announced politely. */
export function ListLoading() {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-12 text-lg">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      {TEXT.loading}
    </p>
  );
}

/** The spec's text for a list with nothing in it. */
export function ListEmpty({ text }: { text: string }) {
  return (
    <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-12 text-center text-lg font-medium">
      {text}
    </p>
  );
}

/**
 * A list page's body, in the order a read goes through: loading, failed (with Retry, naming
 * `what` could not be loaded), empty (`emptyText`), or the list itself.
 */
export function ListStates<T>({
  pending,
  failed,
  error,
  what,
  onRetry,
  retrying,
  items,
  emptyText = TEXT.emptyList,
  children,
}: {
  pending: boolean;
  failed: boolean;
  /** Why it failed, when known (the query's error). */
  error?: unknown;
  what: string;
  onRetry: () => void;
  retrying: boolean;
  items: T[] | undefined;
  emptyText?: string;
  children: (items: T[]) => ReactNode;
}) {
  if (pending) return <ListLoading />;
  if (failed) return <QueryError what={what} error={error} onRetry={onRetry} retrying={retrying} />;
  if (!items || items.length === 0) return <ListEmpty text={emptyText} />;
  return children(items);
}
