import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { titleLink } from '@/components/ui/layout-styles';
import { css, cx } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon, ClockIcon, VideoIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Price } from '@/components/ui/price';
import { CoursePicture } from '@/components/ui/course-picture';
import { cardFooterRow } from '@/components/ui/course-card-parts';
import { usePageTitle } from '@/lib/document-head';
import { useMeridiem, weekdayName } from '@/components/ui/schedule';
import { browserTimeZone, WEEKDAYS } from '@/lib/time-slots';
import type { components } from '@contract/schema';
import { currentLocale, isLocale, type Locale } from '@/lib/i18n';
import type { Settled } from '@/lib/load';
import { nextMeeting } from './next-meeting';
import { Receipts } from './receipts';

type Enrollment = components['schemas']['Enrollment'];
type Wallet = components['schemas']['Wallet'];

/** "Monday, March, 3rd 2025 · 06:00 PM" in the viewer's time zone. */
function useMeetingText(epochMs: number | null, locale: Locale): string | null {
  const meridiem = useMeridiem();
  return useMemo(() => {
    if (epochMs === null) return null;
    const zone = browserTimeZone();
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    }).formatToParts(new Date(epochMs));
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    const isoDate = `${get('year')}-${get('month')}-${get('day')}`;
    const hour = Number(get('hour'));
    const minute = Number(get('minute'));
    const weekdayIndex = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
    const h12 = hour % 12 === 0 ? 12 : hour % 12;
    const time = `${String(h12).padStart(2, '0')}:${String(minute).padStart(2, '0')} ${hour < 12 ? meridiem.am : meridiem.pm}`;
    return `${weekdayName(WEEKDAYS[weekdayIndex]!, locale)}, ${formatLongDate(isoDate, locale)} · ${time}`;
  }, [epochMs, locale, meridiem.am, meridiem.pm]);
}

const metaRow = css({ display: 'flex', alignItems: 'flex-start', gap: '2', fontSize: 'sm', color: 'fg.muted' });

function EnrollmentCard({
  enrollment,
  locale,
  now,
  cancelAction,
}: {
  enrollment: Enrollment;
  locale: Locale;
  now: number;
  cancelAction?: ((enrollment: Enrollment) => ReactNode) | undefined;
}) {
  const { session, course } = enrollment;
  const next = useMemo(() => {
    try {
      return nextMeeting(session, now);
    } catch {
      return null; // an invalid zone or date in the data: show no next meeting
    }
  }, [session, now]);
  const nextText = useMeetingText(next?.start ?? null, locale);
  const start = formatLongDate(session.startDate, locale);
  const end = formatLongDate(session.endDate, locale);
  const live = next !== null && next.start <= now;
  const title = course.title;

  return (
    <Card as="article" className={css({ display: 'flex', flexDirection: 'column', width: 'full' })}>
      <CoursePicture src={course.pictureUrl} alt="" />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', padding: '5', flex: '1' })}>
        <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' })}>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'bold', lineHeight: '1.3' })}>
            <Link to="/sessions/$sessionId" params={{ sessionId: session.id }} className={titleLink}>
              {title}
            </Link>
          </h2>
          {enrollment.status === 'CANCELLED' ? (
            <Badge tone="red">
              <Trans>Cancelled</Trans>
            </Badge>
          ) : live ? (
            <Badge tone="green">
              <Trans>Live now</Trans>
            </Badge>
          ) : null}
        </div>
        <p className={metaRow}>
          <CalendarIcon size={16} className={css({ flexShrink: 0, marginBlockStart: '0.5' })} />
          <span>
            <Trans>
              {start} to {end}
            </Trans>
          </span>
        </p>
        <p className={metaRow}>
          <ClockIcon size={16} className={css({ flexShrink: 0, marginBlockStart: '0.5' })} />
          <span>
            {nextText ? (
              <>
                <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                  <Trans>Next meeting:</Trans>
                </span>{' '}
                {nextText}
              </>
            ) : (
              <Trans>No meetings left</Trans>
            )}
          </span>
        </p>
        <div className={cx(cardFooterRow, css({ gap: '3', flexWrap: 'wrap' }))}>
          <span
            className={css({
              fontSize: 'sm',
              color: 'fg.muted',
              display: 'inline-flex',
              gap: '1.5',
              alignItems: 'baseline',
            })}
          >
            {enrollment.paidAmount > 0 ? <Trans>Paid</Trans> : null}
            <Price value={enrollment.paidAmount / 100} size="sm" />
          </span>
          {enrollment.status === 'CANCELLED' ? (
            <Link
              to="/sessions/$sessionId"
              params={{ sessionId: session.id }}
              className={buttonStyles({ variant: 'outline', size: 'sm' })}
            >
              <VideoIcon size={16} />
              <Trans>Open session</Trans>
              <span className={css({ srOnly: true })}>: {title}</span>
            </Link>
          ) : (
            <span className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
              {/* A session that has ended is left as it is: nothing to cancel any more. */}
              {session.status === 'EXPIRED' ? null : cancelAction?.(enrollment)}
              <Link
                to="/classroom/$sessionId"
                params={{ sessionId: session.id }}
                className={buttonStyles({ variant: 'solid', size: 'sm' })}
              >
                <VideoIcon size={16} />
                <Trans>Go to classroom</Trans>
                <span className={css({ srOnly: true })}>: {title}</span>
              </Link>
            </span>
          )}
        </div>
      </div>
    </Card>
  );
}

