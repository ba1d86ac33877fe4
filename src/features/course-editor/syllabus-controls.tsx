import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { later } from '@/lib/later';
import type { EditorReference } from '@machines/course-editor.machine';
import type { WeekDraft } from '@machines/course-editor.form';
import type { DragReorder } from './use-drag-reorder';
import type { SyllabusMoves } from './use-syllabus-moves';

/** What every week, section and lesson item of the syllabus builder works with. */
export interface SyllabusEditing {
  syllabus: WeekDraft[];
  reference: EditorReference;
  /** The error message of a field key (e.g. `sections[1][0][name]`), if any. */
  errorOf: (key: string) => string | undefined;
  /** A new syllabus, with the error keys the edit made stale. */
  onChange: (syllabus: WeekDraft[], fields: string[]) => void;
  disabled?: boolean | undefined;
  moves: SyllabusMoves;
  drag: DragReorder;
}

/** The grip handle a section or lesson is dragged by. */
export const handle = css({
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

/** The grip drawn in a drag handle (six dots). */
export function GripIcon() {
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

/** After a section or lesson is added: focus its first input once it is rendered. */
export function requestFocus(key: string) {
  later(() => {
    const item = document.getElementById(`move-${key}-up`)?.closest('li');
    item?.querySelector<HTMLElement>('input, select')?.focus();
  });
}

/** A "+ Add …" text button. */
export function AddButton({
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
