import { Label, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ACTIVITY_TOTALS } from '../overview-sample.ts';
import { ChartFigure, legendText } from '@client/components/charts/chart-figure.tsx';
import { useNumbers } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

const TOTAL = ACTIVITY_TOTALS.reduce((sum, series) => sum + series.value, 0);

/** The donut chart of docs/reference/storefront.md §2: the week's visitors, bookings and reviews as shares of a whole. */
export function ActivityShareChart() {
  const { number } = useNumbers();
  const TITLE = t('dashboard.activityShare', 'Activity share');
  const percent = (value: number) => `${number(Math.round((value / TOTAL) * 100))}%`;
  const data = ACTIVITY_TOTALS.map((series) => ({ name: series.label, value: series.value, fill: series.color }));
  return (
    <ChartFigure
      title={TITLE}
      description={t(
        'dashboard.activityShareDescription',
        "This week's visitors, bookings and reviews, as shares of all activity.",
      )}
      table={{
        caption: t('dashboard.activityShareCaption', "{{title}}: this week's totals", { title: TITLE }),
        columns: [t('dashboard.activity', 'Activity'), t('dashboard.total', 'Total'), t('dashboard.share', 'Share')],
        rows: ACTIVITY_TOTALS.map((series) => ({
          label: series.label,
          values: [number(series.value), percent(series.value)],
        })),
      }}
    >
      <ResponsiveContainer width="100%" height={340} initialDimension={{ width: 300, height: 340 }}>
        <PieChart title={TITLE} accessibilityLayer={false}>
          <Pie
            rootTabIndex={-1}
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius="55%"
            outerRadius="80%"
            paddingAngle={2}
            stroke="#fffbf5"
          >
            <Label
              position="center"
              value={t('dashboard.inAll', '{{n}} in all', { n: number(TOTAL) })}
              fill="#292524"
              fontSize={15}
              fontWeight={600}
            />
          </Pie>
          <Tooltip
            formatter={(value: unknown) =>
              typeof value === 'number' ? `${number(value)} (${percent(value)})` : String(value)
            }
          />
          <Legend verticalAlign="bottom" height={32} itemSorter={null} formatter={legendText} />
        </PieChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
