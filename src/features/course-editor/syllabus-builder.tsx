import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { CloseIcon } from '@/components/ui/icons';
import { visuallyHidden } from '@/components/ui/spinner';
import { lessonTypeLabels } from '@/lib/lesson-labels';
import type { EditorReference } from '@machines/course-editor.machine';
import type { WeekDraft } from '@machines/course-editor.form';
import { FormSection, iconButton } from '@/components/ui/form-controls';
import {
  addLesson,
  addSection,
  addWeek,
  emptyLesson,
  type LessonPosition,
  moveLesson,
  moveSection,
  removeLesson,
  removeSection,
  removeWeek,
  type SectionPosition,
  updateLesson,
  updateSection,
} from './syllabus-ops';
import { later } from '@/lib/later';

type Dragged = ({ kind: 'section' } & SectionPosition) | ({ kind: 'lesson' } & LessonPosition);
type DropTarget =
  | { kind: 'section'; week: number; index: number }
  | { kind: 'lesson'; week: number; section: number; index: number };

/** Every (week, section) pair in order: where a lesson goes when moved past its section's ends. */
function sectionOrder(syllabus: WeekDraft[]): SectionPosition[] {
  return syllabus.flatMap((w, week) => w.sections.map((_, index) => ({ week, index })));
}

const handle = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '6',
  height: '9',
  color: 'fg.subtle',
  cursor: 'grab',
  flexShrink: 0,
  userSelect: 'none',
  _active: { cursor: 'grabbing' },
});

const dropBefore = css({ boxShadow: 'inset 0 3px 0 0 {colors.primary.strong}' });
const dropAfter = css({ boxShadow: 'inset 0 -3px 0 0 {colors.primary.strong}' });

function GripIcon() {
  return (
    <svg width="14" height="20" viewBox="0 0 14 20" aria-hidden focusable="false" fill="currentColor">
      {[3, 10, 17].map((y) => (
        <g key={y}>
          <circle cx="4" cy={y} r="1.6" />
          <circle cx="10" cy={y} r="1.6" />
        </g>
      ))}
    </svg>
  );
}

function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {up ? <path d="M12 19V5M5 12l7-7 7 7" /> : <path d="M12 5v14M19 12l-7 7-7-7" />}
    </svg>
  );
}

