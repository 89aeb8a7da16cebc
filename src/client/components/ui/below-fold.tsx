import type { ReactNode } from 'react';
import { HydrateLater } from './hydrate-later.tsx';

/**
 * A part of a page below the first screen: laid out when scrolled near (the `below-fold`
 * utility of styles.css) and, on a page the server rendered, hydrated after the first screen
 * in a task of its own (HydrateLater), so the first paint and the hydration do less on a
 * slow phone.
 */
export function BelowFold({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <HydrateLater>
      <div className={`below-fold ${className}`.trim()}>{children}</div>
    </HydrateLater>
  );
}
