import { Component, type ReactNode, Suspense } from 'react';
import { waitForTurn } from '@client/lib/hydration.ts';

/**
 * Suspends while its turn has not come (lib/hydration.ts, hydrateInParts). A class, because
 * the instance, unlike hook state, outlives the suspension: Preact resumes this very instance.
 */
class Turn extends Component<{ children: ReactNode }> {
  private turn = waitForTurn();
  private ready = false;

  override render() {
    if (this.turn && !this.ready) {
      const turn = this.turn;
      throw turn.then(() => {
        this.ready = true;
      });
    }
    return this.props.children;
  }
}

/**
 * A part of a page the server rendered that hydrates after the rest, in a task of its own:
 * below the first screen, or one card of a long grid. Its child must be one element (Preact
 * keeps that element's HTML while the part waits). Anywhere else it renders its child at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}
