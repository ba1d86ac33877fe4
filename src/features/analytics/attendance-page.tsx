import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { css, cx } from 'styled-system/css';
import { ChartFigure, chartDataTable } from '@/components/ui/chart-figure';
import { denseTableCell, denseTableHeaderCell } from '@/components/ui/table';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { formatCount, formatLongDate, formatWeek } from '@/components/ui/format';
import { AlertIcon, BarChartIcon, CloseIcon, UsersIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Spinner, visuallyHidden } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { saveCsv } from '@/lib/save-file';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { intlLocaleOf, isLocale, type Locale } from '@/lib/i18n';
import type { LoginRecord } from '@machines/auth.machine';
import { createAttendanceAnalyticsActors } from '@machines/attendance-analytics.actors';
import { type AttendanceCsvLabels, buildAttendanceCsv } from '@machines/attendance-analytics.csv';
import {
  type AttendanceFilters,
  type CompanyAttendanceAnalytics,
  type SessionAttendance,
  attendanceAnalyticsMachine,
} from '@machines/attendance-analytics.machine';
import {
  canExport,
  datesReversed,
  figuresFailed,
  gridFailed,
  hasFigures,
  isEmpty,
  isExporting,
  isGridLoading,
  isGridOpen,
  isLoadingFigures,
} from '@machines/attendance-analytics.selectors';

/** Roles that see a company's attendance analytics (the operation's x-roles). */
const VIEWERS = new Set(['PARTNER', 'ADMIN', 'SUPER_ADMIN']);

/** A rate (0…1) as a whole percentage in the locale ("83%" / "٨٣٪"). */
export function formatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

const th = denseTableHeaderCell;
const td = denseTableCell;
const num = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
const scroller = css({
  position: 'relative',
  overflowX: 'auto',
  _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '-3px' },
});

/** A thin bar for a rate (decorative: the number is written next to it). */
function RateBar({ rate }: { rate: number }) {
  const width = Math.round(Math.min(1, Math.max(0, rate)) * 100);
  return (
    <span
      aria-hidden
      className={css({
        display: 'block',
        flex: '1',
        minWidth: '4rem',
        height: '2',
        borderRadius: 'full',
        bg: 'bg.muted',
        overflow: 'hidden',
      })}
    >
      <span
        className={css({ display: 'block', height: 'full', bg: 'secondary.strong', borderRadius: 'full' })}
        style={{ width: `${width}%` }}
      />
    </span>
  );
}

function Rate({ rate, locale }: { rate: number; locale: Locale }) {
  return (
    <span className={css({ display: 'flex', alignItems: 'center', gap: '3', minWidth: '9rem' })}>
      <span className={cx(num, css({ fontWeight: 'semibold', minWidth: '3rem' }))}>{formatRate(rate, locale)}</span>
      <RateBar rate={rate} />
    </span>
  );
}

