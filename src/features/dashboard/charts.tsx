import { Trans, useLingui } from '@lingui/react/macro';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartArea } from '@/components/ui/chart-area';
import { css } from 'styled-system/css';
import { ChartFigure } from '@/components/ui/chart-figure';
import { ChartDataTable, ChartRowHead } from '@/components/ui/chart-data-table';
import * as chartTheme from '@/components/ui/chart-theme';
import { useWeekTooltipLabel } from '@/components/ui/chart-week-label';
import { formatCount, formatMoney, formatWeek } from '@/components/ui/format';
import { roleLabels, type Role } from '@/lib/auth/roles';
import type { components } from '@contract/schema';
import { intlLocaleOf, type Locale } from '@/lib/i18n';
import { humanizeKey, MONEY_SERIES, seriesLabels, WEEKLY_SERIES } from './stat-labels';

type DashboardPoint = components['schemas']['DashboardPoint'];

const ROLES = new Set<string>(['USER', 'LEARNER', 'EDUCATOR', 'PARTNER', 'ADMIN', 'SUPER_ADMIN']);

/** A value of a series: dollars as currency for money series, else an integer. */
export function formatSeriesValue(series: string, value: number, locale: Locale): string {
  return MONEY_SERIES.has(series) ? formatMoney(value, locale) : formatCount(value, locale);
}

/**
 * One chart of `GET /dashboard/stats` `series[name]` (points `{label, value}`): weekly series as
 * bars (counts) or an area (dollars), `usersByRole` as bars by role. Accessible: a `figure` named
 * by its heading, the SVG is one image with a title and a text summary (total, highest point), and
 * the numbers are in a data table behind "Show the data". Right-to-left: the time axis runs from
 * the right and the value axis sits on the right.
 */
export function SeriesChart({ name, points, locale }: { name: string; points: DashboardPoint[]; locale: Locale }) {
  const { t } = useLingui();
  const rtl = locale === 'ar';
  const weekly = WEEKLY_SERIES.has(name) || points.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.label));
  const money = MONEY_SERIES.has(name);
  const weekLabel = useWeekTooltipLabel(locale, weekly);
  const descriptor = seriesLabels[name];
  const title = descriptor ? t(descriptor) : humanizeKey(name);
  const labelOf = (label: string, width: 'short' | 'long' = 'short') =>
    weekly ? formatWeek(label, locale, width) : ROLES.has(label) ? t(roleLabels[label as Role]) : humanizeKey(label);
  const data = points.map((p) => ({ key: p.label, label: labelOf(p.label), value: p.value }));
  const valueText = (v: number) => formatSeriesValue(name, v, locale);
  const total = valueText(points.reduce((sum, p) => sum + p.value, 0));
  const top = points.reduce<DashboardPoint | null>(
    (best, p) => (best === null || p.value > best.value ? p : best),
    null,
  );
  const topLabel = top ? labelOf(top.label, 'long') : '';
  const topValue = top ? valueText(top.value) : '';
  const weeks = points.length;
  const summary =
    points.length === 0
      ? t`No data yet.`
      : weekly
        ? t`Last ${weeks} weeks. Total ${total}. Highest: ${topValue}, week of ${topLabel}.`
        : t`Total ${total}. Highest: ${topLabel}, ${topValue}.`;
  const color = money ? 'var(--colors-secondary-strong)' : 'var(--colors-primary-strong)';
  const fill = money ? 'var(--colors-secondary-muted)' : 'var(--colors-primary-strong)';
  const compact = (v: number) =>
    new Intl.NumberFormat(intlLocaleOf(locale), {
      notation: 'compact',
      maximumFractionDigits: 1,
      // Arabic: the ISO code, as formatMoney does (a symbol gets reordered inside right-to-left text).
      ...(money ? { style: 'currency', currency: 'USD', currencyDisplay: rtl ? 'code' : 'narrowSymbol' } : {}),
    }).format(v);
  const chartProps = { data, ...chartTheme.chartSvgProps(title, summary) };
  const axes = (
    <>
      <CartesianGrid {...chartTheme.gridProps} />
      <XAxis {...chartTheme.timeAxisProps(rtl)} />
      <YAxis
        {...chartTheme.valueAxisProps(rtl)}
        allowDecimals={money}
        width={money ? (rtl ? 64 : 56) : 40}
        tickFormatter={compact}
      />
      <Tooltip
        {...chartTheme.tooltipProps(rtl)}
        formatter={(value) => [valueText(Number(value)), title]}
        labelFormatter={weekLabel}
      />
    </>
  );
  return (
    <ChartFigure
      title={title}
      summary={summary}
      heading="h3"
      chart={
        points.length > 0 ? (
          <ChartArea testId={`chart-${name}`}>
            {money ? (
              <AreaChart {...chartProps}>
                {axes}
                <Area
                  type="linear"
                  dataKey="value"
                  name={title}
                  stroke={color}
                  strokeWidth={2}
                  fill={fill}
                  fillOpacity={0.5}
                  isAnimationActive={false}
                />
              </AreaChart>
            ) : (
              <BarChart {...chartProps}>
                {axes}
                <Bar dataKey="value" name={title} fill={fill} {...chartTheme.barProps} />
              </BarChart>
            )}
          </ChartArea>
        ) : null
      }
      table={
        <ChartDataTable
          title={title}
          head={
            <>
              <th scope="col">{weekly ? <Trans>Week of</Trans> : <Trans>Role</Trans>}</th>
              <th scope="col" className={css({ textAlign: 'end!' })}>
                {title}
              </th>
            </>
          }
        >
          {points.map((p) => (
            <tr key={p.label}>
              <ChartRowHead>{labelOf(p.label, 'long')}</ChartRowHead>
              <td className={css({ textAlign: 'end!', fontVariantNumeric: 'tabular-nums' })}>{valueText(p.value)}</td>
            </tr>
          ))}
        </ChartDataTable>
      }
    />
  );
}
