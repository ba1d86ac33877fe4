import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Breadcrumb, breadcrumbLink } from '@/components/ui/breadcrumb';
import { css, cx } from 'styled-system/css';
import { actionLink } from '@/components/ui/layout-styles';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon, ClockIcon, GlobeIcon, UsersIcon } from '@/components/ui/icons';
import { Rating } from '@/components/ui/rating';
import { CoursePicture } from '@/components/ui/course-picture';
import { categoryName, difficultyLabels } from '@/lib/course-labels';
import { useSalesPageHead } from '@/lib/document-head';
import { sessionHeadText } from '@contract/page-heads';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import { WeeklySchedule, zoneLabel } from '@/components/ui/schedule';
import { SyllabusView } from '@/components/ui/syllabus';
import { categoryEyebrow } from '@/components/ui/course-card-parts';
import { HeroBand, HeroTitle, heroPicture, PageColumns } from '@/components/ui/course-hero';

type SessionInfo = components['schemas']['SessionInfo'];
type Syllabus = components['schemas']['Syllabus'];

export interface SessionPageData {
  session: SessionInfo;
  syllabus: Syllabus;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
      <dt className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'xs', color: 'fg.muted' })}>
        <span aria-hidden className={css({ color: 'primary.strong', display: 'inline-flex' })}>
          {icon}
        </span>
        {label}
      </dt>
      <dd className={css({ fontWeight: 'semibold', fontSize: 'sm', paddingInlineStart: '5.5' })}>{children}</dd>
    </div>
  );
}

/**
 * Session page (/sessions/$sessionId): the course and this session's dates, schedule and seats,
 * the enrollment panel, and the syllabus by week with meeting times in both time zones.
 */
export function SessionPage({
  data,
  enrollPanel,
}: {
  data: SessionPageData;
  /** The enrollment panel (the payments feature's `EnrollPanel`), composed by the route. */
  enrollPanel: (session: SessionPageData['session']) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { session, syllabus } = data;
  const course = session.course;
  const courseTitle = course.title;
  useSalesPageHead(sessionHeadText(course, session));
  const start = formatLongDate(session.startDate, locale);
  const end = formatLongDate(session.endDate, locale);
  const zone = zoneLabel(session.timezone);
  const seats = session.seatsLeft;
  const hours = course.numHours;

  return (
    <>
      <HeroBand
        layout={css({
          gridTemplateColumns: { base: '1fr', tablet: 'minmax(0, 1fr) 16rem', desktop: 'minmax(0, 1fr) 22rem' },
          gap: { base: '5', tablet: '8' },
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: 0 })}>
          <Breadcrumb label={t`Breadcrumb`}>
            <Link to="/courses" className={breadcrumbLink}>
              <Trans>Explore</Trans>
            </Link>
            <Link to="/courses/$courseId" params={{ courseId: course.id }} className={breadcrumbLink}>
              <bdi>{course.title}</bdi>
            </Link>
          </Breadcrumb>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
            <span className={categoryEyebrow}>{categoryName(course.category, locale)}</span>
            <StatusBadge status={session.status} />
          </div>
          <HeroTitle
            title={course.title}
            lead={
              <Trans>
                Live session from {start} to {end}
              </Trans>
            }
          />
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            <Rating average={course.rating.average} count={course.rating.count} />
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {t(difficultyLabels[course.difficultyLevel])}
            </span>
          </div>
        </div>
        <div className={cx(heroPicture, css({ display: { base: 'none', tablet: 'block' } }))}>
          <CoursePicture src={course.pictureUrl} alt="" eager />
        </div>
      </HeroBand>

      <PageColumns
        layout={css({
          gridTemplateColumns: { base: '1fr', miniDesktop: 'minmax(0, 1fr) 22rem' },
          paddingBlock: { base: '6', tablet: '10' },
        })}
      >
        <aside
          aria-label={t`Enrollment`}
          className={css({
            order: { base: 0, miniDesktop: 1 },
            position: { miniDesktop: 'sticky' },
            insetBlockStart: '24',
            display: 'flex',
            flexDirection: 'column',
            gap: '4',
          })}
        >
          <Card className={css({ padding: '5', display: 'flex', flexDirection: 'column', gap: '5' })}>
            {enrollPanel(session)}
            <dl className={css({ display: 'grid', gap: '4', gridTemplateColumns: '1fr 1fr' })}>
              <Fact icon={<CalendarIcon size={16} />} label={<Trans>Starts</Trans>}>
                {start}
              </Fact>
              <Fact icon={<CalendarIcon size={16} />} label={<Trans>Ends</Trans>}>
                {end}
              </Fact>
              <Fact icon={<UsersIcon size={16} />} label={<Trans>Seats</Trans>}>
                {session.seatsLeft > 0 ? (
                  <Plural value={seats} one="# seat left" other="# seats left" />
                ) : (
                  <Trans>Session full</Trans>
                )}
              </Fact>
              <Fact icon={<ClockIcon size={16} />} label={<Trans>Length</Trans>}>
                <Plural value={hours} one="# hour live" other="# hours live" />
              </Fact>
              <Fact icon={<GlobeIcon size={16} />} label={<Trans>Time zone</Trans>}>
                {zone}
              </Fact>
              <Fact icon={<UsersIcon size={16} />} label={<Trans>Educator</Trans>}>
                {session.educator.name}
              </Fact>
            </dl>
          </Card>
        </aside>

        <div className={css({ display: 'flex', flexDirection: 'column', gap: '10', minWidth: 0 })}>
          <section aria-labelledby="schedule-title">
            <h2 id="schedule-title" className={css({ fontSize: 'xl', fontWeight: 'bold', marginBlockEnd: '4' })}>
              <Trans>Weekly schedule</Trans>
            </h2>
            <Card className={css({ padding: '5' })}>
              <WeeklySchedule schedule={session.schedule} timezone={session.timezone} from={session.startDate} />
            </Card>
          </section>

          <section aria-labelledby="syllabus-title">
            <h2 id="syllabus-title" className={css({ fontSize: 'xl', fontWeight: 'bold', marginBlockEnd: '4' })}>
              <Trans>Syllabus</Trans>
            </h2>
            <SyllabusView syllabus={syllabus} startDate={session.startDate} />
          </section>

          <section aria-labelledby="course-about-title">
            <h2 id="course-about-title" className={css({ fontSize: 'xl', fontWeight: 'bold', marginBlockEnd: '3' })}>
              <Trans>About the course</Trans>
            </h2>
            {/* The educator's text sets its own paragraph direction (dir="auto"), as on the course page. */}
            <p dir="auto" className={css({ color: 'fg.default', lineHeight: '1.75' })}>
              {course.description}
            </p>
            <Link
              to="/courses/$courseId"
              params={{ courseId: course.id }}
              className={cx(actionLink, css({ display: 'inline-block', marginBlockStart: '3' }))}
            >
              <Trans>Read more about {courseTitle}</Trans>
            </Link>
          </section>
        </div>
      </PageColumns>
    </>
  );
}