function Stat({ label, value }: { label: ReactNode; value: string }) {
  return (
    <Card as="li" className={css({ padding: { base: '4', tablet: '5' } })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'semibold' })}>{label}</p>
      <p
        className={css({
          fontSize: { base: '2xl', tablet: '3xl' },
          fontWeight: 'extrabold',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {value}
      </p>
    </Card>
  );
}

/**
 * Attendance per week as bars (rate in %), with its text alternative: the figure is named by its
 * heading and described by a summary (weeks, average, lowest week); the SVG is one image; the
 * numbers are in a table behind "Show the data". Right-to-left: time runs from the right.
 */
function WeeklyChart({ weeks, locale }: { weeks: CompanyAttendanceAnalytics['weeks']; locale: Locale }) {
  const { t } = useLingui();
  const rtl = locale === 'ar';
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
          // The SVG is laid out left to right (its text anchors would flip under dir=rtl); in Arabic the time axis is reversed instead.
          <div dir="ltr" className={css({ width: 'full', height: '220px' })} data-testid="attendance-weekly-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={data}
                accessibilityLayer={false}
                role="img"
                title={title}
                desc={summary}
                margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e8ef" />
                <XAxis
                  dataKey="label"
                  reversed={rtl}
                  tick={{ fontSize: 12, fill: '#4b5563' }}
                  tickLine={false}
                  axisLine={{ stroke: '#aeb6c3' }}
                  interval="preserveStartEnd"
                  minTickGap={12}
                />
                <YAxis
                  orientation={rtl ? 'right' : 'left'}
                  domain={[0, 100]}
                  ticks={[0, 25, 50, 75, 100]}
                  tick={{ fontSize: 12, fill: '#4b5563' }}
                  tickLine={false}
                  axisLine={false}
                  width={44}
                  tickFormatter={pct}
                />
                <Tooltip
                  formatter={(value) => [pct(Number(value)), title]}
                  labelFormatter={(_label, payload) => {
                    const key = payload?.[0]?.payload?.key as string | undefined;
                    const week = key ? formatWeek(key, locale, 'long') : '';
                    return t`Week of ${week}`;
                  }}
                  contentStyle={{
                    borderRadius: 8,
                    borderColor: '#dde1e8',
                    direction: rtl ? 'rtl' : 'ltr',
                    textAlign: 'start',
                  }}
                  cursor={{ fill: 'rgba(100, 145, 210, 0.12)' }}
                />
                <Bar
                  dataKey="value"
                  name={title}
                  fill="var(--colors-primary-strong)"
                  radius={[4, 4, 0, 0]}
                  maxBarSize={40}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        ) : null
      }
      table={
        <table className={chartDataTable}>
          <caption className={visuallyHidden}>{title}</caption>
          <thead>
            <tr>
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
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row" className={css({ fontWeight: 'normal' })}>
                  {formatWeek(w.weekStart, locale, 'long')}
                </th>
                <td className={num}>{formatCount(w.attended, locale)}</td>
                <td className={num}>{formatCount(w.expected, locale)}</td>
                <td className={num}>{formatRate(w.rate, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/**
 * A session's attendance grid (GET /sessions/{id}/attendance): the company's learners × the
 * meetings held, "Attended" / "Absent" in each cell (a symbol plus its text for screen readers).
 */
function AttendanceGrid({
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
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          paddingInline: { base: '4', tablet: '6' },
          paddingBlock: '4',
          borderBlockEndWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t`Attendance grid: ${title}`}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t`Close the attendance grid`}>
          <CloseIcon size={18} />
        </Button>
      </div>
      {grid.meetings.length === 0 || grid.learners.length === 0 ? (
        <p className={css({ padding: '6', color: 'fg.muted' })}>
          <Trans>No meeting has taken place yet</Trans>
        </p>
      ) : (
        <div role="region" aria-labelledby={headingId} tabIndex={0} className={scroller}>
          <table className={css({ width: 'full', borderCollapse: 'collapse' })}>
            <caption className={visuallyHidden}>{t`Who joined each meeting of ${title}`}</caption>
            <thead>
              <tr>
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
              </tr>
            </thead>
            <tbody>
              {grid.learners.map((l) => (
                <tr key={l.learner.id}>
                  <th scope="row" className={cx(td, css({ fontWeight: 'semibold', whiteSpace: 'nowrap' }))}>
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
                  <td className={cx(td, num)}>{formatRate(l.rate, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/**
 * Attendance analytics (/dashboard/analytics/attendance; product.md#screens, QAD's landing):
 * the real attendance records of the signed-in partner's company's own learners — totals, a
 * weekly chart with its text alternative, per session (meetings held, attendance rate, a grid of
 * who joined which meeting) and per learner (attended of held) — filtered by course, session and
 * dates (kept in the URL), exported as CSV (UTF-8 with BOM). Loading, empty, failed-with-retry
 * states; keyboard-reachable tables. State: `machines/attendance-analytics.machine.ts`.
 */
export function AttendancePage({
  api,
  record,
  initialFilters,
  onFiltersChange,
}: {
  api: Api;
  record: LoginRecord;
  /** The filters of the URL when the page opens. */
  initialFilters: AttendanceFilters;
  /** Called with the applied filters (the route writes them to the URL). */
  onFiltersChange: (filters: AttendanceFilters) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Attendance`);
  const company = record.company;
  if (!company || !VIEWERS.has(record.user.role)) {
    return (
      <PageContainer>
        <PageHeader eyebrow={company?.name} title={<Trans>Attendance</Trans>} />
        <EmptyState
          icon={<UsersIcon size={28} />}
          title={<Trans>Attendance analytics are for company partners</Trans>}
          description={
            company ? (
              <Trans>Your company's partners see here how its learners attend their live sessions.</Trans>
            ) : (
              <Trans>This page shows a company's attendance to that company's partners.</Trans>
            )
          }
          action={
            <Link
              to={record.user.role === 'LEARNER' ? '/my-courses' : '/dashboard'}
              className={buttonStyles({ variant: 'outline' })}
            >
              {record.user.role === 'LEARNER' ? <Trans>Go to my courses</Trans> : <Trans>Go to the dashboard</Trans>}
            </Link>
          }
        />
      </PageContainer>
    );
  }
  return (
    <CompanyAttendance
      api={api}
      companyId={company.id}
      companyName={company.name}
      initialFilters={initialFilters}
      onFiltersChange={onFiltersChange}
    />
  );
}

function CompanyAttendance({
  api,
  companyId,
  companyName,
  initialFilters,
  onFiltersChange,
}: {
  api: Api;
  companyId: number;
  companyName: string;
  initialFilters: AttendanceFilters;
  onFiltersChange: (filters: AttendanceFilters) => void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const labels: AttendanceCsvLabels = {
    kind: t`Type`,
    name: t`Name`,
    email: t`Email`,
    course: t`Course`,
    startDate: t`Start date`,
    learners: t`Learners`,
    held: t`Meetings held`,
    attended: t`Attended`,
    expected: t`Expected`,
    rate: t`Attendance (%)`,
    sessionRow: t`Session`,
    learnerRow: t`Learner`,
  };
  const fileName = `attendance-${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`;
  const machine = useMemo(
    () =>
      attendanceAnalyticsMachine.provide({
        actors: createAttendanceAnalyticsActors(api, {
          exportCsv: async (data) => {
            const { text, rows } = buildAttendanceCsv(data, labels);
            saveCsv(text, fileName);
            return { rows };
          },
        }),
      }),
    // The labels follow the language; the machine is rebuilt only for another client or company.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, fileName, i18n.locale],
  );
  const [snapshot, send, actorRef] = useMachine(machine, { input: { companyId, filters: initialFilters } });
  const { data, filters, error, gridSessionId, grid } = snapshot.context;

  useEffect(() => {
    const subs = [
      actorRef.on('exported', (e) =>
        toaster.create({ title: t`Attendance exported (${e.rows} rows)`, type: 'success' }),
      ),
      actorRef.on('export.failed', () => toaster.create({ title: t`Could not export the attendance`, type: 'error' })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

  function change(next: AttendanceFilters) {
    send({ type: 'filters.changed', filters: next });
  }
  // The URL follows the applied filters.
  useEffect(() => {
    onFiltersChange(filters);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(filters)]);

  const loading = isLoadingFigures(snapshot);
  const reversed = datesReversed(snapshot);
  const courses = data?.courses ?? [];
  const sessionChoices = (data?.sessionChoices ?? []).filter(
    (s) => filters.courseId === undefined || s.courseId === filters.courseId,
  );
  const gridTitle =
    data?.sessions.find((s) => s.sessionId === gridSessionId)?.courseTitle ??
    data?.sessionChoices.find((s) => s.id === gridSessionId)?.courseTitle ??
    '';
  const hasFilters = Object.keys(filters).length > 0;

  const filterBar = (
    <Card
      as="section"
      aria-label={t`Filters`}
      className={css({ padding: { base: '4', tablet: '5' }, marginBlockEnd: '6' })}
    >
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: {
            base: '1fr',
            tablet: 'repeat(2, minmax(0, 1fr))',
            desktop: 'repeat(4, minmax(0, 1fr))',
          },
          alignItems: 'start',
        })}
      >
        <SelectField
          label={t`Course`}
          value={filters.courseId ?? ''}
          onChange={(e) =>
            change({ ...filters, courseId: e.target.value ? Number(e.target.value) : undefined, sessionId: undefined })
          }
        >
          <option value="">{t`All courses`}</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Session`}
          value={filters.sessionId ?? ''}
          onChange={(e) => change({ ...filters, sessionId: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t`All sessions`}</option>
          {sessionChoices.map((s) => {
            const start = formatLongDate(s.startDate, locale);
            return (
              <option key={s.id} value={s.id}>
                {t`${s.courseTitle}, from ${start}`}
              </option>
            );
          })}
        </SelectField>
        <TextField
          label={t`From`}
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => change({ ...filters, from: e.target.value || undefined })}
        />
        <TextField
          label={t`To`}
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          error={reversed ? t`The end date must be on or after the start date` : undefined}
          onChange={(e) => change({ ...filters, to: e.target.value || undefined })}
        />
      </div>
      {hasFilters ? (
        <div className={css({ marginBlockStart: '3' })}>
          <Button variant="ghost" size="sm" onClick={() => change({})}>
            <Trans>Clear the filters</Trans>
          </Button>
        </div>
      ) : null}
    </Card>
  );

  const exportButton = (
    <Button
      variant="outline"
      onClick={() => send({ type: 'export.requested' })}
      disabled={!canExport(snapshot)}
      loading={isExporting(snapshot)}
    >
      <Trans>Export CSV</Trans>
    </Button>
  );

  let body: ReactNode;
  if (figuresFailed(snapshot)) {
    body = (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={<Trans>Could not get the attendance !</Trans>}
        description={error?.message ?? t`System error please try later !`}
        action={<Button onClick={() => send({ type: 'retry' })}>{t`Try again`}</Button>}
      />
    );
  } else if (data === null) {
    body = (
      <div className={css({ display: 'flex', justifyContent: 'center', paddingBlock: '16' })}>
        <Spinner size="lg" label={t`Loading the attendance…`} />
      </div>
    );
  } else if (isEmpty(snapshot)) {
    body = (
      <EmptyState
        icon={<BarChartIcon size={28} />}
        title={<Trans>No attendance to show</Trans>}
        description={
          hasFilters ? (
            <Trans>None of your company's learners is in a session that matches these filters.</Trans>
          ) : (
            <Trans>Figures appear here once your company's learners are enrolled in a live session.</Trans>
          )
        }
      />
    );
  } else {
    const totals = data.totals;
    body = (
      <div
        aria-busy={loading}
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '8',
          opacity: loading ? 0.6 : 1,
          transition: 'opacity 150ms',
        })}
      >
        <ul
          aria-label={t`Totals`}
          className={css({
            display: 'grid',
            gap: '4',
            gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', tablet: 'repeat(4, minmax(0, 1fr))' },
            listStyle: 'none',
            padding: 0,
          })}
        >
          <Stat label={<Trans>Learners</Trans>} value={formatCount(totals.learners, locale)} />
          <Stat label={<Trans>Sessions</Trans>} value={formatCount(totals.sessions, locale)} />
          <Stat label={<Trans>Meetings held</Trans>} value={formatCount(totals.meetingsHeld, locale)} />
          <Stat
            label={<Trans>Attendance rate</Trans>}
            value={totals.expected > 0 ? formatRate(totals.rate, locale) : '—'}
          />
        </ul>

        <WeeklyChart weeks={data.weeks} locale={locale} />

        <Card as="section">
          <h2
            id="analytics-sessions-title"
            className={css({
              fontSize: 'lg',
              fontWeight: 'semibold',
              paddingInline: { base: '4', tablet: '6' },
              paddingBlock: '4',
            })}
          >
            <Trans>Sessions</Trans>
          </h2>
          <div role="region" aria-labelledby="analytics-sessions-title" tabIndex={0} className={scroller}>
            <table className={css({ width: 'full', borderCollapse: 'collapse', minWidth: '48rem' })}>
              <caption className={visuallyHidden}>{t`Attendance of your company's learners per session`}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    <Trans>Course</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Dates</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Learners</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Meetings held</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Attendance</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <span className={visuallyHidden}>
                      <Trans>Grid</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.sessions.map((s) => {
                  const attended = formatCount(s.attended, locale);
                  const expected = formatCount(s.expected, locale);
                  return (
                    <tr key={s.sessionId}>
                      <th scope="row" className={cx(td, css({ fontWeight: 'semibold' }))}>
                        <bdi>{s.courseTitle}</bdi>
                      </th>
                      <td className={cx(td, css({ whiteSpace: 'nowrap' }))}>
                        {formatLongDate(s.startDate, locale)} – {formatLongDate(s.endDate, locale)}
                      </td>
                      <td className={cx(td, num)}>{formatCount(s.learners, locale)}</td>
                      <td className={cx(td, num)}>{formatCount(s.meetingsHeld, locale)}</td>
                      <td className={td}>
                        {s.meetingsHeld === 0 ? (
                          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                            <Trans>No meeting held yet</Trans>
                          </span>
                        ) : (
                          <>
                            <Rate rate={s.rate} locale={locale} />
                            <span
                              className={css({ fontSize: 'xs', color: 'fg.muted' })}
                            >{t`${attended} of ${expected} attendances`}</span>
                          </>
                        )}
                      </td>
                      <td className={td}>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-pressed={gridSessionId === s.sessionId}
                          onClick={() => send({ type: 'grid.opened', sessionId: s.sessionId })}
                          aria-label={t`Attendance grid of ${s.courseTitle}`}
                        >
                          <Trans>Grid</Trans>
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>

        {isGridOpen(snapshot) ? (
          isGridLoading(snapshot) ? (
            <Card className={css({ display: 'flex', justifyContent: 'center', paddingBlock: '10' })}>
              <Spinner label={t`Loading the attendance grid…`} />
            </Card>
          ) : gridFailed(snapshot) ? (
            <EmptyState
              icon={<AlertIcon size={28} />}
              title={<Trans>Could not get the attendance grid</Trans>}
              description={snapshot.context.gridError?.message ?? t`System error please try later !`}
              action={
                <div className={css({ display: 'flex', gap: '3' })}>
                  <Button onClick={() => send({ type: 'grid.retry' })}>{t`Try again`}</Button>
                  <Button variant="ghost" onClick={() => send({ type: 'grid.closed' })}>
                    <Trans>Close</Trans>
                  </Button>
                </div>
              }
            />
          ) : grid ? (
            <AttendanceGrid
              grid={grid}
              title={gridTitle}
              locale={locale}
              onClose={() => send({ type: 'grid.closed' })}
            />
          ) : null
        ) : null}

        <Card as="section">
          <h2
            id="analytics-learners-title"
            className={css({
              fontSize: 'lg',
              fontWeight: 'semibold',
              paddingInline: { base: '4', tablet: '6' },
              paddingBlock: '4',
            })}
          >
            <Trans>Learners</Trans>
          </h2>
          <div role="region" aria-labelledby="analytics-learners-title" tabIndex={0} className={scroller}>
            <table className={css({ width: 'full', borderCollapse: 'collapse', minWidth: '32rem' })}>
              <caption className={visuallyHidden}>{t`Meetings attended by each of your company's learners`}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    <Trans>Learner</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Sessions</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Attended</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Attendance</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.learners.map((l) => {
                  const attended = formatCount(l.attended, locale);
                  const held = formatCount(l.held, locale);
                  return (
                    <tr key={l.learner.id} data-testid="analytics-learner">
                      <th scope="row" className={cx(td, css({ fontWeight: 'semibold' }))}>
                        <bdi>{l.learner.name}</bdi>
                        <span
                          className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}
                        >
                          <bdi>{l.email}</bdi>
                        </span>
                      </th>
                      <td className={cx(td, num)}>{formatCount(l.sessions, locale)}</td>
                      <td className={cx(td, num)}>{t`${attended} of ${held}`}</td>
                      <td className={td}>
                        <Rate rate={l.rate} locale={locale} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
      </div>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        eyebrow={companyName}
        title={<Trans>Attendance</Trans>}
        lead={<Trans>How your company's learners attend their live meetings.</Trans>}
        actions={hasFigures(snapshot) || isExporting(snapshot) ? exportButton : undefined}
      />
      {filterBar}
      <p aria-live="polite" className={visuallyHidden}>
        {loading && data !== null ? t`Updating the figures…` : ''}
      </p>
      {body}
    </PageContainer>
  );
}
