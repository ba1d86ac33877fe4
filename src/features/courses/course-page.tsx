import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Breadcrumb, breadcrumbLink } from '@/components/ui/breadcrumb';
import { css, cx } from 'styled-system/css';
import { baselineSpreadRow } from '@/components/ui/layout-styles';
import { plainList } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon, ClockIcon, GlobeIcon, VideoIcon } from '@/components/ui/icons';
import { Rating } from '@/components/ui/rating';
import { CoursePicture } from '@/components/ui/course-picture';
import { categoryName, difficultyLabels } from '@/lib/course-labels';
import { useSalesPageHead } from '@/lib/document-head';
import { courseHeadText } from '@contract/page-heads';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import { RemoveReviewButton, ReviewPanel } from './review-panel';
import { Fact, HeroBand, HeroTitle, heroPicture, PageColumns } from '@/components/ui/course-hero';
import {
  type SessionSummary,
  sectionTitle,
  skillChip,
  Avatar,
  instantDate,
  SessionOfferCard,
} from './course-page-parts';

type CourseInfo = components['schemas']['CourseInfo'];
type Review = components['schemas']['Review'];

export interface CoursePageData {
  course: CourseInfo;
  sessions: SessionSummary[];
  reviews: { items: Review[]; total: number };
  /** The sessions the signed-in learner is enrolled in (ACTIVE); empty for everyone else. */
  enrolledSessionIds?: number[];
}

/**
 * Course page (/courses/$courseId): header with picture, rating and key facts; about, skills
 * gained and required, the educator, reviews; and the course's active sessions to choose from.
 * `waitlist` (the route's "Join the waitlist" box) is offered when no session is open
 * or every open session is full.
 */
