import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ACTIVITY_BY_COUNTRY, ACTIVITY_SERIES } from '../overview-sample.ts';
import { ChartFigure, legendText } from '@client/components/charts/chart-figure.tsx';
import { useNumbers } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/** The stacked bar chart of docs/reference/storefront.md §2: visitors, bookings and reviews per country. */
export function CountryActivityChart() {
  const { number } = useNumbers();
  const TITLE = t('dashboard.byCountry', 'Activity by country');
  const formatNumber = (value: unknown) => (typeof value === 'number' ? number(value) : String(value));
  return (
    <ChartFigure
      title={TITLE}
      description={t(
        'dashboard.byCountryDescription',
        "Visitors, bookings and reviews this week, stacked by the guest's country.",
      )}
      table={{
        caption: t('dashboard.byCountryCaption', '{{title}}: visitors, bookings and reviews this week', {
          title: TITLE,
        }),
        columns: [t('dashboard.country.column', 'Country'), ...ACTIVITY_SERIES.map((series) => series.label)],
        rows: ACTIVITY_BY_COUNTRY.map((row) => ({
          label: row.country,
          values: ACTIVITY_SERIES.map((series) => number(row[series.key])),
        })),
      }}
    >
      <ResponsiveContainer width="100%" height={340} initialDimension={{ width: 300, height: 340 }}>
        <BarChart
          accessibilityLayer={false}
          data={[...ACTIVITY_BY_COUNTRY]}
          title={TITLE}
          margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="country" interval={0} angle={-35} textAnchor="end" height={64} tick={{ fontSize: 12 }} />
          <YAxis
            width={44}
            tick={{ fontSize: 12 }}
            tickFormatter={(value: number) => (value >= 1000 ? `${number(value / 1000)}k` : number(value))}
          />
          <Tooltip formatter={formatNumber} cursor={{ fill: 'rgba(194, 65, 12, 0.08)' }} />
          <Legend verticalAlign="top" height={32} itemSorter={null} formatter={legendText} />
          {ACTIVITY_SERIES.map((series, index) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.label}
              stackId="activity"
              fill={series.color}
              maxBarSize={48}
              radius={index === ACTIVITY_SERIES.length - 1 ? [4, 4, 0, 0] : 0}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
