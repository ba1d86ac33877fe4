import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { numericCell, RateWithBar, rowHeadCell, ScrollingTable } from '@/components/ui/card-section';
import { formatCount, formatLongDate } from '@/components/ui/format';
import { visuallyHidden } from '@/components/ui/spinner';
import { denseTableCell as td } from '@/components/ui/table';
import { type Locale } from '@/lib/i18n';
import { type CompanyAttendanceAnalytics } from '@machines/attendance-analytics.machine';

const tableTitle = css({
  fontSize: 'lg',
  fontWeight: 'semibold',
  paddingInline: { base: '4', tablet: '6' },
  paddingBlock: '4',
});

/**
 * The learners table: meetings attended by each of the company's learners, the meetings their
 * educator excused them from (left out of the rate), and the rate.
 */
export function LearnersTable({
  learners,
  locale,
}: {
  learners: CompanyAttendanceAnalytics['learners'];
  locale: Locale;
}) {
  const { t } = useLingui();
  return (
    <Card as="section">
      <h2 id="analytics-learners-title" className={tableTitle}>
        <Trans>Learners</Trans>
      </h2>
      <ScrollingTable
        labelledBy="analytics-learners-title"
        caption={t`Meetings attended by each of your company's learners`}
        className={css({ minWidth: '32rem' })}
        columns={[
          <Trans key="learner">Learner</Trans>,
          <Trans key="sessions">Sessions</Trans>,
          <Trans key="attended">Attended</Trans>,
          <Trans key="excused">Excused</Trans>,
          <Trans key="attendance">Attendance</Trans>,
        ]}
      >
        {learners.map((l) => {
          const attended = formatCount(l.attended, locale);
          const held = formatCount(l.held, locale);
          return (
            <tr key={l.learner.id} data-testid="analytics-learner">
              <th scope="row" className={rowHeadCell}>
                <bdi>{l.learner.name}</bdi>
                <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}>
                  <bdi>{l.email}</bdi>
                </span>
              </th>
              <td className={cx(td, numericCell)}>{formatCount(l.sessions, locale)}</td>
              <td className={cx(td, numericCell)}>{t`${attended} of ${held}`}</td>
              <td className={cx(td, numericCell)}>{formatCount(l.excused, locale)}</td>
              <td className={td}>
                <RateWithBar rate={l.rate} locale={locale} />
              </td>
            </tr>
          );
        })}
      </ScrollingTable>
    </Card>
  );
}

/** The sessions table: the attendance of the company's learners per session, each with its grid button. */
export function SessionsTable({
  sessions,
  locale,
  gridSessionId,
  onOpenGrid,
}: {
  sessions: CompanyAttendanceAnalytics['sessions'];
  locale: Locale;
  /** The session whose grid is open, if any. */
  gridSessionId: number | null;
  onOpenGrid: (sessionId: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Card as="section">
      <h2 id="analytics-sessions-title" className={tableTitle}>
        <Trans>Sessions</Trans>
      </h2>
      <ScrollingTable
        labelledBy="analytics-sessions-title"
        caption={t`Attendance of your company's learners per session`}
        className={css({ minWidth: '48rem' })}
        columns={[
          <Trans key="course">Course</Trans>,
          <Trans key="dates">Dates</Trans>,
          <Trans key="learners">Learners</Trans>,
          <Trans key="held">Meetings held</Trans>,
          <Trans key="attendance">Attendance</Trans>,
          <span key="grid" className={visuallyHidden}>
            <Trans>Grid</Trans>
          </span>,
        ]}
      >
        {sessions.map((s) => {
          const attended = formatCount(s.attended, locale);
          const expected = formatCount(s.expected, locale);
          return (
            <tr key={s.sessionId}>
              <th scope="row" className={rowHeadCell}>
                <bdi>{s.courseTitle}</bdi>
              </th>
              <td className={cx(td, css({ whiteSpace: 'nowrap' }))}>
                {formatLongDate(s.startDate, locale)} – {formatLongDate(s.endDate, locale)}
              </td>
              <td className={cx(td, numericCell)}>{formatCount(s.learners, locale)}</td>
              <td className={cx(td, numericCell)}>{formatCount(s.meetingsHeld, locale)}</td>
              <td className={td}>
                {s.meetingsHeld === 0 ? (
                  <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    <Trans>No meeting held yet</Trans>
                  </span>
                ) : (
                  <>
                    <RateWithBar rate={s.rate} locale={locale} />
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
                  onClick={() => onOpenGrid(s.sessionId)}
                  aria-label={t`Attendance grid of ${s.courseTitle}`}
                >
                  <Trans>Grid</Trans>
                </Button>
              </td>
            </tr>
          );
        })}
      </ScrollingTable>
    </Card>
  );
}