export function CoursePage({
  data,
  waitlist,
  cancelAction,
}: {
  data: CoursePageData;
  waitlist?: ReactNode;
  /** "Cancel enrollment" of a session the learner is enrolled in (the route gives the payments feature's). */
  cancelAction?: (session: { id: number }) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { course, sessions, reviews } = data;
  useSalesPageHead(courseHeadText(course));
  const title = course.title;
  const category = categoryName(course.category, locale);
  const hours = course.numHours;
  const openSessions = sessions.length;

  return (
    <>
      <HeroBand
        layout={css({
          gridTemplateColumns: { base: '1fr', miniDesktop: '3fr 2fr' },
          gap: { base: '6', desktop: '12' },
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: 0 })}>
          <Breadcrumb label={t`Breadcrumb`}>
            <Link to="/courses" className={breadcrumbLink}>
              <Trans>Explore</Trans>
            </Link>
            <Link to="/courses" search={{ categoryId: course.category.id }} className={breadcrumbLink}>
              {category}
            </Link>
          </Breadcrumb>
          <HeroTitle title={course.title} lead={course.description} leadDir="auto" />
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            {/* Without reviews the reviews section says so: not twice. */}
            {course.rating.count > 0 ? <Rating average={course.rating.average} count={course.rating.count} /> : null}
            <Badge tone="blue">{t(difficultyLabels[course.difficultyLevel])}</Badge>
          </div>
          <ul className={plainList({ direction: 'row', gap: '4' })}>
            <Fact icon={<ClockIcon size={16} />}>
              <Plural value={hours} one="# hour live" other="# hours live" />
            </Fact>
            <Fact icon={<GlobeIcon size={16} />}>{course.language.name}</Fact>
            <Fact icon={<CalendarIcon size={16} />}>
              <Plural value={openSessions} _0="No open session" one="# open session" other="# open sessions" />
            </Fact>
          </ul>
          {sessions.length > 0 ? (
            <a href="#sessions-title" className={cx(buttonStyles({ size: 'lg' }), css({ alignSelf: 'flex-start' }))}>
              <CalendarIcon size={18} />
              <Trans>Choose a session</Trans>
            </a>
          ) : null}
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
            <Avatar name={course.educator.name} src={course.educator.pictureUrl} size={40} />
            <div>
              <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                <Trans>Educator</Trans>
              </p>
              <p className={css({ fontWeight: 'semibold' })}>{course.educator.name}</p>
            </div>
          </div>
        </div>
        <div className={cx(heroPicture, css({ width: 'full', maxWidth: { tablet: '30rem', miniDesktop: 'none' } }))}>
          <CoursePicture src={course.pictureUrl} alt={t`Picture of the course ${title}`} eager />
        </div>
      </HeroBand>

      <PageColumns
        layout={css({
          gridTemplateColumns: { base: '1fr', miniDesktop: 'minmax(0, 3fr) minmax(20rem, 2fr)' },
          paddingBlock: { base: '8', tablet: '12' },
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '10', minWidth: 0 })}>
          <section aria-labelledby="about-title">
            <h2 id="about-title" className={sectionTitle}>
              <Trans>About this course</Trans>
            </h2>
            {/* dir="auto": the educator's text sets its own paragraph direction (an English text on the
                Arabic page reads left to right, its full stop last, on every line it wraps to). */}
            <p dir="auto" className={css({ whiteSpace: 'pre-line', color: 'fg.default', lineHeight: '1.75' })}>
              {course.about || course.description}
            </p>
            {course.videoUrl ? (
              <a
                href={course.videoUrl}
                target="_blank"
                rel="noreferrer"
                className={cx(buttonStyles({ variant: 'outline', size: 'sm' }), css({ marginBlockStart: '4' }))}
              >
                <VideoIcon size={16} />
                <Trans>Watch the introduction video</Trans>
              </a>
            ) : null}
          </section>

          <section
            aria-labelledby="skills-title"
            className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}
          >
            <h2 id="skills-title" className={cx(sectionTitle, css({ gridColumn: '1 / -1', marginBlockEnd: '0' }))}>
              <Trans>Skills</Trans>
            </h2>
            <div>
              <h3 className={css({ fontWeight: 'semibold', marginBlockEnd: '3' })}>
                <Trans>What you will learn</Trans>
              </h3>
              {course.gainedSkills.length > 0 ? (
                <ul className={plainList({ direction: 'row', gap: '2' })}>
                  {course.gainedSkills.map((s) => (
                    <li
                      key={s.id}
                      className={cx(skillChip, css({ bg: 'secondary.subtle', color: 'secondary.stronger' }))}
                    >
                      {s.name}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                  <Trans>Not listed yet.</Trans>
                </p>
              )}
            </div>
            <div>
              <h3 className={css({ fontWeight: 'semibold', marginBlockEnd: '3' })}>
                <Trans>Skills required</Trans>
              </h3>
              {course.requiredSkills.length > 0 ? (
                <ul className={plainList({ direction: 'row', gap: '2' })}>
                  {course.requiredSkills.map((s) => (
                    <li
                      key={s.id}
                      className={cx(
                        skillChip,
                        css({
                          bg: 'bg.subtle',
                          color: 'fg.default',
                          borderWidth: '1px',
                          borderColor: 'border.default',
                        }),
                      )}
                    >
                      {s.name}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                  <Trans>No prerequisites: beginners welcome.</Trans>
                </p>
              )}
            </div>
          </section>

          <section aria-labelledby="reviews-title">
            <div className={cx(baselineSpreadRow, css({ gap: '3', marginBlockEnd: '4' }))}>
              <h2 id="reviews-title" className={cx(sectionTitle, css({ marginBlockEnd: '0' }))}>
                <Trans>Reviews</Trans>
              </h2>
              {/* With no review yet the empty state below says so; the summary would say it twice. */}
              {course.rating.count > 0 ? <Rating average={course.rating.average} count={course.rating.count} /> : null}
            </div>
            <ReviewPanel courseId={course.id} />
            {reviews.items.length > 0 ? (
              <ul className={plainList({ gap: '4' })}>
                {reviews.items.map((review) => (
                  <li key={review.id}>
                    <Card
                      as="article"
                      className={css({ padding: '5', display: 'flex', flexDirection: 'column', gap: '3' })}
                    >
                      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
                        <Avatar name={review.author.name} src={review.author.pictureUrl} size={36} />
                        <div className={css({ flex: '1', minWidth: 0 })}>
                          <h3 className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{review.author.name}</h3>
                          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                            <time dateTime={review.createdAt}>{instantDate(review.createdAt, locale)}</time>
                            {review.updatedAt ? (
                              <>
                                {' · '}
                                <Trans>edited</Trans>
                              </>
                            ) : null}
                          </p>
                        </div>
                        <Rating average={review.ratingValue} size={14} />
                      </div>
                      <p className={css({ whiteSpace: 'pre-line' })}>
                        <bdi>{review.content}</bdi>
                      </p>
                      <div
                        className={css({
                          display: 'flex',
                          justifyContent: 'flex-end',
                          marginBlockStart: '-2',
                          _empty: { display: 'none' },
                        })}
                      >
                        <RemoveReviewButton courseId={course.id} review={review} />
                      </div>
                    </Card>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState
                title={<Trans>No reviews yet</Trans>}
                description={<Trans>Learners of this course can review it once their session has started.</Trans>}
              />
            )}
          </section>
        </div>

        <aside
          aria-labelledby="sessions-title"
          className={css({
            position: { miniDesktop: 'sticky' },
            insetBlockStart: '24',
            display: 'flex',
            flexDirection: 'column',
            gap: '4',
          })}
        >
          <h2
            id="sessions-title"
            tabIndex={-1}
            className={cx(sectionTitle, css({ marginBlockEnd: '0', scrollMarginBlockStart: '24', outline: 'none' }))}
          >
            <Trans>Upcoming sessions</Trans>
          </h2>
          {sessions.length > 0 ? (
            <ul className={plainList({ gap: '4' })}>
              {sessions.map((session) => (
                <li key={session.id}>
                  <SessionOfferCard
                    session={session}
                    locale={locale}
                    enrolled={data.enrolledSessionIds?.includes(session.id) ?? false}
                    cancelAction={cancelAction?.(session)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={<CalendarIcon size={28} />}
              title={<Trans>No open session right now</Trans>}
              description={<Trans>A new session of this course will be announced soon.</Trans>}
            />
          )}
          {waitlist && sessions.every((s) => s.seatsLeft <= 0) ? (
            <section
              aria-labelledby="waitlist-title"
              className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
            >
              <h3 id="waitlist-title" className={css({ fontSize: 'md', fontWeight: 'bold' })}>
                <Trans>Waitlist</Trans>
              </h3>
              {waitlist}
            </section>
          ) : null}
        </aside>
      </PageColumns>
    </>
  );
}
