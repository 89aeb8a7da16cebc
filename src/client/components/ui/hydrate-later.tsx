import { type ReactNode, Suspense, useId } from 'react';
import { usePartDone, usePartWaiting } from '@client/lib/hydration.ts';

function PartDone({ id }: { id: string }) {
  usePartDone(id);
  return null;
}

/**
 * A part of a page the server rendered that React may hydrate after the rest: below the first
 * screen, or one card of a long grid. It is a Suspense boundary, which React's hydration leaves
 * as the server's HTML during the first pass and hydrates later, in slices, or at once when
 * the guest taps or types inside it (selective hydration, the event replayed). Anywhere else
 * (the server's render, a page the browser draws) it renders its child at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const id = useId();
  usePartWaiting(id);
  return (
    <Suspense fallback={null}>
      {children}
      <PartDone id={id} />
    </Suspense>
  );
}
