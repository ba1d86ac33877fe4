import { css, cx } from 'styled-system/css';
import { progressTrack } from 'styled-system/recipes';

const fillBase = css({ height: 'full', borderRadius: 'full' });

/** The fill colours a bar may take: primary (an upload), secondary (a learner's progress), success (done). */
const fillTones = {
  primary: css({ bg: 'primary.strong' }),
  secondary: css({ bg: 'secondary.strong' }),
  success: css({ bg: 'success.strong' }),
};

/**
 * A rounded progress bar (`role=progressbar`, 0 to `max`, the `progressTrack` recipe) filled to
 * `value / max`. `label` names it and `valueText` is what screen readers say for the value (e.g.
 * "40% uploaded", "3 of 8 lessons done"); `animated` eases the fill as it grows (uploads).
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  tone,
  animated = false,
}: {
  value: number;
  max?: number;
  label: string;
  valueText: string;
  tone: keyof typeof fillTones;
  animated?: boolean;
}) {
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      aria-label={label}
      className={progressTrack()}
    >
      <div
        className={cx(fillBase, fillTones[tone], animated ? css({ transition: 'width 150ms linear' }) : undefined)}
        style={{ width: `${max > 0 ? (value / max) * 100 : 0}%` }}
      />
    </div>
  );
}
