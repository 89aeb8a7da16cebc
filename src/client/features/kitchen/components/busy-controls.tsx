import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { pausedAt } from '@shared/domain/capacity.ts';
import { useState } from 'react';
import { nextRestaurantTime, restaurantTime } from '@client/lib/clock.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useUpdateRestaurant } from '@client/features/restaurant/api/restaurant.ts';

/**
 * The kitchen's busy controls (OPERATIONS.md "One kitchen, one capacity"): add minutes to every
 * promise when the kitchen is swamped, or pause online orders, optionally until a time of
 * today, after which they resume by themselves. Staff may change exactly these settings.
 */
export function BusyControls({ settings }: { settings: RestaurantSettings }) {
  const update = useUpdateRestaurant();
  const [until, setUntil] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const delay = settings.kitchen.extraDelayMinutes;
  const pause = pausedAt(settings, new Date().toISOString());

  async function change(kitchen: Partial<RestaurantSettings['kitchen']>) {
    setFailure(null);
    try {
      await update.mutateAsync({ kitchen });
    } catch (error) {
      setFailure(errorMessage(error, 'the busy controls'));
    }
  }

  /** "21:30" on the restaurant's clock, today (or tomorrow when already past), as an instant. */
  function untilInstant(): string | null {
    const at = nextRestaurantTime(until, settings.timeZone);
    return at === null ? null : new Date(at).toISOString();
  }

  return (
    <section aria-labelledby="busy-title" className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id="busy-title" className="text-lg font-bold">
        Busy controls
      </h2>
      <p role="status">
        {pause.paused ? (
          <strong className="text-error">Online orders paused{pause.until ? ` until ${restaurantTime(pause.until, settings.timeZone)}` : ''}</strong>
        ) : (
          <>Taking online orders</>
        )}
      </p>
      {/* The total, so +10, +10, +20 never add up silently (issue 41). */}
      <p aria-live="polite" className="text-lg">
        Extra time on every promise: <strong className="tabular-nums">{delay} min</strong>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn" disabled={update.isPending || delay + 10 > 240} onClick={() => void change({ extraDelayMinutes: delay + 10 })}>
          +10 min
        </button>
        <button type="button" className="btn" disabled={update.isPending || delay + 20 > 240} onClick={() => void change({ extraDelayMinutes: delay + 20 })}>
          +20 min
        </button>
        <button type="button" className="btn btn-outline" disabled={update.isPending || delay === 0} onClick={() => void change({ extraDelayMinutes: 0 })}>
          Reset to 0 min
        </button>
      </div>
      {pause.paused ? (
        <button type="button" className="btn btn-success self-start" disabled={update.isPending} onClick={() => void change({ acceptingOrders: true, pausedUntil: null })}>
          Resume online orders
        </button>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1">
            <span className="text-sm">Until (optional)</span>
            <input type="time" className="input input-sm" value={until} onChange={(e) => setUntil(e.target.value)} />
          </label>
          <button type="button" className="btn btn-warning" disabled={update.isPending} onClick={() => void change({ acceptingOrders: false, pausedUntil: untilInstant() })}>
            Pause online orders
          </button>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-error">
          {failure}
        </p>
      )}
    </section>
  );
}
