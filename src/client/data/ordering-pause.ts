import { useEffect, useState } from 'react';
import { pausedAt } from '@shared/domain/kitchen-promise.ts';
import { useHydrated } from '@client/lib/hydration.ts';
import { useRestaurant, useRestaurantTime } from './restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * Whether online orders are paused now (issue 41, point 7), for the pages that come before the
 * checkout: the home page, the dish page and its Add to Cart say so up front instead of at
 * "Place order". The same rule as the server's (shared/domain/capacity.ts `pausedAt`), asked
 * again every 30 seconds so a pause that ends on its own clears by itself. In the browser
 * only (it hangs on this moment): a server page is everyone's, at any time.
 */
export interface OrderingPause {
  /** "We are not taking online orders right now", then when they resume, if the kitchen said. */
  headline: string;
  /** The restaurant's local time orders resume at ("19:30"), or null when no end was set. */
  resumesAt: string | null;
}

const RECHECK_MS = 30_000;

export function useOrderingPause(): OrderingPause | null {
  const hydrated = useHydrated();
  const restaurant = useRestaurant();
  const time = useRestaurantTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!hydrated || !restaurant.data) return null;
  const pause = pausedAt(restaurant.data, new Date(now).toISOString());
  if (!pause.paused) return null;
  const resumesAt = pause.until ? time(pause.until) : null;
  return { headline: resumesAt ? t('bag.pausedUntil', 'We are not taking online orders right now. Orders resume at {{time}}.', { time: resumesAt }) : t('bag.paused', 'We are not taking online orders right now.'), resumesAt };
}
