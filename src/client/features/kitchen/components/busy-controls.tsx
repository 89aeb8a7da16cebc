import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { pausedAt } from '@shared/domain/kitchen-promise.ts';
import { useState } from 'react';
import { t } from '@shared/i18n/i18n.ts';
import { nextRestaurantTime } from '@client/lib/clock.ts';
import { useNumbers, useRestaurantTime } from '@client/data/restaurant.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useUpdateRestaurant } from '@client/features/restaurant/api/restaurant.ts';

/**
 * The kitchen's busy controls (docs/reference/operations.md "One kitchen, one capacity"): add minutes to every
 * promise when the kitchen is swamped, or pause online orders, optionally until a time of
 * today, after which they resume by themselves. Staff may change exactly these settings.
 */
export function BusyControls({ settings }: { settings: RestaurantSettings }) {
  const update = useUpdateRestaurant();
  const time = useRestaurantTime();
  const { digits } = useNumbers();
  const [until, setUntil] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const delay = settings.kitchen.extraDelayMinutes;
  const pause = pausedAt(settings, new Date().toISOString());

  async function change(kitchen: Partial<RestaurantSettings['kitchen']>) {
    setFailure(null);
    try {
      await update.mutateAsync({ kitchen });
    } catch (error) {
      setFailure(errorMessage(error, t('kitchen.theBusyControls', 'the busy controls')));
    }
  }

  /** "21:30" on the restaurant's clock, today (or tomorrow when already past), as an instant. */
  function untilInstant(): string | null {
    const at = nextRestaurantTime(until, settings.timeZone);
    return at === null ? null : new Date(at).toISOString();
  }

  return (
    <section
      aria-labelledby="busy-title"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="busy-title" className="text-lg font-bold">
        {t('kitchen.busyControls', 'Busy controls')}
      </h2>
      <p role="status">
        {pause.paused ? (
          <strong className="text-error">
            {pause.until
              ? t('kitchen.pausedUntil', 'Online orders paused until {{time}}', { time: time(pause.until) })
              : t('kitchen.paused', 'Online orders paused')}
          </strong>
        ) : (
          <>{t('kitchen.takingOrders', 'Taking online orders')}</>
        )}
      </p>
      {/* The total, so +10, +10, +20 never add up silently (issue 41). */}
      <p aria-live="polite" className="text-lg">
        {t('kitchen.extraTime', 'Extra time on every promise:')}{' '}
        <strong className="tabular-nums">{t('kitchen.minutes', '{{n}} min', { n: digits(delay) })}</strong>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn"
          disabled={update.isPending || delay + 10 > 240}
          onClick={() => void change({ extraDelayMinutes: delay + 10 })}
        >
          {t('kitchen.plusMinutes', '+{{n}} min', { n: digits(10) })}
        </button>
        <button
          type="button"
          className="btn"
          disabled={update.isPending || delay + 20 > 240}
          onClick={() => void change({ extraDelayMinutes: delay + 20 })}
        >
          {t('kitchen.plusMinutes', '+{{n}} min', { n: digits(20) })}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={update.isPending || delay === 0}
          onClick={() => void change({ extraDelayMinutes: 0 })}
        >
          {t('kitchen.resetMinutes', 'Reset to {{n}} min', { n: digits(0) })}
        </button>
      </div>
      {pause.paused ? (
        <button
          type="button"
          className="btn btn-success self-start"
          disabled={update.isPending}
          onClick={() => void change({ acceptingOrders: true, pausedUntil: null })}
        >
          {t('kitchen.resume', 'Resume online orders')}
        </button>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1">
            <span className="text-sm">{t('kitchen.untilOptional', 'Until (optional)')}</span>
            <input type="time" className="input input-sm" value={until} onChange={(e) => setUntil(e.target.value)} />
          </label>
          <button
            type="button"
            className="btn btn-warning"
            disabled={update.isPending}
            onClick={() => void change({ acceptingOrders: false, pausedUntil: untilInstant() })}
          >
            {t('kitchen.pause', 'Pause online orders')}
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
