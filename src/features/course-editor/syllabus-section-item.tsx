import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { TextField } from '@/components/ui/field';
import type { WeekDraft } from '@machines/course-editor.form';
import { ItemActions } from '@/components/ui/item-actions';
import { AddButton, GripIcon, handle, requestFocus, type SyllabusEditing } from './syllabus-controls';
import { LessonItem } from './syllabus-lesson-item';
import { addLesson, emptyLesson, removeSection, updateSection } from './syllabus-ops';
import { STRUCTURAL } from './use-syllabus-moves';

type SectionDraft = WeekDraft['sections'][number];

/**
 * One section of the syllabus builder: its grip handle, name, move and remove buttons, its lessons
 * (or the place to drop one) and "Add a lesson".
 */
export function SectionItem({
  editing,
  section,
  week: w,
  index: s,
}: {
  editing: SyllabusEditing;
  section: SectionDraft;
  /** The week's index (0-based). */
  week: number;
  /** The section's index in its week (0-based). */
  index: number;
}) {
  const { t } = useLingui();
  const { syllabus, reference, errorOf, onChange, disabled, moves } = editing;
  const { dragged, target, startDrag, endDrag, overSection, drop, dropClass } = editing.drag;
  const { stepSection, cancelFocus, announce: setAnnouncement } = moves;
  const week = syllabus[w]!;
  const weekNo = w + 1;
  const structural = STRUCTURAL;
  const defaultTypeId = String(reference.lessonTypes[0]?.id ?? '');
  const name = section.name.trim() || t`Untitled section`;
  const sectionNo = s + 1;
  const first = w === 0 && s === 0;
  const last = w === syllabus.length - 1 && s === week.sections.length - 1;
  const isTarget = target?.kind === 'section' && target.week === w && target.index === s;
  const lessonTarget =
    target?.kind === 'lesson' && target.week === w && target.section === s && section.lessons.length === 0;
  return (
    <li
      data-testid="syllabus-section"
      onDragOver={(e) => overSection(e, w, s)}
      onDrop={drop}
      className={cx(
        css({
          bg: 'bg.surface',
          borderRadius: 'lg',
          borderWidth: '1px',
          borderColor: 'border.default',
          padding: '3',
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
        }),
        dragged?.kind === 'section' && dragged.week === w && dragged.index === s ? css({ opacity: 0.5 }) : undefined,
        dropClass(isTarget, target?.after),
        lessonTarget ? css({ borderColor: 'primary.strong', bg: 'primary.subtle' }) : undefined,
      )}
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: { base: 'wrap', tablet: 'nowrap' },
          alignItems: 'flex-end',
          gap: '2',
        })}
      >
        <span
          aria-hidden
          draggable={!disabled}
          onDragStart={(e) => startDrag(e, { kind: 'section', week: w, index: s })}
          onDragEnd={endDrag}
          className={handle}
          title={t`Drag to reorder`}
          data-testid="section-handle"
        >
          <GripIcon />
        </span>
        <TextField
          className={css({ flexGrow: 1, flexBasis: { base: 'calc(100% - 2rem)', tablet: '0' } })}
          label={t`Section ${sectionNo} name (week ${weekNo})`}
          dir="auto"
          value={section.name}
          disabled={disabled}
          required
          maxLength={200}
          onChange={(e) =>
            onChange(updateSection(syllabus, w, s, { name: e.currentTarget.value }), [
              `sections[${weekNo}][${s}][name]`,
            ])
          }
          error={errorOf(`sections[${weekNo}][${s}][name]`)}
        />
        <div className={css({ marginInlineStart: 'auto' })}>
          <ItemActions
            itemKey={section.key}
            disabled={disabled}
            canUp={!first}
            canDown={!last}
            onUp={() => stepSection({ week: w, index: s }, -1, section.key)}
            onDown={() => stepSection({ week: w, index: s }, 1, section.key)}
            onRemove={() => {
              setAnnouncement(t`Section “${name}” removed.`);
              onChange(removeSection(syllabus, w, s), structural);
            }}
            upLabel={t`Move section “${name}” up`}
            downLabel={t`Move section “${name}” down`}
            removeLabel={t`Remove section “${name}”`}
          />
        </div>
      </div>
      {section.lessons.length > 0 ? (
        <ol
          aria-label={t`Lessons of ${name}`}
          className={cx(plainList({ gap: '2' }), css({ paddingInlineStart: { base: 0, tablet: '8' } }))}
        >
          {section.lessons.map((lesson, l) => (
            <LessonItem
              key={lesson.key}
              editing={editing}
              lesson={lesson}
              position={{ week: w, section: s, index: l }}
            />
          ))}
        </ol>
      ) : (
        <p
          className={css({
            fontSize: 'sm',
            color: 'fg.muted',
            paddingInlineStart: { base: 0, tablet: '8' },
          })}
        >
          {dragged?.kind === 'lesson' ? (
            <Trans>Drop the lesson here.</Trans>
          ) : (
            <Trans>No lesson in this section yet.</Trans>
          )}
        </p>
      )}
      <AddButton
        disabled={disabled}
        onClick={() => {
          const lesson = emptyLesson(defaultTypeId);
          cancelFocus();
          onChange(addLesson(syllabus, w, s, lesson), structural);
          requestFocus(lesson.key);
        }}
        className={css({ marginInlineStart: { base: 0, tablet: '8' } })}
      >
        {t`Add a lesson to ${name}`}
      </AddButton>
    </li>
  );
}
