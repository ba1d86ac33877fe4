import { RadioGroup } from '@ark-ui/react/radio-group';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import type { components } from '@contract/schema';

/** A learner's attendance at one meeting (the contract's AttendanceStatus). */
export type AttendanceStatus = components['schemas']['AttendanceStatus'];

/** The statuses in the order the control shows them. */
export const ATTENDANCE_STATUSES: readonly AttendanceStatus[] = ['PRESENT', 'LATE', 'ABSENT', 'EXCUSED'];

/** The words of each status (Lingui message descriptors, translated where shown). */
export const attendanceStatusLabels = {
  PRESENT: msg`Present`,
  LATE: msg`Late`,
  ABSENT: msg`Absent`,
  EXCUSED: msg`Excused`,
} as const;

/** The chosen pill's colours (the badges' status tones, whose contrast is checked). */
const checkedTone: Record<AttendanceStatus, string> = {
  PRESENT: css({ _checked: { bg: 'status.green.bg', color: 'status.green.fg', borderColor: 'status.green.border' } }),
  LATE: css({ _checked: { bg: 'status.yellow.bg', color: 'status.yellow.fg', borderColor: 'status.yellow.border' } }),
  ABSENT: css({ _checked: { bg: 'status.red.bg', color: 'status.red.fg', borderColor: 'status.red.border' } }),
  EXCUSED: css({ _checked: { bg: 'primary.subtle', color: 'primary.stronger', borderColor: 'primary.muted' } }),
};

const itemStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minHeight: '9',
  paddingInline: '3',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  fontSize: 'sm',
  fontWeight: 'medium',
  cursor: 'pointer',
  userSelect: 'none',
  _hover: { borderColor: 'fg.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.strong', outlineOffset: '2px' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
});

const dotStyle = css({
  width: '3',
  height: '3',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'fg.subtle',
  flexShrink: 0,
  _checked: { borderWidth: '4px', borderColor: 'currentColor' },
});

/**
 * The status chooser of one learner at one meeting: an Ark UI radio group (a group with its label,
 * arrow keys move and choose, Tab leaves) of Present, Late, Absent and Excused as pills that wrap
 * on narrow screens; the chosen pill takes the status's colour. `value` null = nothing chosen
 * (no status yet). Choosing calls `onChange` at once (the screen saves it).
 */
export function AttendanceStatusControl({
  label,
  value,
  onChange,
  disabled,
}: {
  /** Read by screen readers as the group's name, e.g. "Attendance of Omar Haddad". */
  label: string;
  value: AttendanceStatus | null;
  onChange: (status: AttendanceStatus) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(d) => {
        if (d.value) onChange(d.value as AttendanceStatus);
      }}
      disabled={disabled}
      orientation="horizontal"
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}
    >
      <RadioGroup.Label
        className={css({
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clipPath: 'inset(50%)',
          whiteSpace: 'nowrap',
        })}
      >
        {label}
      </RadioGroup.Label>
      {ATTENDANCE_STATUSES.map((status) => (
        <RadioGroup.Item key={status} value={status} className={cx(itemStyle, checkedTone[status])}>
          <RadioGroup.ItemControl className={dotStyle} />
          <RadioGroup.ItemText>{t(attendanceStatusLabels[status])}</RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
