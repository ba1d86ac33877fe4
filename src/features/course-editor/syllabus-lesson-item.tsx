import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { actionLink } from '@/components/ui/layout-styles';
import { SelectField, TextField } from '@/components/ui/field';
import { lessonTypeLabels } from '@/lib/lesson-labels';
import type { WeekDraft } from '@machines/course-editor.form';
import { ItemActions } from '@/components/ui/item-actions';
import { GripIcon, handle, type SyllabusEditing } from './syllabus-controls';
import { type LessonPosition, removeLesson, updateLesson } from './syllabus-ops';
import { STRUCTURAL } from './use-syllabus-moves';

type LessonDraft = WeekDraft['sections'][number]['lessons'][number];

/**
 * One lesson of the syllabus builder: its grip handle, type, name, minutes and link fields, its
 * move and remove buttons, and the link to edit its content once the course is saved.
 */
export function LessonItem({
  editing,
  lesson,
  position,
}: {
  editing: SyllabusEditing;
  lesson: LessonDraft;
  position: LessonPosition;
}) {
  const { t } = useLingui();
  const { syllabus, reference, errorOf, onChange, disabled } = editing;
  const { dragged, target, startDrag, endDrag, overLesson, drop, dropClass } = editing.drag;
  const { canStepLesson, stepLesson, announce: setAnnouncement } = editing.moves;
  const { week: w, section: s, index: l } = position;
  const weekNo = w + 1;
  const structural = STRUCTURAL;
  const base = `lessons[${weekNo}][${s}][${l}]`;
  const lessonLabel = lesson.name.trim() || t`Untitled lesson`;
  const lessonNo = l + 1;
  const typeCode = reference.lessonTypes.find((type) => String(type.id) === lesson.lessonTypeId)?.code;
  // A meeting without a pasted link opens its session's room (docs/classroom.md "Meeting room").
  const isMeeting = typeCode === 'meeting' || typeCode === 'liveSession';
  const isLessonTarget = target?.kind === 'lesson' && target.week === w && target.section === s && target.index === l;
  return (
    <li
      key={lesson.key}
      data-testid="syllabus-lesson"
      onDragOver={(e) => overLesson(e, position)}
      onDrop={drop}
      className={cx(
        css({
          display: 'grid',
          gridTemplateColumns: {
            base: 'auto minmax(0, 1fr)',
            desktop: 'auto 10rem minmax(0, 1fr) 6.5rem minmax(0, 1fr) auto',
          },
          '& > .lesson-field': { gridColumn: { base: '1 / -1', desktop: 'auto' } },
          alignItems: 'end',
          gap: '2',
          padding: '2',
          borderRadius: 'md',
          bg: 'bg.subtle',
        }),
        dragged?.kind === 'lesson' && dragged.week === w && dragged.section === s && dragged.index === l
          ? css({ opacity: 0.5 })
          : undefined,
        dropClass(isLessonTarget, target?.after),
      )}
    >
      <span
        aria-hidden
        draggable={!disabled}
        onDragStart={(e) => startDrag(e, { kind: 'lesson', ...position })}
        onDragEnd={endDrag}
        className={cx(handle, css({ order: { base: 1, desktop: 0 } }))}
        title={t`Drag to reorder`}
        data-testid="lesson-handle"
      >
        <GripIcon />
      </span>
      <SelectField
        className="lesson-field"
        label={t`Type of lesson ${lessonNo}`}
        value={lesson.lessonTypeId}
        disabled={disabled}
        required
        onChange={(e) =>
          onChange(updateLesson(syllabus, w, s, l, { lessonTypeId: e.currentTarget.value }), [`${base}[lessonTypeId]`])
        }
        error={errorOf(`${base}[lessonTypeId]`)}
      >
        <option value="">{t`Choose a type`}</option>
        {reference.lessonTypes.map((type) => (
          <option key={type.id} value={String(type.id)}>
            {lessonTypeLabels[type.code] ? t(lessonTypeLabels[type.code]) : type.name}
          </option>
        ))}
      </SelectField>
      <TextField
        className="lesson-field"
        label={t`Name of lesson ${lessonNo}`}
        dir="auto"
        value={lesson.name}
        disabled={disabled}
        required
        maxLength={200}
        onChange={(e) => onChange(updateLesson(syllabus, w, s, l, { name: e.currentTarget.value }), [`${base}[name]`])}
        error={errorOf(`${base}[name]`)}
      />
      <TextField
        className="lesson-field"
        label={t`Minutes`}
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
        step={1}
        value={lesson.duration}
        disabled={disabled}
        required
        onChange={(e) =>
          onChange(updateLesson(syllabus, w, s, l, { duration: e.currentTarget.value }), [`${base}[duration]`])
        }
        error={errorOf(`${base}[duration]`)}
      />
      <TextField
        className="lesson-field"
        label={t`Link`}
        type="url"
        inputMode="url"
        dir="ltr"
        placeholder="https://"
        helperText={isMeeting ? <Trans>Optional: empty uses the session's own video room.</Trans> : undefined}
        value={lesson.link}
        disabled={disabled}
        onChange={(e) => onChange(updateLesson(syllabus, w, s, l, { link: e.currentTarget.value }), [`${base}[link]`])}
        error={errorOf(`${base}[link]`)}
      />
      <div
        className={css({
          order: { base: 2, desktop: 0 },
          justifySelf: { base: 'end', desktop: 'auto' },
          paddingBlockEnd: { desktop: '0.5' },
        })}
      >
        <ItemActions
          itemKey={lesson.key}
          disabled={disabled}
          canUp={canStepLesson(position, -1)}
          canDown={canStepLesson(position, 1)}
          onUp={() => stepLesson(position, -1, lesson.key)}
          onDown={() => stepLesson(position, 1, lesson.key)}
          onRemove={() => {
            setAnnouncement(t`Lesson “${lessonLabel}” removed.`);
            onChange(removeLesson(syllabus, w, s, l), structural);
          }}
          upLabel={t`Move lesson “${lessonLabel}” up`}
          downLabel={t`Move lesson “${lessonLabel}” down`}
          removeLabel={t`Remove lesson “${lessonLabel}”`}
        />
      </div>
      <div
        className={css({
          gridColumn: '1 / -1',
          order: { base: 3, desktop: 0 },
          fontSize: 'sm',
        })}
      >
        {lesson.id ? (
          <Link
            to="/courses/live/edit/lessons/$lessonId"
            params={{ lessonId: lesson.id }}
            aria-label={t`Edit content of “${lessonLabel}”`}
            className={cx(
              actionLink,
              css({
                borderRadius: 'sm',
                _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '1px' },
              }),
            )}
          >
            <Trans>Edit content</Trans>
          </Link>
        ) : (
          <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
            <Trans>Save the course to edit its content.</Trans>
          </span>
        )}
      </div>
    </li>
  );
}
