import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { gridList } from '@/components/ui/layout-styles';
import { Badge } from '@/components/ui/badge';
import { cardStyles } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon, ClockIcon } from '@/components/ui/icons';
import { SeatsLeft } from '@/components/ui/seats-left';
import { Price } from '@/components/ui/price';
import { Rating } from '@/components/ui/rating';
import { isLocale } from '@/lib/i18n';
import { CoursePicture } from '@/components/ui/course-picture';
import { cardFooterRow, cardTopRow, categoryEyebrow, courseCardBody } from '@/components/ui/course-card-parts';
import { categoryName, difficultyLabels, type CourseSummary } from '@/lib/course-labels';

// A Card surface that lifts on hover; its title link's ::after covers the whole card, hence relative.
const cardClass = cx(
  cardStyles,
  css({
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    transition: 'box-shadow 200ms, transform 200ms',
    _hover: { boxShadow: 'raised', transform: 'translateY(-2px)' },
    '&:focus-within': { boxShadow: '0 0 0 3px {colors.primary.muted}' },
    '@media (prefers-reduced-motion: reduce)': { transition: 'none', _hover: { transform: 'none' } },
  }),
);

const metaRow = css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted' });

/**
 * A course in a grid: picture, category, title (the link to the course page covers the whole
 * card), educator, difficulty, rating, next session date ('MMMM, Do YYYY') and seats left, and the
 * price ("Free" for 0). `headingLevel` keeps the page outline right (h2 or h3). `eager`: the
 * picture is fetched at once and first (a card at the top of the page), not when scrolled near.
 */
export function CourseCard({
  course,
  headingLevel = 'h3',
  eager = false,
}: {
  course: CourseSummary;
  headingLevel?: 'h2' | 'h3';
  eager?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const Heading = headingLevel;
  const next = course.nextSession;
  const price = next ? next.price : course.price;
  const educatorName = course.educator.name;
  const seats = next?.seatsLeft ?? 0;
  const hours = course.numHours;
  const startDate = next ? formatLongDate(next.startDate, locale) : '';

  return (
    <article className={cardClass} data-testid="course-card">
      <CoursePicture src={course.pictureUrl} alt="" eager={eager} />
      <div className={courseCardBody}>
        <div className={cardTopRow}>
          <span className={cx(categoryEyebrow, css({ truncate: true }))}>{categoryName(course.category, locale)}</span>
          <Badge tone="gray">{t(difficultyLabels[course.difficultyLevel])}</Badge>
        </div>
        <Heading className={css({ fontSize: 'lg', fontWeight: 'bold', lineHeight: '1.3', color: 'fg.default' })}>
          <Link
            to="/courses/$courseId"
            params={{ courseId: course.id }}
            className={css({
              _after: { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
              _focusVisible: { outline: 'none' },
              _hover: { color: 'primary.strong' },
            })}
          >
            <bdi>{course.title}</bdi>
          </Link>
        </Heading>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>with {educatorName}</Trans>
        </p>
        <Rating average={course.rating.average} count={course.rating.count} size={14} />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', marginBlockStart: '1' })}>
          {next ? (
            <>
              <span className={metaRow}>
                <CalendarIcon size={16} />
                <Trans>Starts {startDate}</Trans>
              </span>
              <SeatsLeft seats={seats} className={metaRow} />
            </>
          ) : (
            <span className={metaRow}>
              <CalendarIcon size={16} />
              <Trans>No upcoming session yet</Trans>
            </span>
          )}
          <span className={metaRow}>
            <ClockIcon size={16} />
            <Plural value={hours} one="# hour live" other="# hours live" />
          </span>
        </div>
        <div className={cardFooterRow}>
          <Price value={price} />
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{course.language.name}</span>
        </div>
      </div>
    </article>
  );
}

/**
 * Responsive grid of course cards (1 column at 360 px up to 4–5 on wide screens). The first
 * card's picture loads eagerly: on a phone it is the largest thing of the explore page's first
 * screen, and a lazy image starts only after layout (Lighthouse's LCP).
 */
export function CourseGrid({ courses, headingLevel }: { courses: CourseSummary[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul
      className={cx(
        gridList,
        css({
          gap: { base: '4', tablet: '6' },
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 17rem), 1fr))',
        }),
      )}
    >
      {courses.map((course, index) => (
        <li key={course.id} className={css({ display: 'flex', '& > article': { flex: '1' } })}>
          <CourseCard course={course} headingLevel={headingLevel} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
}
