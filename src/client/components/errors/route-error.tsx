import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen.tsx';

/** The text the router gives for what went wrong: its status text, or the error's message. */
export function describeRouteError(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return error.statusText || (typeof error.data === 'string' ? error.data : undefined) || `Status ${error.status}`;
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

/** The router's errorElement: unmatched routes and errors thrown while rendering a page. */
export function RouteError() {
  const error = useRouteError();
  return <ErrorScreen detail={describeRouteError(error)} />;
}

/** The same screen for an error in the layout itself, with the layout gone: a plain full page. */
export function RootRouteError() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <RouteError />
    </main>
  );
}
