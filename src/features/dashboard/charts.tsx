import { Trans, useLingui } from '@lingui/react/macro';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { css } from 'styled-system/css';
import { ChartFigure, chartDataTable } from '@/components/ui/chart-figure';
import {
  barProps,
  chartSvgProps,
  gridProps,
  timeAxisProps,
  tooltipPointKey,
  tooltipProps,
  valueAxisProps,
} from '@/components/ui/chart-theme';
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
  const chartProps = { data, ...chartSvgProps(title, summary) };
  const axes = (
    <>
      <CartesianGrid {...gridProps} />
      <XAxis {...timeAxisProps(rtl)} />
      <YAxis
        {...valueAxisProps(rtl)}
        allowDecimals={money}
        width={money ? (rtl ? 64 : 56) : 40}
        tickFormatter={compact}
      />
      <Tooltip
        {...tooltipProps(rtl)}
        formatter={(value) => [valueText(Number(value)), title]}
        labelFormatter={(label, payload) => {
          const key = tooltipPointKey(payload);
          if (!key || !weekly) return String(label);
          const week = formatWeek(key, locale, 'long');
          return t`Week of ${week}`;
        }}
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
          <div className={css({ width: 'full', height: '220px' })} data-testid={`chart-${name}`}>
            <ResponsiveContainer width="100%" height="100%">
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
                  <Bar dataKey="value" name={title} fill={fill} {...barProps} />
                </BarChart>
              )}
            </ResponsiveContainer>
          </div>
        ) : null
      }
      table={
        <table className={chartDataTable}>
          <caption className={css({ srOnly: true })}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{weekly ? <Trans>Week of</Trans> : <Trans>Role</Trans>}</th>
              <th scope="col" className={css({ textAlign: 'end!' })}>
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row" className={css({ fontWeight: 'normal' })}>
                  {labelOf(p.label, 'long')}
                </th>
                <td className={css({ textAlign: 'end!', fontVariantNumeric: 'tabular-nums' })}>{valueText(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
