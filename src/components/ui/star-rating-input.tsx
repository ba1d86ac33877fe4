import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { css } from 'styled-system/css';
import { fieldError } from 'styled-system/recipes';
import { StarIcon } from './icons';

const visuallyHidden = css({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * A star rating chooser (1–5 whole stars) as a native radio group: a `<fieldset>` with its
 * `legend`, five radios named "1 star" … "5 stars" (arrow keys move and choose, as in any radio
 * group), drawn as stars that fill up to the chosen one. `value` 0 = none chosen. `error` is shown
 * under the stars and referenced by the group (aria-describedby). Right-to-left: the stars follow
 * the page direction (the first star at the inline start).
 */
export function StarRatingInput({
  legend,
  name,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  name: string;
  value: number;
  onChange: (value: number) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const errorId = useId();
  const labels = [t`1 star`, t`2 stars`, t`3 stars`, t`4 stars`, t`5 stars`];
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      className={css({
        border: 0,
        padding: 0,
        margin: 0,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: '1.5',
      })}
    >
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', marginBlockEnd: '1.5' })}>
        {legend}
      </legend>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
        {labels.map((label, i) => {
          const star = i + 1;
          return (
            <label
              key={star}
              title={label}
              className={css({
                position: 'relative',
                display: 'inline-flex',
                padding: '1',
                borderRadius: 'md',
                cursor: 'pointer',
                color: star <= value ? '#b45309' : 'fg.subtle',
                _hover: { color: '#b45309' },
                '&:has(input:focus-visible)': {
                  outline: '2px solid',
                  outlineColor: 'primary.strong',
                  outlineOffset: '1px',
                },
                '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
              })}
            >
              <input
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                className={visuallyHidden}
              />
              <span className={visuallyHidden}>{label}</span>
              <StarIcon size={28} filled={star <= value ? 'full' : 'none'} aria-hidden />
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className={fieldError()}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
