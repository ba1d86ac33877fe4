import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { titleLink } from '@/components/ui/layout-styles';
import { css, cx } from 'styled-system/css';
import { classroomPanel } from './styles';
import { plainList, progressTrack } from 'styled-system/recipes';
import { StatusBadge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatLongDate } from '@/components/ui/format';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { usePageTitle } from '@/lib/document-head';
import { browserTimeZone } from '@/lib/time-slots';
import type { Api } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { CalendarDownload } from '@/components/ui/calendar-download';
import { Countdown, JoinMeetingButton, OccurrenceTimes, useUiLocale } from './meeting';
import { MyGrades } from './my-grades';
import { useNow } from './use-now';
import { ChatPanel } from './chat-panel';
import { ClassroomBreadcrumb } from './classroom-breadcrumb';
import { type Classroom, WeekBlock } from './classroom-week';

/** The next live meeting, highlighted: name, countdown, time in both zones, join. */
function NextMeetingCard({
  classroom,
  api,
  now,
  viewerZone,
}: {
  classroom: Classroom;
  api: Api;
  now: number;
  viewerZone: string;
}) {
  const next = classroom.nextMeeting;
  return (
    <Card
      as="section"
      aria-labelledby="next-meeting-title"
      className={cx(
        classroomPanel,
        css({
          borderInlineStartWidth: '4px',
          borderInlineStartColor: 'tertiary.strong',
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', tablet: 'minmax(0, 1fr) auto' },
          alignItems: 'start',
        }),
      )}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <h2
          id="next-meeting-title"
          className={css({
            fontSize: 'sm',
            fontWeight: 'semibold',
            color: 'tertiary.stronger',
            textTransform: 'uppercase',
            letterSpacing: 'wide',
          })}
        >
          <Trans>Next live meeting</Trans>
        </h2>
        {next ? (
          <>
            <p className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
              <Link
                to="/classroom/$sessionId/lessons/$lessonId"
                params={{ sessionId: classroom.sessionId, lessonId: next.lessonId }}
                className={titleLink}
              >
                <bdi>{next.lessonName}</bdi>
              </Link>
            </p>
            <Countdown occurrence={next.occurrence} now={now} />
            <OccurrenceTimes occurrence={next.occurrence} sessionZone={classroom.timezone} viewerZone={viewerZone} />
          </>
        ) : (
          <p className={css({ color: 'fg.muted' })}>
            <Trans>No live meetings left in this session.</Trans>
          </p>
        )}
      </div>
      {next ? (
        <JoinMeetingButton
          api={api}
          sessionId={classroom.sessionId}
          lessonId={next.lessonId}
          lessonName={next.lessonName}
          occurrence={next.occurrence}
          now={now}
          viewerZone={viewerZone}
        />
      ) : null}
    </Card>
  );
}

/**
 * `/classroom/$sessionId`: a session's classroom (GET /sessions/{id}/classroom) for an enrolled
 * learner, the session's educator or an admin: the course header with the educator and dates, the
 * learner's progress, the next live meeting highlighted (countdown; time in the viewer's zone and
 * the session's; "Join meeting" in its join window), a "Download calendar (.ics)" button, and the
 * syllabus by week and section, each lesson with its type, duration, the learner's status
 * (docs/classroom.md "Lesson status") and grade, linking to the lesson page.
 *
 * `now` (epoch ms) and `viewerTimeZone` default to the clock (ticking) and the browser's zone.
 */
export function ClassroomPage({
  classroom,
  api,
  auth,
  now: fixedNow,
  viewerTimeZone,
}: {
  classroom: Classroom;
  api: Api;
  /** The auth actor: the chat's token and its reset on sign-out; no chat without it (UI tests). */
  auth?: AuthActor;
  now?: number;
  viewerTimeZone?: string;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const now = useNow(fixedNow);
  const viewerZone = viewerTimeZone ?? browserTimeZone();
  const title = classroom.courseTitle;
  usePageTitle(t`Classroom: ${title}`);
  const learner = classroom.viewerRole === 'LEARNER';
  const weeks = useMemo(() => [...classroom.weeks].sort((a, b) => a.week - b.week), [classroom.weeks]);
  const start = formatLongDate(classroom.startDate, locale);
  const end = formatLongDate(classroom.endDate, locale);
  const educator = classroom.educator.name;
  const { done, total } = classroom.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;

  return (
    <PageContainer>
      <ClassroomBreadcrumb learner={learner}>
        <span aria-current="page">
          <bdi>{title}</bdi>
        </span>
      </ClassroomBreadcrumb>
      <PageHeader
        eyebrow={<Trans>Classroom</Trans>}
        title={<bdi>{title}</bdi>}
        lead={
          <>
            {t`With ${educator}`} · {t`${start} to ${end}`}
          </>
        }
        actions={
          <>
            <CalendarDownload api={api} sessionId={classroom.sessionId} />
            <Link
              to="/sessions/$sessionId"
              params={{ sessionId: classroom.sessionId }}
              className={buttonStyles({ variant: 'ghost' })}
            >
              <Trans>Session details</Trans>
            </Link>
          </>
        }
      />
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', marginBlockEnd: '6' })}>
        <StatusBadge status={classroom.status} />
        {learner ? (
          <div
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              flex: '1',
              minWidth: '14rem',
              maxWidth: '32rem',
            })}
          >
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={done}
              aria-label={t`Your progress`}
              aria-valuetext={t`${done} of ${total} lessons done`}
              className={progressTrack()}
            >
              <div
                className={css({ height: 'full', bg: 'secondary.strong', borderRadius: 'full' })}
                style={{ width: `${percent}%` }}
              />
            </div>
            <span
              className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'nowrap' })}
            >{t`${done} of ${total} lessons done`}</span>
          </div>
        ) : null}
      </div>

      <NextMeetingCard classroom={classroom} api={api} now={now} viewerZone={viewerZone} />

      {learner ? <MyGrades api={api} sessionId={classroom.sessionId} /> : null}

      {auth ? <ChatPanel api={api} auth={auth} sessionId={classroom.sessionId} /> : null}

      <h2 className={css({ fontSize: { base: 'xl', tablet: '2xl' }, fontWeight: 'bold', marginBlockEnd: '4' })}>
        <Trans>Syllabus</Trans>
      </h2>
      {weeks.length === 0 ? (
        <EmptyState
          title={<Trans>The syllabus is being prepared</Trans>}
          description={<Trans>The educator has not published the lessons yet.</Trans>}
        />
      ) : (
        <ol className={plainList({ gap: '5' })}>
          {weeks.map((week) => (
            <WeekBlock key={week.week} week={week} classroom={classroom} showStatus={learner} viewerZone={viewerZone} />
          ))}
        </ol>
      )}
    </PageContainer>
  );
}
export type { Classroom } from './classroom-week';
