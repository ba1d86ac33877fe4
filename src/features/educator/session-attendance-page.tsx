import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCount } from '@/components/ui/format';
import { UsersIcon, VideoIcon } from '@/components/ui/icons';
import { PageContainer } from '@/components/ui/page';
import { CalendarDownload } from '@/components/ui/calendar-download';
import { formatInstant } from '@/lib/classroom-time';
import type { Settled as Loaded } from '@/lib/load';
import { useErrorToast } from '@/lib/use-toast-once';
import { usePageTitle } from '@/lib/document-head';
import { useMeridiem, zoneLabel } from '@/components/ui/schedule';
import type { Api } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import { SessionPageHeader } from './session-tabs';
import { formatRate, RateBar } from '@/components/ui/rate-bar';
import { type SessionAttendance, AttendanceGrid } from './session-attendance-grid';
import { TakeAttendanceSection } from './take-attendance-section';
import { denseTableCell } from '@/components/ui/table';
import {
  CardSectionHeader,
  cardListRow,
  numericCell,
  RateWithBar,
  rowHeadCell,
  ScrollingTable,
  StatList,
  StatTile,
} from '@/components/ui/card-section';

type SessionInfo = components['schemas']['SessionInfo'];
export interface SessionAttendanceData {
  session: SessionInfo;
  /** GET /sessions/{id}/attendance, settled (a failure is shown on the page). */
  attendance: Loaded<SessionAttendance>;
}

/**
 * The session's overall attendance rate (0…1): occurrences attended over occurrences held less
 * those excused, summed over the learners (docs/decisions.md "Taking attendance"); 0 when nothing
 * was expected.
 */
export function overallRate(attendance: SessionAttendance): number {
  const attended = attendance.learners.reduce((sum, l) => sum + l.attended, 0);
  const expected = attendance.learners.reduce((sum, l) => sum + l.held - l.excused, 0);
  return expected > 0 ? attended / expected : 0;
}

/**
 * A session's attendance (/dashboard/sessions/$sessionId/attendance, educators and admins; DESIGN
 * #overview Attendance, docs/classroom.md): the meeting occurrences held so far (oldest first, in the
 * session's time zone) with how many learners joined each, and per learner the occurrences
 * attended out of those held with the rate; totals on top and the session's calendar (.ics) to
 * download; "Take attendance" lets the educator mark each learner at a meeting held (the marks win over
 * the joins in every figure here); a learners × meetings grid says who attended which occurrence.
 * Empty (no meeting held yet) and failed-with-retry states; the route shows the loading state.
 */
