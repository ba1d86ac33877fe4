import { DecisionButtons, ModeratorNote } from '@/components/ui/moderation-action-button';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { surface } from 'styled-system/recipes';
import { RowTitle, rowFacts } from '@/components/ui/board-list';
import { titleLink } from '@/components/ui/layout-styles';
import { CoursePicture } from '@/components/ui/course-picture';
import { formatLongDate } from '@/components/ui/format';
import { Price } from '@/components/ui/price';
import { categoryName } from '@/lib/course-labels';
import { type Locale } from '@/lib/i18n';
import type { components } from '@contract/schema';
import { type ModerationAction } from '@machines/moderation.machine';

/** A course as the moderation board lists it (the contract's ModeratedCourse). */
export type ModeratedCourse = components['schemas']['ModeratedCourse'];

export const COURSE_ACTIONS: readonly ModerationAction[] = ['approve', 'reject', 'unpublish', 'publish'];

/** The decisions a course in `status` is open to (product.md#entities: PENDING → APPROVED | REJECTED → PUBLISHED ⇄ UNPUBLISHED). */
function courseActionsOf(status: string): ModerationAction[] {
  switch (status) {
    case 'PENDING':
      return ['approve', 'reject'];
    case 'PUBLISHED':
      return ['unpublish'];
    case 'APPROVED':
    case 'UNPUBLISHED':
      return ['publish'];
    default:
      return [];
  }
}

/** One course of the moderation board: picture, title, educator, status and the actions its status allows. */
export function CourseRow({
  course,
  locale,
  busy,
  onAction,
}: {
  course: ModeratedCourse;
  locale: Locale;
  busy: boolean;
  onAction: (a: ModerationAction, c: ModeratedCourse) => void;
}) {
  const { t } = useLingui();
  const title = course.title;
  const educator = course.educator.name;
  const sent = course.submittedAt ? formatLongDate(course.submittedAt.slice(0, 10), locale) : null;
  const waiting = course.pendingSessions;
  const actions = courseActionsOf(course.status);
  return (
    <li
      data-testid="course-row"
      className={cx(
        surface({ padding: 'row' }),
        css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', tablet: '9rem minmax(0, 1fr)', desktop: '9rem minmax(0, 1fr) auto' },
          alignItems: 'start',
        }),
      )}
    >
      <div className={css({ borderRadius: 'lg', overflow: 'hidden', display: { base: 'none', tablet: 'block' } })}>
        <CoursePicture src={course.pictureUrl} alt="" />
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <RowTitle status={course.status}>
          <Link to="/courses/$courseId" params={{ courseId: course.id }} className={titleLink}>
            {title}
          </Link>
        </RowTitle>
        <p className={rowFacts}>
          <span>{categoryName(course.category, locale)}</span>
          <Price value={course.price} size="sm" />
          <span>{t`Educator: ${educator}`}</span>
          {sent ? <span>{t`Sent for review on ${sent}`}</span> : null}
        </p>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {waiting > 0 ? (
            <Plural
              value={waiting}
              one="# session of this course also waits for approval: approving it publishes the course."
              other="# sessions of this course also wait for approval: approving one publishes the course."
            />
          ) : course.status === 'PENDING' ? (
            <Trans>Sent without a session.</Trans>
          ) : null}
        </p>
        {course.moderationMessage ? <ModeratorNote message={course.moderationMessage} /> : null}
      </div>
      {actions.length ? (
        <div
          role="group"
          aria-label={t`Actions on the course ${title}`}
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            justifyContent: { base: 'flex-start', desktop: 'flex-end' },
            gridColumn: { tablet: '1 / -1', desktop: 'auto' },
          })}
        >
          <DecisionButtons actions={actions} busy={busy} onAction={(a) => onAction(a, course)} />
        </div>
      ) : null}
    </li>
  );
}
