import { t } from '@shared/i18n/i18n.ts';
import { type OpeningRules, type WallClock, spansOf, weekdayName } from '@shared/domain/opening.ts';

/** Monday first, as a week is read on a restaurant's door. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

function hoursText(rules: OpeningRules, weekday: number): string {
  const spans = spansOf(rules, weekday);
  return spans.length === 0
    ? 'Closed'
    : spans.map((span) => `${span.open}–${span.close === '24:00' ? 'midnight' : span.close}`).join(', ');
}

/**
 * A week's opening hours, Monday first, today's row marked once the clock is known (the About
 * page's "Visit us" and a branch's page: one table for both).
 */
export function OpeningHoursTable({
  rules,
  timeZone,
  clock,
}: {
  rules: OpeningRules;
  timeZone: string;
  clock: WallClock | undefined;
}) {
  const closedToday = clock !== undefined && rules.closedDates.includes(clock.date);
  return (
    <table className="table">
      <caption className="sr-only">Opening hours, {timeZone} time</caption>
      <tbody>
        {WEEK.map((weekday) => {
          const today = weekday === clock?.weekday;
          return (
            <tr
              key={weekday}
              className={today ? 'bg-primary/10 font-semibold' : undefined}
              aria-current={today ? 'date' : undefined}
            >
              <th scope="row" className="font-medium">
                {weekdayName(weekday)}
                {today && <span className="ml-2 badge badge-primary badge-sm">{t('about.today', 'Today')}</span>}
              </th>
              <td>{today && closedToday ? 'Closed today' : hoursText(rules, weekday)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