export function SessionAttendancePage({
  data,
  api,
  onRetry,
}: {
  data: SessionAttendanceData;
  api: Api;
  /** Loads the attendance again (e.g. `router.invalidate()`; also after a mark is saved); the button spins while it runs. */
  onRetry: () => Promise<unknown> | void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const meridiem = useMeridiem();
  const { session } = data;
  const title = session.course.title;
  usePageTitle(t`Attendance of ${title}`);
  const failure = data.attendance.ok ? null : data.attendance.error;
  useErrorToast(failure, t`Could not get the attendance !`, failure?.serverMessage);
  const [retrying, setRetrying] = useState(false);
  const zone = zoneLabel(session.timezone);

  function retry() {
    setRetrying(true);
    void Promise.resolve(onRetry()).finally(() => setRetrying(false));
  }

  function when(iso: string): string {
    try {
      return formatInstant(iso, session.timezone, locale, meridiem);
    } catch {
      return iso;
    }
  }

  const header = (
    <SessionPageHeader
      session={session}
      eyebrow={<Trans>Attendance</Trans>}
      current="attendance"
      actions={<CalendarDownload api={api} sessionId={session.id} />}
    />
  );

  if (!data.attendance.ok) {
    return (
      <PageContainer>
        {header}
        <EmptyState
          title={<Trans>Could not get the attendance !</Trans>}
          description={data.attendance.error.serverMessage ?? t`System error please try later !`}
          action={
            <Button onClick={retry} loading={retrying}>
              {t`Try again`}
            </Button>
          }
        />
      </PageContainer>
    );
  }

  const { meetings, learners } = data.attendance.data;
  const enrolled = learners.length;

  return (
    <PageContainer>
      {header}
      {meetings.length === 0 ? (
        <EmptyState
          icon={<VideoIcon size={28} />}
          title={<Trans>No meeting has taken place yet</Trans>}
          description={
            <Trans>
              Attendance is recorded when learners join a live meeting from the classroom. It appears here once the
              first meeting has started.
            </Trans>
          }
        />
      ) : (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
          <StatList label={t`Totals`}>
            <StatTile label={<Trans>Meetings held</Trans>} value={formatCount(meetings.length, locale)} />
            <StatTile label={<Trans>Learners</Trans>} value={formatCount(enrolled, locale)} />
            <StatTile
              label={<Trans>Overall attendance</Trans>}
              value={formatRate(overallRate(data.attendance.data), locale)}
            />
          </StatList>

          <TakeAttendanceSection
            api={api}
            sessionId={session.id}
            meetings={meetings}
            when={when}
            onSaved={() => void onRetry()}
          />

          <Card as="section" aria-labelledby="attendance-meetings-title">
            <CardSectionHeader
              titleId="attendance-meetings-title"
              title={<Trans>Meetings</Trans>}
              description={t`Times in ${zone} time.`}
            />
            <ol className={css({ listStyle: 'none', padding: 0 })}>
              {meetings.map((m) => {
                const attendees = formatCount(m.attendees, locale);
                const of = formatCount(enrolled, locale);
                const rate = enrolled > 0 ? m.attendees / enrolled : 0;
                return (
                  <li
                    key={`${m.lessonId}-${m.occurrenceDate}`}
                    data-testid="attendance-meeting"
                    className={cx(
                      cardListRow,
                      css({
                        display: 'grid',
                        gridTemplateColumns: { base: '1fr', tablet: 'minmax(0, 1fr) minmax(14rem, auto)' },
                        alignItems: 'center',
                        gap: { base: '2', tablet: '6' },
                      }),
                    )}
                  >
                    <div className={css({ minWidth: 0 })}>
                      <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
                        <bdi>{m.lessonName}</bdi>
                      </p>
                      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                        <time dateTime={m.startsAt}>{when(m.startsAt)}</time>
                      </p>
                    </div>
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
                      <span className={cx(numericCell, css({ fontSize: 'sm' }))}>
                        {t`${attendees} of ${of} learners attended`}
                      </span>
                      <RateBar rate={rate} />
                      <span
                        className={css({ fontSize: 'sm', fontWeight: 'semibold', minWidth: '3rem', textAlign: 'end' })}
                      >
                        {formatRate(rate, locale)}
                      </span>
                    </div>
                  </li>
                );
              })}
            </ol>
          </Card>

          <Card as="section" aria-labelledby="attendance-learners-title">
            <CardSectionHeader titleId="attendance-learners-title" title={<Trans>Attendance per learner</Trans>} />
            {learners.length === 0 ? (
              <EmptyState
                className={css({ margin: '4' })}
                icon={<UsersIcon size={28} />}
                title={<Trans>No learner has enrolled yet</Trans>}
              />
            ) : (
              <ScrollingTable
                labelledBy="attendance-learners-title"
                caption={<Trans>Meetings attended by each learner out of those held</Trans>}
                columns={[
                  <Trans key="learner">Learner</Trans>,
                  <Trans key="attended">Attended</Trans>,
                  <Trans key="excused">Excused</Trans>,
                  <Trans key="rate">Rate</Trans>,
                ]}
              >
                {learners.map((l) => {
                  const attended = formatCount(l.attended, locale);
                  return (
                    <tr key={l.learner.id}>
                      <th scope="row" className={rowHeadCell}>
                        <bdi>{l.learner.name}</bdi>
                      </th>
                      <td className={cx(denseTableCell, numericCell)}>
                        {plural(l.held, { one: `${attended} of # meeting`, other: `${attended} of # meetings` })}
                      </td>
                      <td className={cx(denseTableCell, numericCell)}>{formatCount(l.excused, locale)}</td>
                      <td className={denseTableCell}>
                        <RateWithBar rate={l.rate} locale={locale} />
                      </td>
                    </tr>
                  );
                })}
              </ScrollingTable>
            )}
          </Card>

          {learners.length > 0 && (
            <AttendanceGrid attendance={data.attendance.data} timeZone={session.timezone} locale={locale} />
          )}
        </div>
      )}
    </PageContainer>
  );
}
