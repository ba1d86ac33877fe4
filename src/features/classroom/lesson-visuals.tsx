import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { BookIcon, CheckCircleIcon, InfoIcon, LayersIcon, VideoIcon } from '@/components/ui/icons';
import { lessonTypeLabels, type LessonTypeCode } from '@/lib/lesson-labels';
import type { components } from '@contract/schema';

/** A learner's status on a lesson, or null when not started (docs/classroom.md "Lesson status"). */
export type LessonStatus = components['schemas']['LessonProgressStatus'] | null;

const typeIcons: Record<LessonTypeCode, (size: number) => ReactNode> = {
  meeting: (s) => <VideoIcon size={s} />,
  liveSession: (s) => <VideoIcon size={s} />,
  video: (s) => <VideoIcon size={s} />,
  reading: (s) => <BookIcon size={s} />,
  notes: (s) => <BookIcon size={s} />,
  quiz: (s) => <CheckCircleIcon size={s} />,
  assignment: (s) => <LayersIcon size={s} />,
  programmingAssignment: (s) => <LayersIcon size={s} />,
  learningObjective: (s) => <InfoIcon size={s} />,
};

/** True for the lesson types held live at a time slot (meeting, liveSession). */
export function isMeetingType(code: LessonTypeCode): boolean {
  return code === 'meeting' || code === 'liveSession';
}

/**
 * A lesson type's icon in a tinted square (decorative, `aria-hidden`); meetings use the tertiary
 * tint, other lessons the primary one. The type's name is given in text next to it by callers.
 */
export function LessonTypeIcon({
  code,
  size = 16,
  className,
}: {
  code: LessonTypeCode;
  size?: number;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      data-lesson-type={code}
      className={cx(
        css({ display: 'inline-flex', padding: '1.5', borderRadius: 'md', flexShrink: 0 }),
        isMeetingType(code)
          ? css({ bg: 'tertiary.subtle', color: 'tertiary.stronger' })
          : css({ bg: 'primary.subtle', color: 'primary.stronger' }),
        className,
      )}
    >
      {(typeIcons[code] ?? typeIcons.notes)(size)}
    </span>
  );
}

/** The translated name of a lesson type ("Live meeting", "Programming assignment"…). */
export function useLessonTypeLabel(code: LessonTypeCode): string {
  const { t } = useLingui();
  return t(lessonTypeLabels[code] ?? lessonTypeLabels.notes);
}

/**
 * A learner's status on a lesson as a badge: the shared `StatusBadge` (product.md#states colours) for
 * IN_PROGRESS, SUBMITTED, AUTOGRADED and DONE, and a grey "Not started" badge for null.
 */
export function LessonStatusBadge({ status, className }: { status: LessonStatus; className?: string }) {
  if (status === null) {
    return (
      <Badge tone="gray" className={className}>
        <Trans>Not started</Trans>
      </Badge>
    );
  }
  return <StatusBadge status={status} {...(className ? { className } : {})} />;
}
