import { type ComponentType, type ReactNode, lazy } from 'react';

export interface LazyPage {
  (): ReactNode;
  /** Starts loading the page's code; undefined when it is already here. */
  preload(): Promise<void> | undefined;
}

/** A page whose code loads on first use: `page(() => import('./x.tsx'), (m) => m.XRoute)`. */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    if (Loaded) return undefined;
    loading ??= load().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        loading = undefined; // the next visit tries again
        throw error;
      },
    );
    return loading;
  };
  // Until the code is here the page suspends (the spinner of <Pages>); after, it renders at once.
  const Suspending = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  const Page = () => (Loaded ? <Loaded /> : <Suspending />);
  return Object.assign(Page, { preload });
}
