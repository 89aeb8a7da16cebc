import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorScreen } from './error-screen.tsx';

/** What went wrong, in a line: the error's message, or the text that was thrown. */
export function describeRouteError(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

/** The shared error screen for an error thrown while showing a page (or loading its code). */
export function RouteError({ error }: { error: unknown }) {
  return <ErrorScreen detail={describeRouteError(error)} />;
}

/** The same screen for an error in the layout itself, with the layout gone: a plain full page. */
export function RootRouteError({ error }: { error: unknown }) {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <RouteError error={error} />
    </main>
  );
}

/** An unmatched path: the shared screen with the router's words for it. */
export function NotFoundRoute() {
  return <ErrorScreen detail="Not Found" />;
}

interface BoundaryProps {
  children: ReactNode;
  /** What shows instead of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
  /** A new value (the next navigation) clears the error and tries the children again. */
  resetKey: string;
}

interface BoundaryState {
  caught: { error: unknown } | null;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.caught ? this.props.fallback(this.state.caught.error) : this.props.children;
  }
}

/**
 * Catches what a page (or the layout, with `fallback={RootRouteError}`) throws while it renders,
 * including a page whose code failed to load, and shows the error screen instead; moving to
 * another address tries again.
 */
export function RouteErrorBoundary({
  children,
  fallback = RouteError,
}: {
  children: ReactNode;
  fallback?: (props: { error: unknown }) => ReactNode;
}) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.key} fallback={(error) => fallback({ error })}>
      {children}
    </ErrorBoundary>
  );
}
