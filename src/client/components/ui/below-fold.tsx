import type { ReactNode } from 'react';

/**
 * A part of a page below the first screen: laid out when scrolled near (the `below-fold`
 * utility of styles.css), so the first paint and the hydration do less on a slow phone.
 */
export function BelowFold({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`below-fold ${className}`.trim()}>{children}</div>;
}
