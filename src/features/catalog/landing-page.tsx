import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { actionLink, gridList } from '@/components/ui/layout-styles';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon, LayersIcon, UsersIcon, VideoIcon } from '@/components/ui/icons';
import { containerStyles, Section } from '@/components/ui/page';
import { usePageTitle } from '@/lib/document-head';
import { CategoryChips } from './category-chips';
import { CourseGrid } from './course-card';
import { ExploreFailedSlot } from './explore-failed-slot';
import type { ApiError } from '@/lib/api/client';
import { CoursePicture } from '@/components/ui/course-picture';
import type { Category, CourseSummary } from '@/lib/course-labels';

export interface LandingData {
  courses: CourseSummary[];
  total: number;
  categories: Category[];
  /** Why `GET /courses/explore` failed (no courses then), or null. */
  failure?: ApiError | null;
}

function HeroCollage({ courses }: { courses: CourseSummary[] }) {
  const pictures = courses.filter((c) => c.pictureUrl).slice(0, 3);
  if (pictures.length === 0) return null;
  return (
    <div
      aria-hidden
      className={css({
        display: { base: 'none', miniDesktop: 'grid' },
        gridTemplateColumns: '1fr 1fr',
        gridTemplateRows: 'auto auto',
        gap: '4',
        alignSelf: 'center',
      })}
    >
      {pictures.map((course, i) => (
        <div
          key={course.id}
          className={cx(
            css({ borderRadius: '2xl', overflow: 'hidden', boxShadow: 'raised', bg: 'bg.surface' }),
            i === 0 ? css({ gridColumn: '1 / span 2' }) : undefined,
          )}
        >
          <CoursePicture src={course.pictureUrl} alt="" eager />
        </div>
      ))}
    </div>
  );
}

const feature = css({ display: 'flex', gap: '3', alignItems: 'flex-start' });
const featureIcon = css({
  display: 'inline-flex',
  padding: '2.5',
  borderRadius: 'lg',
  bg: 'primary.subtle',
  color: 'primary.strong',
  flexShrink: 0,
});

/**
 * The public landing page: hero with the product promise (product.md#overview), category chips, and the
 * upcoming live courses (GET /courses/explore).
 */
export function LandingPage({ data }: { data: LandingData }) {
  const { t } = useLingui();
  usePageTitle(t`Live computer-science courses`);
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className={css({
          backgroundImage:
            'radial-gradient(ellipse at top, {colors.primary.subtle} 0%, transparent 60%), linear-gradient(180deg, {colors.bg.surface} 0%, {colors.bg.canvas} 100%)',
          borderBlockEndWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        <div
          className={cx(
            containerStyles,
            css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', miniDesktop: '1.1fr 1fr' },
              gap: { base: '8', desktop: '16' },
              paddingBlock: { base: '10', tablet: '16', desktop: '20' },
            }),
          )}
        >
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', justifyContent: 'center' })}>
            <p
              className={css({
                display: 'inline-flex',
                alignSelf: 'flex-start',
                alignItems: 'center',
                gap: '2',
                paddingInline: '3',
                paddingBlock: '1',
                borderRadius: 'full',
                bg: 'secondary.subtle',
                color: 'secondary.stronger',
                fontSize: 'sm',
                fontWeight: 'semibold',
              })}
            >
              <span
                aria-hidden
                className={css({ width: '2', height: '2', borderRadius: 'full', bg: 'secondary.strong' })}
              />
              <Trans>Live, instructor-led computer science</Trans>
            </p>
            <h1
              id="hero-title"
              className={css({
                fontSize: { base: '3xl', tablet: '5xl', largeDesktop: '6xl' },
                fontWeight: 'extrabold',
                letterSpacing: 'tight',
                lineHeight: '1.1',
                color: 'fg.default',
              })}
            >
              <Trans>Learn to build software, live with experts</Trans>
            </h1>
            <p className={css({ fontSize: { base: 'lg', tablet: 'xl' }, color: 'fg.muted', maxWidth: '36rem' })}>
              <Trans>100% live, affordable, project-based courses taught by experts</Trans>
            </p>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', marginBlockStart: '2' })}>
              <Link to="/courses" className={buttonStyles({ size: 'lg' })}>
                <Trans>Explore courses</Trans>
              </Link>
              <Link to="/signup" className={buttonStyles({ size: 'lg', variant: 'outline' })}>
                <Trans>Create a free account</Trans>
              </Link>
            </div>
            <ul
              className={cx(
                gridList,
                css({
                  gridTemplateColumns: { base: '1fr', tablet: 'repeat(3, 1fr)' },
                  gap: '4',
                  marginBlockStart: '6',
                }),
              )}
            >
              <li className={feature}>
                <span className={featureIcon}>
                  <VideoIcon size={18} />
                </span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  <strong className={css({ display: 'block', color: 'fg.default' })}>
                    <Trans>100% live</Trans>
                  </strong>
                  <Trans>Small live classes, weekly</Trans>
                </span>
              </li>
              <li className={feature}>
                <span className={featureIcon}>
                  <LayersIcon size={18} />
                </span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  <strong className={css({ display: 'block', color: 'fg.default' })}>
                    <Trans>Project-based</Trans>
                  </strong>
                  <Trans>Ship real projects</Trans>
                </span>
              </li>
              <li className={feature}>
                <span className={featureIcon}>
                  <UsersIcon size={18} />
                </span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  <strong className={css({ display: 'block', color: 'fg.default' })}>
                    <Trans>Taught by experts</Trans>
                  </strong>
                  <Trans>Practitioners, not slides</Trans>
                </span>
              </li>
            </ul>
          </div>
          <HeroCollage courses={data.courses} />
        </div>
      </section>

      <div className={cx(containerStyles, css({ paddingBlock: { base: '10', tablet: '14' } }))}>
        {data.categories.length > 0 ? (
          <Section id="categories" title={<Trans>Browse by category</Trans>}>
            <CategoryChips categories={data.categories} />
          </Section>
        ) : null}

        <Section
          id="upcoming"
          title={<Trans>Upcoming live courses</Trans>}
          actions={
            data.total > data.courses.length ? (
              <Link to="/courses" className={actionLink}>
                <Trans>See all courses</Trans>
              </Link>
            ) : null
          }
        >
          {data.failure ? (
            <ExploreFailedSlot error={data.failure} />
          ) : data.courses.length > 0 ? (
            <CourseGrid courses={data.courses} headingLevel="h3" />
          ) : (
            <EmptyState
              icon={<CalendarIcon size={28} />}
              title={<Trans>No courses are open yet</Trans>}
              description={<Trans>New live sessions are added every week. Come back soon.</Trans>}
            />
          )}
        </Section>
      </div>
    </>
  );
}
