import { type DragEvent, useState } from 'react';
import { css } from 'styled-system/css';
import type { WeekDraft } from '@machines/course-editor.form';
import type { LessonPosition, SectionPosition } from './syllabus-ops';
import type { SyllabusMoves } from './use-syllabus-moves';

/** What is being dragged: a section or a lesson, at its place. */
type Dragged = ({ kind: 'section' } & SectionPosition) | ({ kind: 'lesson' } & LessonPosition);
/** Where it would land: before (or `after`) a section or a lesson. */
type DropTarget =
  | { kind: 'section'; week: number; index: number }
  | { kind: 'lesson'; week: number; section: number; index: number };

const dropBefore = css({ boxShadow: 'inset 0 3px 0 0 {colors.primary.strong}' });
const dropAfter = css({ boxShadow: 'inset 0 -3px 0 0 {colors.primary.strong}' });

/**
 * Drag and drop of sections and lessons with the pointer (native HTML5, from the grip handles, also
 * across weeks and sections): the dragged item, the drop target under the pointer (before or after
 * an item; an empty section or week takes the item anywhere over it) and the handlers of the rows.
 * A drop moves the item through `moves` (announced like a keyboard move).
 */
export function useDragReorder(syllabus: WeekDraft[], moves: Pick<SyllabusMoves, 'moveSection' | 'moveLesson'>) {
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [target, setTarget] = useState<(DropTarget & { after: boolean }) | null>(null);
  const doMoveSection = moves.moveSection;
  const doMoveLesson = moves.moveLesson;

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

  return { dragged, target, startDrag, endDrag, overSection, overLesson, overEmptyWeek, drop, dropClass };
}

/** What `useDragReorder` gives the items. */
export type DragReorder = ReturnType<typeof useDragReorder>;
