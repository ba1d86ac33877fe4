import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartArea } from '@/components/ui/chart-area';
import { formatRate } from '@/components/ui/rate-bar';
import { css, cx } from 'styled-system/css';
import { ChartFigure } from '@/components/ui/chart-figure';
import { ChartDataTable, ChartRowHead } from '@/components/ui/chart-data-table';
import * as chartTheme from '@/components/ui/chart-theme';
import { useWeekTooltipLabel } from '@/components/ui/chart-week-label';
import { denseTableCell as td, denseTableHeaderCell as th } from '@/components/ui/table';
import { CardSectionHeader, numericCell, rowHeadCell, ScrollingTable } from '@/components/ui/card-section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCount, formatLongDate, formatWeek } from '@/components/ui/format';
import { CloseIcon } from '@/components/ui/icons';
import { visuallyHidden } from '@/components/ui/spinner';
import { intlLocaleOf, type Locale } from '@/lib/i18n';
import { type CompanyAttendanceAnalytics, type SessionAttendance } from '@machines/attendance-analytics.machine';

/**
 * Attendance per week as bars (rate in %), with its text alternative: the figure is named by its
 * heading and described by a summary (weeks, average, lowest week); the SVG is one image; the
 * numbers are in a table behind "Show the data". Right-to-left: time runs from the right.
 */
export function WeeklyChart({ weeks, locale }: { weeks: CompanyAttendanceAnalytics['weeks']; locale: Locale }) {
  const { t } = useLingui();
  const rtl = locale === 'ar';
  const weekLabel = useWeekTooltipLabel(locale);
  const title = t`Attendance per week`;
  const data = weeks.map((w) => ({
    key: w.weekStart,
    label: formatWeek(w.weekStart, locale, 'short'),
    value: Math.round(w.rate * 100),
  }));
  const attended = weeks.reduce((s, w) => s + w.attended, 0);
  const expected = weeks.reduce((s, w) => s + w.expected, 0);
  const average = formatRate(expected > 0 ? attended / expected : 0, locale);
  const low = weeks.reduce<CompanyAttendanceAnalytics['weeks'][number] | null>(
    (best, w) => (best === null || w.rate < best.rate ? w : best),
    null,
  );
  const lowWeek = low ? formatWeek(low.weekStart, locale, 'long') : '';
  const lowRate = low ? formatRate(low.rate, locale) : '';
  const summary =
    weeks.length === 0
      ? t`No meeting held in this period.`
      : plural(weeks.length, {
          one: `# week, ${average} attendance overall. Lowest: ${lowRate}, week of ${lowWeek}.`,
          other: `# weeks, ${average} attendance overall. Lowest: ${lowRate}, week of ${lowWeek}.`,
        });
  const pct = (v: number) =>
    new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 0 }).format(v / 100);
  return (
    <ChartFigure
      title={title}
      summary={summary}
      heading="h2"
      chart={
        weeks.length > 0 ? (
          <ChartArea testId="attendance-weekly-chart" ltr>
            <BarChart data={data} {...chartTheme.chartSvgProps(title, summary)}>
              <CartesianGrid {...chartTheme.gridProps} />
              <XAxis {...chartTheme.timeAxisProps(rtl)} />
              <YAxis
                {...chartTheme.valueAxisProps(rtl)}
                domain={[0, 100]}
                ticks={[0, 25, 50, 75, 100]}
                width={44}
                tickFormatter={pct}
              />
              <Tooltip
                {...chartTheme.tooltipProps(rtl)}
                formatter={(value) => [pct(Number(value)), title]}
                labelFormatter={weekLabel}
              />
              <Bar dataKey="value" name={title} fill="var(--colors-primary-strong)" {...chartTheme.barProps} />
            </BarChart>
          </ChartArea>
        ) : null
      }
      table={
        <ChartDataTable
          title={title}
          head={
            <>
              <th scope="col">
                <Trans>Week of</Trans>
              </th>
              <th scope="col">
                <Trans>Attended</Trans>
              </th>
              <th scope="col">
                <Trans>Expected</Trans>
              </th>
              <th scope="col">
                <Trans>Attendance</Trans>
              </th>
            </>
          }
        >
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <ChartRowHead>{formatWeek(w.weekStart, locale, 'long')}</ChartRowHead>
              <td className={numericCell}>{formatCount(w.attended, locale)}</td>
              <td className={numericCell}>{formatCount(w.expected, locale)}</td>
              <td className={numericCell}>{formatRate(w.rate, locale)}</td>
            </tr>
          ))}
        </ChartDataTable>
      }
    />
  );
}

/**
 * A session's attendance grid (GET /sessions/{id}/attendance): the company's learners × the
 * meetings held, "Attended" / "Absent" in each cell (a symbol plus its text for screen readers).
 */
export function AttendanceGrid({
  grid,
  title,
  locale,
  onClose,
}: {
  grid: SessionAttendance;
  title: string;
  locale: Locale;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <Card as="section" data-testid="attendance-grid">
      <CardSectionHeader
        titleId={headingId}
        title={t`Attendance grid: ${title}`}
        actions={
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={t`Close the attendance grid`}>
            <CloseIcon size={18} />
          </Button>
        }
      />
      {grid.meetings.length === 0 || grid.learners.length === 0 ? (
        <p className={css({ padding: '6', color: 'fg.muted' })}>
          <Trans>No meeting has taken place yet</Trans>
        </p>
      ) : (
        <ScrollingTable
          labelledBy={headingId}
          caption={t`Who joined each meeting of ${title}`}
          head={
            <>
              <th scope="col" className={th}>
                <Trans>Learner</Trans>
              </th>
              {grid.meetings.map((m) => (
                <th key={`${m.lessonId}-${m.occurrenceDate}`} scope="col" className={th}>
                  <time
                    dateTime={m.occurrenceDate}
                    title={`${m.lessonName} · ${formatLongDate(m.occurrenceDate, locale)}`}
                  >
                    {formatWeek(m.occurrenceDate, locale, 'short')}
                  </time>
                </th>
              ))}
              <th scope="col" className={th}>
                <Trans>Attendance</Trans>
              </th>
            </>
          }
        >
          {grid.learners.map((l) => (
            <tr key={l.learner.id}>
              <th scope="row" className={cx(rowHeadCell, css({ whiteSpace: 'nowrap' }))}>
                <bdi>{l.learner.name}</bdi>
              </th>
              {grid.meetings.map((m) => {
                const present = m.attendeeIds.includes(l.learner.id);
                return (
                  <td key={`${m.lessonId}-${m.occurrenceDate}`} className={cx(td, css({ textAlign: 'center' }))}>
                    <span
                      aria-hidden
                      className={css({ fontWeight: 'bold', color: present ? 'success.strong' : 'error.strong' })}
                    >
                      {present ? '✓' : '✗'}
                    </span>
                    <span className={visuallyHidden}>{present ? t`Attended` : t`Absent`}</span>
                  </td>
                );
              })}
              <td className={cx(td, numericCell)}>{formatRate(l.rate, locale)}</td>
            </tr>
          ))}
        </ScrollingTable>
      )}
    </Card>
  );
}
