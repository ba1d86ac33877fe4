import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCount } from '@/components/ui/format';
import { AlertIcon, BarChartIcon, UsersIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Spinner, visuallyHidden } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { saveCsv } from '@/lib/save-file';
import { type Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { isLocale, type Locale } from '@/lib/i18n';
import { type LoginRecord } from '@machines/auth.machine';
import { createAttendanceAnalyticsActors } from '@machines/attendance-analytics.actors';
import { type AttendanceCsvLabels, buildAttendanceCsv } from '@machines/attendance-analytics.csv';
import { type AttendanceFilters, attendanceAnalyticsMachine } from '@machines/attendance-analytics.machine';
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
import { formatRate } from '@/components/ui/rate-bar';
import { WeeklyChart, AttendanceGrid } from './attendance-parts';
import { StatList, StatTile } from '@/components/ui/card-section';
import { AttendanceFilterBar } from './attendance-filters';
import { LearnersTable, SessionsTable } from './attendance-tables';

/** Roles that see a company's attendance analytics (the operation's x-roles). */
const VIEWERS = new Set(['PARTNER', 'ADMIN', 'SUPER_ADMIN']);

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
    excused: t`Excused`,
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
    <AttendanceFilterBar
      filters={filters}
      courses={courses}
      sessionChoices={sessionChoices}
      reversed={reversed}
      locale={locale}
      onChange={change}
    />
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
        <StatList label={t`Totals`} columns="four">
          <StatTile label={<Trans>Learners</Trans>} value={formatCount(totals.learners, locale)} />
          <StatTile label={<Trans>Sessions</Trans>} value={formatCount(totals.sessions, locale)} />
          <StatTile label={<Trans>Meetings held</Trans>} value={formatCount(totals.meetingsHeld, locale)} />
          <StatTile
            label={<Trans>Attendance rate</Trans>}
            value={totals.expected > 0 ? formatRate(totals.rate, locale) : '—'}
          />
        </StatList>

        <WeeklyChart weeks={data.weeks} locale={locale} />

        <SessionsTable
          sessions={data.sessions}
          locale={locale}
          gridSessionId={gridSessionId}
          onOpenGrid={(sessionId) => send({ type: 'grid.opened', sessionId })}
        />

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

        <LearnersTable learners={data.learners} locale={locale} />
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
