import { Label, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ACTIVITY_TOTALS } from '../overview-sample.ts';
import { ChartFigure, legendText } from '@client/components/charts/chart-figure.tsx';

const TITLE = 'Activity share';
const TOTAL = ACTIVITY_TOTALS.reduce((sum, series) => sum + series.value, 0);
const percent = (value: number) => `${Math.round((value / TOTAL) * 100)}%`;

/** The donut chart of SPEC.md §2: the week's visitors, bookings and reviews as shares of a whole. */
export function ActivityShareChart() {
  const data = ACTIVITY_TOTALS.map((series) => ({ name: series.label, value: series.value, fill: series.color }));
  return (
    <ChartFigure
      title={TITLE}
      description="This week's visitors, bookings and reviews, as shares of all activity."
      table={{
        caption: `${TITLE}: this week's totals`,
        columns: ['Activity', 'Total', 'Share'],
        rows: ACTIVITY_TOTALS.map((series) => ({ label: series.label, values: [series.value, percent(series.value)] })),
      }}
    >
      <ResponsiveContainer width="100%" height={340} initialDimension={{ width: 300, height: 340 }}>
        <PieChart title={TITLE} accessibilityLayer={false}>
          <Pie rootTabIndex={-1} data={data} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="80%" paddingAngle={2} stroke="#fffbf5">
            <Label position="center" value={`${TOTAL.toLocaleString('en-US')} in all`} fill="#292524" fontSize={15} fontWeight={600} />
          </Pie>
          <Tooltip formatter={(value: unknown) => (typeof value === 'number' ? `${value.toLocaleString('en-US')} (${percent(value)})` : String(value))} />
          <Legend verticalAlign="bottom" height={32} itemSorter={null} formatter={legendText} />
        </PieChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