/**
 * `/my-courses`: the learner's enrollments (`GET /sessions/enrollments`) as cards with the course
 * picture, title, dates, next meeting (viewer's time zone) and the amount paid; an empty state links
 * to explore. Below, the receipts of paid sessions (what, when, how: `Receipts`), how each was paid
 * read from the wallet ledger (`wallet`, `GET /payments/wallets/me`). An ACTIVE enrollment's card
 * offers `cancelAction` (cancel and be refunded).
 */
export function MyCoursesPage({
  enrollments,
  wallet,
  now = Date.now(),
  cancelAction,
}: {
  enrollments: Enrollment[];
  /** The "Cancel enrollment" of an ACTIVE enrollment's card (the route gives the payments feature's). */
  cancelAction?: (enrollment: Enrollment) => ReactNode;
  /** The wallet (settled: its failure is shown in the receipts); omitted → no receipts section. */
  wallet?: Settled<Wallet>;
  now?: number;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`My courses`);
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  // Upcoming and running sessions first, by next meeting; finished ones last.
  const sorted = useMemo(() => {
    const key = (e: Enrollment) => {
      try {
        return nextMeeting(e.session, now)?.start ?? Number.POSITIVE_INFINITY;
      } catch {
        return Number.POSITIVE_INFINITY;
      }
    };
    return [...enrollments].sort((a, b) => key(a) - key(b) || b.session.startDate.localeCompare(a.session.startDate));
  }, [enrollments, now]);

  return (
    <PageContainer>
      <PageHeader
        title={<Trans>My courses</Trans>}
        lead={<Trans>Your live sessions, with the next meeting in your time zone.</Trans>}
        actions={
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <Link to="/my-certificates" className={buttonStyles({ variant: 'ghost' })}>
              <Trans>My certificates</Trans>
            </Link>
            {enrollments.length ? (
              <Link to="/courses" className={buttonStyles({ variant: 'outline' })}>
                <Trans>Explore more courses</Trans>
              </Link>
            ) : null}
          </div>
        }
      />
      {sorted.length === 0 ? (
        <EmptyState
          title={<Trans>You have not enrolled in any session yet</Trans>}
          description={
            <Trans>Explore live courses taught by experts and join a session that fits your schedule.</Trans>
          }
          action={
            <Link to="/courses" className={buttonStyles({})}>
              <Trans>Explore courses</Trans>
            </Link>
          }
        />
      ) : (
        <ul
          className={css({
            display: 'grid',
            gap: '6',
            gridTemplateColumns: {
              base: '1fr',
              tablet: 'repeat(2, minmax(0, 1fr))',
              desktop: 'repeat(3, minmax(0, 1fr))',
            },
          })}
        >
          {sorted.map((enrollment) => (
            <li key={enrollment.id} className={css({ display: 'flex' })}>
              <EnrollmentCard enrollment={enrollment} locale={locale} now={now} cancelAction={cancelAction} />
            </li>
          ))}
        </ul>
      )}
      {wallet && enrollments.length > 0 ? <Receipts enrollments={enrollments} wallet={wallet} /> : null}
    </PageContainer>
  );
}