/** Move up / move down / remove buttons of one item (labels name the item for screen readers). */
function ItemActions({
  itemKey,
  canUp,
  canDown,
  onUp,
  onDown,
  onRemove,
  upLabel,
  downLabel,
  removeLabel,
  disabled,
}: {
  itemKey: string;
  canUp: boolean;
  canDown: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
  upLabel: string;
  downLabel: string;
  removeLabel: string;
  disabled?: boolean;
}) {
  return (
    <div className={css({ display: 'flex', gap: '1', flexShrink: 0 })}>
      <button
        type="button"
        id={`move-${itemKey}-up`}
        className={iconButton}
        disabled={disabled || !canUp}
        onClick={onUp}
        aria-label={upLabel}
        title={upLabel}
      >
        <ArrowIcon up />
      </button>
      <button
        type="button"
        id={`move-${itemKey}-down`}
        className={iconButton}
        disabled={disabled || !canDown}
        onClick={onDown}
        aria-label={downLabel}
        title={downLabel}
      >
        <ArrowIcon up={false} />
      </button>
      <button
        type="button"
        className={iconButton}
        disabled={disabled}
        onClick={onRemove}
        aria-label={removeLabel}
        title={removeLabel}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/**
 * The syllabus builder (product.md#entities): weeks holding ordered sections holding ordered lessons (type,
 * name, duration in minutes, link). Sections and lessons are reordered by drag and drop (native
 * HTML5; the grip handles, also across weeks and sections) and by keyboard with the move up / move
 * down buttons (past the first or last place, into the neighbouring week or section). Every move
 * is announced in a polite live region and keeps the focus on the moved item's button.
 *
 * `onChange(syllabus, fields)`: `fields` are the error keys made stale by the edit.
 */
export function SyllabusBuilder({
  syllabus,
  reference,
  errorOf,
  onChange,
  disabled,
}: {
  syllabus: WeekDraft[];
  reference: EditorReference;
  errorOf: (key: string) => string | undefined;
  onChange: (syllabus: WeekDraft[], fields: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [target, setTarget] = useState<(DropTarget & { after: boolean }) | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterRender = useRef<string | null>(null);

  useEffect(() => {
    const id = focusAfterRender.current;
    if (!id) return;
    focusAfterRender.current = null;
    const button = document.getElementById(id) as HTMLButtonElement | null;
    if (button && !button.disabled) button.focus();
    else {
      // The item reached an end: focus its other move button.
      const other = document.getElementById(
        id.endsWith('-up') ? id.replace(/-up$/, '-down') : id.replace(/-down$/, '-up'),
      ) as HTMLButtonElement | null;
      other?.focus();
    }
  });

  const structural = ['sections', 'lessons'];
  const sectionName = (week: number, index: number) =>
    syllabus[week]?.sections[index]?.name.trim() || t`Untitled section`;
  const lessonName = (p: LessonPosition) =>
    syllabus[p.week]?.sections[p.section]?.lessons[p.index]?.name.trim() || t`Untitled lesson`;
  const defaultTypeId = String(reference.lessonTypes[0]?.id ?? '');

  const doMoveSection = (from: SectionPosition, to: SectionPosition, focusId?: string) => {
    if (from.week === to.week && from.index === to.index) return;
    const name = sectionName(from.week, from.index);
    const next = moveSection(syllabus, from, to);
    if (next === syllabus) return;
    const position = to.index + 1;
    const count = next[to.week]!.sections.length;
    const weekNo = to.week + 1;
    setAnnouncement(t`Section “${name}” moved to position ${position} of ${count} in week ${weekNo}.`);
    if (focusId) focusAfterRender.current = focusId;
    onChange(next, structural);
  };

  const doMoveLesson = (from: LessonPosition, to: LessonPosition, focusId?: string) => {
    if (from.week === to.week && from.section === to.section && from.index === to.index) return;
    const name = lessonName(from);
    const next = moveLesson(syllabus, from, to);
    if (next === syllabus) return;
    const position = to.index + 1;
    const count = next[to.week]!.sections[to.section]!.lessons.length;
    const section = next[to.week]!.sections[to.section]!.name.trim() || t`Untitled section`;
    const weekNo = to.week + 1;
    setAnnouncement(
      t`Lesson “${name}” moved to position ${position} of ${count} in section “${section}”, week ${weekNo}.`,
    );
    if (focusId) focusAfterRender.current = focusId;
    onChange(next, structural);
  };

  /** Keyboard: one place up or down; past the ends, into the neighbouring week. */
  const stepSection = (from: SectionPosition, delta: -1 | 1, key: string) => {
    const count = syllabus[from.week]!.sections.length;
    const focusId = `move-${key}-${delta < 0 ? 'up' : 'down'}`;
    if (delta < 0 && from.index > 0) return doMoveSection(from, { week: from.week, index: from.index - 1 }, focusId);
    if (delta > 0 && from.index < count - 1)
      return doMoveSection(from, { week: from.week, index: from.index + 1 }, focusId);
    if (delta < 0 && from.week > 0) {
      return doMoveSection(from, { week: from.week - 1, index: syllabus[from.week - 1]!.sections.length }, focusId);
    }
    if (delta > 0 && from.week < syllabus.length - 1)
      return doMoveSection(from, { week: from.week + 1, index: 0 }, focusId);
  };

  /** Keyboard: one place up or down; past the ends, into the neighbouring section. */
  const stepLesson = (from: LessonPosition, delta: -1 | 1, key: string) => {
    const count = syllabus[from.week]!.sections[from.section]!.lessons.length;
    const focusId = `move-${key}-${delta < 0 ? 'up' : 'down'}`;
    if (delta < 0 && from.index > 0) return doMoveLesson(from, { ...from, index: from.index - 1 }, focusId);
    if (delta > 0 && from.index < count - 1) return doMoveLesson(from, { ...from, index: from.index + 1 }, focusId);
    const order = sectionOrder(syllabus);
    const here = order.findIndex((p) => p.week === from.week && p.index === from.section);
    const neighbour = order[here + delta];
    if (!neighbour) return;
    const size = syllabus[neighbour.week]!.sections[neighbour.index]!.lessons.length;
    doMoveLesson(from, { week: neighbour.week, section: neighbour.index, index: delta < 0 ? size : 0 }, focusId);
  };

  const canStepLesson = (from: LessonPosition, delta: -1 | 1) => {
    const count = syllabus[from.week]!.sections[from.section]!.lessons.length;
    if (delta < 0 ? from.index > 0 : from.index < count - 1) return true;
    const order = sectionOrder(syllabus);
    const here = order.findIndex((p) => p.week === from.week && p.index === from.section);
    return Boolean(order[here + delta]);
  };

  // ─── Drag and drop (pointer) ───────────────────────────────────────────
  const startDrag = (event: DragEvent<HTMLElement>, item: Dragged) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', item.kind);
    const row = (event.currentTarget as HTMLElement).closest('li');
    if (row && typeof event.dataTransfer.setDragImage === 'function') event.dataTransfer.setDragImage(row, 16, 16);
    setDragged(item);
  };
  const endDrag = () => {
    setDragged(null);
    setTarget(null);
  };
  const isAfter = (event: DragEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return rect.height > 0 && event.clientY > rect.top + rect.height / 2;
  };
  const overSection = (event: DragEvent<HTMLElement>, week: number, index: number) => {
    if (dragged?.kind === 'section') {
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      setTarget({ kind: 'section', week, index, after: isAfter(event) });
    } else if (dragged?.kind === 'lesson' && syllabus[week]!.sections[index]!.lessons.length === 0) {
      // An empty section takes a lesson anywhere over it.
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      setTarget({ kind: 'lesson', week, section: index, index: 0, after: false });
    }
  };
  const overLesson = (event: DragEvent<HTMLElement>, p: LessonPosition) => {
    if (dragged?.kind !== 'lesson') return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    setTarget({ kind: 'lesson', ...p, after: isAfter(event) });
  };
  const overEmptyWeek = (event: DragEvent<HTMLElement>, week: number) => {
    if (dragged?.kind !== 'section') return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setTarget({ kind: 'section', week, index: 0, after: false });
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const from = dragged;
    const to = target;
    endDrag();
    if (!from || !to || from.kind !== to.kind) return;
    // The place in the list as it is now, then as it will be once the item left it.
    let index = to.index + (to.after ? 1 : 0);
    if (from.kind === 'section' && to.kind === 'section') {
      if (from.week === to.week && from.index < index) index -= 1;
      doMoveSection({ week: from.week, index: from.index }, { week: to.week, index });
    } else if (from.kind === 'lesson' && to.kind === 'lesson') {
      if (from.week === to.week && from.section === to.section && from.index < index) index -= 1;
      doMoveLesson(
        { week: from.week, section: from.section, index: from.index },
        { week: to.week, section: to.section, index },
      );
    }
  };
  const dropClass = (match: boolean, after: boolean | undefined) =>
    match ? (after ? dropAfter : dropBefore) : undefined;

  return (
    <FormSection
      id="course-syllabus"
      title={<Trans>Syllabus</Trans>}
      lead={
        <Trans>
          Each week holds sections of lessons, in order. Drag the grip handles to reorder, or use the move up and move
          down buttons.
        </Trans>
      }
    >
      <div aria-live="polite" aria-atomic="true" className={visuallyHidden} data-testid="syllabus-announcer">
        {announcement}
      </div>
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '5', listStyle: 'none', padding: 0 })}>
        {syllabus.map((week, w) => {
          const weekNo = w + 1;
          return (
            <li
              key={week.key}
              className={css({
                borderRadius: 'xl',
                borderWidth: '1px',
                borderColor: 'border.default',
                bg: 'bg.canvas',
                padding: { base: '3', tablet: '4' },
                display: 'flex',
                flexDirection: 'column',
                gap: '3',
              })}
            >
              <div
                className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}
              >
                <h3
                  id={`${week.key}-title`}
                  className={css({
                    fontWeight: 'bold',
                    display: 'flex',
                    alignItems: 'center',
                    gap: '2',
                    whiteSpace: 'nowrap',
                  })}
                >
                  <span
                    aria-hidden
                    className={css({
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      width: '7',
                      height: '7',
                      borderRadius: 'full',
                      bg: 'primary.strong',
                      color: 'white',
                      fontSize: 'sm',
                    })}
                  >
                    {weekNo}
                  </span>
                  {t`Week ${weekNo}`}
                </h3>
                {syllabus.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={disabled}
                    startIcon={<CloseIcon size={14} />}
                    onClick={() => {
                      setAnnouncement(t`Week ${weekNo} removed.`);
                      onChange(removeWeek(syllabus, w), structural);
                    }}
                  >
                    {t`Remove week ${weekNo}`}
                  </Button>
                ) : null}
              </div>
              {week.sections.length === 0 ? (
                <p
                  onDragOver={(e) => overEmptyWeek(e, w)}
                  onDrop={drop}
                  className={cx(
                    css({
                      fontSize: 'sm',
                      color: 'fg.muted',
                      padding: '4',
                      borderRadius: 'lg',
                      borderWidth: '1px',
                      borderStyle: 'dashed',
                      borderColor: 'border.strong',
                      textAlign: 'center',
                    }),
                    target?.kind === 'section' && target.week === w
                      ? css({ borderColor: 'primary.strong', bg: 'primary.subtle' })
                      : undefined,
                  )}
                >
                  {dragged?.kind === 'section' ? (
                    <Trans>Drop the section here.</Trans>
                  ) : (
                    <Trans>No section in this week yet.</Trans>
                  )}
                </p>
              ) : (
                <ol
                  className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', padding: 0 })}
                >
                  {week.sections.map((section, s) => {
                    const name = section.name.trim() || t`Untitled section`;
                    const sectionNo = s + 1;
                    const first = w === 0 && s === 0;
                    const last = w === syllabus.length - 1 && s === week.sections.length - 1;
                    const isTarget = target?.kind === 'section' && target.week === w && target.index === s;
                    const lessonTarget =
                      target?.kind === 'lesson' &&
                      target.week === w &&
                      target.section === s &&
                      section.lessons.length === 0;
                    return (
                      <li
                        key={section.key}
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
                          dragged?.kind === 'section' && dragged.week === w && dragged.index === s
                            ? css({ opacity: 0.5 })
                            : undefined,
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
                            className={css({
                              display: 'flex',
                              flexDirection: 'column',
                              gap: '2',
                              listStyle: 'none',
                              padding: 0,
                              paddingInlineStart: { base: 0, tablet: '8' },
                            })}
                          >
                            {section.lessons.map((lesson, l) => {
                              const position: LessonPosition = { week: w, section: s, index: l };
                              const base = `lessons[${weekNo}][${s}][${l}]`;
                              const lessonLabel = lesson.name.trim() || t`Untitled lesson`;
                              const lessonNo = l + 1;
                              const isLessonTarget =
                                target?.kind === 'lesson' &&
                                target.week === w &&
                                target.section === s &&
                                target.index === l;
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
                                    dragged?.kind === 'lesson' &&
                                      dragged.week === w &&
                                      dragged.section === s &&
                                      dragged.index === l
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
                                      onChange(
                                        updateLesson(syllabus, w, s, l, { lessonTypeId: e.currentTarget.value }),
                                        [`${base}[lessonTypeId]`],
                                      )
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
                                    onChange={(e) =>
                                      onChange(updateLesson(syllabus, w, s, l, { name: e.currentTarget.value }), [
                                        `${base}[name]`,
                                      ])
                                    }
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
                                      onChange(updateLesson(syllabus, w, s, l, { duration: e.currentTarget.value }), [
                                        `${base}[duration]`,
                                      ])
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
                                    value={lesson.link}
                                    disabled={disabled}
                                    onChange={(e) =>
                                      onChange(updateLesson(syllabus, w, s, l, { link: e.currentTarget.value }), [
                                        `${base}[link]`,
                                      ])
                                    }
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
                                        className={css({
                                          fontWeight: 'semibold',
                                          color: 'primary.strong',
                                          borderRadius: 'sm',
                                          _hover: { textDecoration: 'underline' },
                                          _focusVisible: {
                                            outline: '3px solid {colors.primary.strong}',
                                            outlineOffset: '1px',
                                          },
                                        })}
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
                            })}
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
                            focusAfterRender.current = null;
                            onChange(addLesson(syllabus, w, s, lesson), structural);
                            requestFocus(lesson.key);
                          }}
                          className={css({ marginInlineStart: { base: 0, tablet: '8' } })}
                        >
                          {t`Add a lesson to ${name}`}
                        </AddButton>
                      </li>
                    );
                  })}
                </ol>
              )}
              <AddButton
                disabled={disabled}
                onClick={() => {
                  const next = addSection(syllabus, w);
                  onChange(next, structural);
                  requestFocus(next[w]!.sections.at(-1)!.key);
                }}
              >
                {t`Add a section to week ${weekNo}`}
              </AddButton>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          variant="outline"
          disabled={disabled}
          onClick={() => {
            const next = addWeek(syllabus);
            const weekNo = next.length;
            setAnnouncement(t`Week ${weekNo} added.`);
            onChange(next, structural);
          }}
        >
          <Trans>Add a week</Trans>
        </Button>
      </div>
    </FormSection>
  );
}

/** After a section or lesson is added: focus its first input once it is rendered. */
function requestFocus(key: string) {
  later(() => {
    const item = document.getElementById(`move-${key}-up`)?.closest('li');
    item?.querySelector<HTMLElement>('input, select')?.focus();
  });
}

function AddButton({
  children,
  onClick,
  disabled,
  className,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean | undefined;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={cx(
        css({
          alignSelf: 'flex-start',
          textAlign: 'start',
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1.5',
          fontSize: 'sm',
          fontWeight: 'semibold',
          color: 'primary.strong',
          paddingInline: '2',
          paddingBlock: '1.5',
          borderRadius: 'md',
          cursor: 'pointer',
          _hover: { bg: 'primary.subtle' },
          _disabled: { opacity: 0.5, cursor: 'not-allowed' },
          _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '1px' },
        }),
        className,
      )}
    >
      <span aria-hidden>+</span>
      {children}
    </button>
  );
}
