import { KEPT_READ_MAX_AGE_MS, isKeptRead, noteOutcome, requestSent } from './reachability.ts';

/**
 * The one way the client talks to the server: same-origin JSON over fetch. A response
 * that is not ok, or not JSON, throws (docs/reference/storefront.md §8 error texts), so React Query can show
 * an error with a Retry button instead of leaving a guest stuck on a spinner.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached or answered garbage. */
    readonly status: number,
    /** The server's own `message` from its `{ success: false, message }` answer, if any. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** How a request reaches the API: the browser's fetch, or the server renderer's own (entry-server.tsx). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/** The server renderer answers the pages' reads inside the server instead of over the network. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

function isJson(response: Response): boolean {
  return /^application\/(.+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  const sentAt = requestSent();
  try {
    response = await transport(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    noteOutcome(false, sentAt);
    // A staff screen's read answers from what the device kept of it (docs/decisions/044).
    if (isKeptRead(options.method ?? 'GET', path)) {
      const kept = await import('./offline-store.ts')
        .then((store) => store.readSnapshot(path, KEPT_READ_MAX_AGE_MS))
        .catch(() => undefined);
      if (kept !== undefined) return kept as T;
    }
    throw new ApiError('Network error: the server could not be reached.', 0);
  }
  if (typeof window !== 'undefined') noteOutcome(true, sentAt);
  if (!response.ok) {
    let serverMessage: string | undefined;
    if (isJson(response)) {
      const body: unknown = await response.json().catch(() => undefined);
      if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
        serverMessage = (body as { message: string }).message;
      }
    }
    throw new ApiError(`HTTP error! Status: ${response.status}`, response.status, serverMessage);
  }
  if (!isJson(response)) throw new ApiError('Invalid response format. Expected JSON.', response.status);
  const data = (await response.json()) as T;
  if (isKeptRead(options.method ?? 'GET', path))
    void import('./offline-store.ts').then((store) => store.saveSnapshot(path, data)).catch(() => {});
  return data;
}

/** Builds `/api/v1/...?a=b` with every value encoded. */
export function apiPath(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
