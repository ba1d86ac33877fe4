import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCount, formatLongDate } from '@/components/ui/format';
import { visuallyHidden } from '@/components/ui/spinner';
import { type Locale } from '@/lib/i18n';
import { type CompanyAttendanceAnalytics } from '@machines/attendance-analytics.machine';
import { num, Rate, scroller, td, th } from './attendance-parts';

/** The learners table: meetings attended by each of the company's learners. */
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
            {learners.map((l) => {
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
            {sessions.map((s) => {
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
                      onClick={() => onOpenGrid(s.sessionId)}
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
  );
}
