import { t } from '@shared/i18n/i18n.ts';
import { openingState, openingText } from '@shared/domain/opening.ts';
import { useState } from 'react';
import { useRestaurant } from '@client/data/restaurant.ts';
import { useWallClock } from '@client/lib/use-wall-clock.ts';

/**
 * Says up front that the restaurant is closed now, and when it opens (issue 48, point 8): on
 * the home page, as the booking and checkout pages already know. Nothing while it is open, and
 * nothing in the server's HTML (it is everyone's, at any time): it fills in once the page runs,
 * over the page's foot (fixed, so nothing already drawn moves), until the guest closes it.
 */
export function ClosedNowNotice() {
  const restaurant = useRestaurant();
  const clock = useWallClock(restaurant.data?.timeZone);
  const [dismissed, setDismissed] = useState(false);
  if (!restaurant.data || !clock || dismissed) return null;
  const state = openingState(restaurant.data, clock);
  if (state.open) return null;
  return (
    <div role="status" className="alert alert-info fixed inset-x-3 bottom-3 z-40 mx-auto max-w-2xl shadow-lg">
      <span>
        <strong>{openingText(state)}.</strong>{' '}
        {t('about.fillYourBag', 'You can fill your bag and order for a time we are open, or book a table.')}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => setDismissed(true)}>
        {t('about.close', 'Close')}
        <span className="sr-only"> {t('about.thisNotice', 'this notice')}</span>
      </button>
    </div>
  );
}
