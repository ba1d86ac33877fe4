import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { WeekDraft } from '@machines/course-editor.form';
import { type LessonPosition, moveLesson, moveSection, type SectionPosition } from './syllabus-ops';

/** The error keys a structural edit (add, move, remove) makes stale. */
export const STRUCTURAL = ['sections', 'lessons'];

/** Every (week, section) pair in order: where a lesson goes when moved past its section's ends. */
function sectionOrder(syllabus: WeekDraft[]): SectionPosition[] {
  return syllabus.flatMap((w, week) => w.sections.map((_, index) => ({ week, index })));
}

/**
 * The moves of the syllabus builder: a section or lesson to a place (drop) or one step up or down
 * (keyboard; past the ends into the neighbouring week or section). Every move is announced in
 * `announcement` (for a polite live region) and, with a `focusId`, the focus goes back to that
 * move button after the render (to its other move button when the item reached an end).
 */
export function useSyllabusMoves(syllabus: WeekDraft[], onChange: (syllabus: WeekDraft[], fields: string[]) => void) {
  const { t } = useLingui();
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

  const structural = STRUCTURAL;
  const sectionName = (week: number, index: number) =>
    syllabus[week]?.sections[index]?.name.trim() || t`Untitled section`;
  const lessonName = (p: LessonPosition) =>
    syllabus[p.week]?.sections[p.section]?.lessons[p.index]?.name.trim() || t`Untitled lesson`;
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

  /** Forget a pending focus (an added item takes the focus instead). */
  const cancelFocus = () => {
    focusAfterRender.current = null;
  };

  return {
    announcement,
    announce: setAnnouncement,
    cancelFocus,
    moveSection: doMoveSection,
    moveLesson: doMoveLesson,
    stepSection,
    stepLesson,
    canStepLesson,
  };
}

/** What `useSyllabusMoves` gives the items. */
export type SyllabusMoves = ReturnType<typeof useSyllabusMoves>;
