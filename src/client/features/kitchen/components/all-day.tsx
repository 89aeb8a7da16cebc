import { t } from '@shared/i18n/i18n.ts';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { useNumbers } from '@client/data/restaurant.ts';
import type { useAllDay } from '../api/kitchen.ts';

interface Count {
  productId: string;
  name: string;
}

/**
 * The board's "All day": how many of each dish (and of each option value) the open tickets hold,
 * with one-tap sold out and back on, for the dish and for each value (kitchen-board.tsx acts).
 */
export function AllDay({
  allDay,
  soldOutIds,
  optionValues,
  availabilityBusy,
  optionBusy,
  onSoldOut,
  onBackOn,
  onSwitchOption,
}: {
  allDay: ReturnType<typeof useAllDay>;
  soldOutIds: Set<string>;
  /** The dishes' option values by `${productId}:${name}`. */
  optionValues: Map<string, { _id: number; available: boolean }>;
  availabilityBusy: boolean;
  optionBusy: boolean;
  onSoldOut: (productId: string, name: string) => void;
  onBackOn: (productId: string, name: string) => void;
  onSwitchOption: (count: Count, option: string, value: { _id: number; available: boolean }) => void;
}) {
  const { digits } = useNumbers();
  return (
    <section aria-labelledby="all-day-title" className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id="all-day-title" className="text-lg font-bold">
        {t('kitchen.allDay', 'All day')}
      </h2>
      <ListStates
        pending={allDay.isPending}
        failed={allDay.isError}
        error={allDay.error}
        what={t('kitchen.theCounts', 'the counts')}
        onRetry={() => void allDay.refetch()}
        retrying={allDay.isFetching}
        items={allDay.data}
        emptyText={t('kitchen.nothingToCook', 'Nothing to cook.')}
      >
        {(counts) => (
          <ul className="mt-2 flex flex-col gap-2">
            {counts.map((count) => {
              const out = soldOutIds.has(count.productId);
              return (
                <li key={count.productId} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-lg">
                    <strong className="tabular-nums">{digits(count.quantity)}</strong> {count.name}
                    {out && (
                      <span className="badge badge-error ml-2 align-middle">{t('kitchen.soldOut', 'Sold out')}</span>
                    )}
                  </span>
                  {out ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-success"
                      disabled={availabilityBusy}
                      onClick={() => onBackOn(count.productId, count.name)}
                    >
                      {t('kitchen.backOn', 'Back on')}
                      <span className="sr-only"> {count.name}</span>
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={t('kitchen.markSoldOut', 'Mark {{name}} sold out', { name: count.name })}
                      disabled={availabilityBusy}
                      onClick={() => onSoldOut(count.productId, count.name)}
                    >
                      {t('kitchen.soldOut', 'Sold out')}
                    </button>
                  )}
                  {count.options && count.options.length > 0 ? (
                    <ul
                      className="basis-full pl-4 text-sm"
                      aria-label={t('kitchen.optionsOf', 'Options of {{name}}', { name: count.name })}
                    >
                      {count.options.map((option) => {
                        const value = optionValues.get(`${count.productId}:${option.name}`);
                        return (
                          <li key={option.name} className="flex items-center justify-between gap-2 py-0.5">
                            <span>
                              <strong className="tabular-nums">{digits(option.quantity)}</strong> {option.name}
                              {value && !value.available ? ` · ${t('kitchen.soldOut', 'Sold out')}` : ''}
                            </span>
                            {value ? (
                              <button
                                type="button"
                                className="btn btn-xs btn-ghost"
                                aria-label={
                                  value.available
                                    ? t('kitchen.markOptionSoldOut', 'Mark {{option}} ({{dish}}) sold out', {
                                        option: option.name,
                                        dish: count.name,
                                      })
                                    : t('kitchen.bringOptionBack', 'Bring back {{option}} ({{dish}}) on the menu', {
                                        option: option.name,
                                        dish: count.name,
                                      })
                                }
                                disabled={optionBusy}
                                onClick={() => onSwitchOption(count, option.name, value)}
                              >
                                {value.available ? t('kitchen.soldOut', 'Sold out') : t('kitchen.backOn', 'Back on')}
                              </button>
                            ) : null}
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
