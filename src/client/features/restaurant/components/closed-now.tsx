import { openingState, openingText } from '@shared/domain/opening.ts';
import { useRestaurant } from '@client/data/restaurant.ts';
import { useWallClock } from '../use-wall-clock.ts';

/**
 * Says up front that the restaurant is closed now, and when it opens (issue 48, point 8): on
 * the home page, as the booking and checkout pages already know. Nothing while it is open, and
 * nothing in the server's HTML (it is everyone's, at any time): it fills in once the page runs.
 */
export function ClosedNowNotice({ className = '' }: { className?: string }) {
  const restaurant = useRestaurant();
  const clock = useWallClock(restaurant.data?.timeZone);
  if (!restaurant.data || !clock) return null;
  const state = openingState(restaurant.data, clock);
  if (state.open) return null;
  return (
    <p role="status" className={`alert alert-info ${className}`}>
      <span>
        <strong>{openingText(state)}.</strong> You can fill your bag and order for a time we are open, or book a table.
      </span>
    </p>
  );
}
