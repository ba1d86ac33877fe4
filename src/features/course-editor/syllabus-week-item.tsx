import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { disc, plainList } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import type { WeekDraft } from '@machines/course-editor.form';
import { AddButton, requestFocus, type SyllabusEditing } from './syllabus-controls';
import { addSection, removeWeek } from './syllabus-ops';
import { SectionItem } from './syllabus-section-item';
import { STRUCTURAL } from './use-syllabus-moves';

/**
 * One week of the syllabus builder: its number, "Remove week" (when there is more than one), its
 * sections (or the place to drop one) and "Add a section".
 */
export function WeekItem({ editing, week, index: w }: { editing: SyllabusEditing; week: WeekDraft; index: number }) {
  const { t } = useLingui();
  const { syllabus, onChange, disabled } = editing;
  const { dragged, target, overEmptyWeek, drop } = editing.drag;
  const setAnnouncement = editing.moves.announce;
  const structural = STRUCTURAL;
  const weekNo = w + 1;
  return (
    <li
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
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
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
          <span aria-hidden className={cx(disc({ size: '7' }), css({ fontSize: 'sm' }))}>
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
        <ol className={plainList({ gap: '3' })}>
          {week.sections.map((section, s) => (
            <SectionItem key={section.key} editing={editing} section={section} week={w} index={s} />
          ))}
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
}
