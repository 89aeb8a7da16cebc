import { useOrderingPause } from '@client/data/ordering-pause.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * Says up front that online orders are paused (issue 41, point 7): on the home page and the
 * dish page, before a guest fills a bag. Nothing while orders are taken.
 */
export function OrderingPausedNotice({ className = '' }: { className?: string }) {
  const pause = useOrderingPause();
  if (!pause) return null;
  return (
    <p role="status" className={`alert alert-warning ${className}`}>
      <span>
        {pause.headline}
        {pause.resumesAt
          ? ` ${t('bag.fillNowChooseLater', 'You can fill your bag now and choose a time from then at checkout.')}`
          : ` ${t('bag.stillFillBag', 'You can still fill your bag and book a table.')}`}
      </span>
    </p>
  );
}

/** Beside Add to Cart while paused: what adding means now. */
export function PausedCartNote({ id }: { id: string }) {
  const pause = useOrderingPause();
  if (!pause) return null;
  return (
    <p id={id} className="basis-full text-sm font-medium">
      {pause.resumesAt
        ? t('bag.resumeAt', 'Orders resume at {{time}}: what you add now can be ordered for then.', {
            time: pause.resumesAt,
          })
        : t('bag.pausedStays', 'We are not taking online orders right now: what you add stays in your bag.')}
    </p>
  );
}
