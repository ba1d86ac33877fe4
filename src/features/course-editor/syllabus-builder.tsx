import { Trans, useLingui } from '@lingui/react/macro';
import { plainList } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { FormSection } from '@/components/ui/form-controls';
import { visuallyHidden } from '@/components/ui/spinner';
import type { WeekDraft } from '@machines/course-editor.form';
import type { EditorReference } from '@machines/course-editor.machine';
import type { SyllabusEditing } from './syllabus-controls';
import { addWeek } from './syllabus-ops';
import { WeekItem } from './syllabus-week-item';
import { useDragReorder } from './use-drag-reorder';
import { STRUCTURAL, useSyllabusMoves } from './use-syllabus-moves';

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
  const moves = useSyllabusMoves(syllabus, onChange);
  const drag = useDragReorder(syllabus, moves);
  const editing: SyllabusEditing = { syllabus, reference, errorOf, onChange, disabled, moves, drag };

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
        {moves.announcement}
      </div>
      <ol className={plainList({ gap: '5' })}>
        {syllabus.map((week, w) => (
          <WeekItem key={week.key} editing={editing} week={week} index={w} />
        ))}
      </ol>
      <div>
        <Button
          variant="outline"
          disabled={disabled}
          onClick={() => {
            const next = addWeek(syllabus);
            const weekNo = next.length;
            moves.announce(t`Week ${weekNo} added.`);
            onChange(next, STRUCTURAL);
          }}
        >
          <Trans>Add a week</Trans>
        </Button>
      </div>
    </FormSection>
  );
}
