import type { ReactNode } from 'react';
import { AlertIcon } from '@/components/ui/icons';
import { css, cx } from 'styled-system/css';
import { surface } from 'styled-system/recipes';

/** A card-like group of the form with an h2 title and an optional lead. */
export function FormSection({
  id,
  title,
  lead,
  children,
  actions,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      id={id}
      className={cx(
        surface({ padding: 'section' }),
        css({
          display: 'flex',
          flexDirection: 'column',
          gap: '5',
          minWidth: 0,
        }),
      )}
    >
      <div
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          gap: '3',
          flexWrap: 'wrap',
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
          <h2 id={`${id}-title`} className={css({ fontSize: 'lg', fontWeight: 'bold', letterSpacing: 'tight' })}>
            {title}
          </h2>
          {lead ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{lead}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Two (or more) fields side by side from tablet width, stacked on phones. */
export function FieldRow({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return (
    <div
      className={cx(
        css({ display: 'grid', gap: '4', gridTemplateColumns: '1fr' }),
        columns === 2
          ? css({ tablet: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } })
          : columns === 3
            ? css({ tablet: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } })
            : css({
                tablet: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
                desktop: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
              }),
      )}
    >
      {children}
    </div>
  );
}

/** A native checkbox with its label and an optional hint under it. */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
  disabled,
  name,
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
}) {
  return (
    <label
      className={css({
        display: 'flex',
        gap: '3',
        alignItems: 'flex-start',
        cursor: disabled ? 'not-allowed' : 'pointer',
        padding: '3',
        borderRadius: 'lg',
        borderWidth: '1px',
        borderColor: 'border.default',
        _hover: { bg: 'bg.subtle' },
      })}
    >
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className={css({
          width: '4.5',
          height: '4.5',
          marginBlockStart: '0.5',
          accentColor: 'var(--colors-primary-strong)',
          flexShrink: 0,
        })}
      />
      <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
        <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{label}</span>
        {hint ? <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{hint}</span> : null}
      </span>
    </label>
  );
}

/**
 * The style object of a square button holding only an icon (2.25rem, muted until hovered, dimmed when
 * disabled, ringed on keyboard focus): compose it with `css(squareIconButton, { … })`.
 */
export const squareIconButton = css.raw({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '9',
  height: '9',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
  _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '1px' },
});

/** Small square icon buttons (move up / down, remove) of the syllabus builder and the question bank. */
export const iconButton = css(squareIconButton, {
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  flexShrink: 0,
});

/** The sticky bar at the bottom of a long form holding its save actions (course editor, lesson authoring). */
export const stickyActionBar = css({
  position: 'sticky',
  insetBlockEnd: 0,
  zIndex: 10,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'flex-end',
  alignItems: 'center',
  paddingBlock: { base: '2', tablet: '3' },
  paddingInline: { base: '2', tablet: '4' },
  bg: 'rgba(255,255,255,0.94)',
  backdropFilter: 'blur(8px)',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'raised',
});

/**
 * The banner at the top of a form whose save failed (course editor, lesson authoring): the
 * failure's title (the spec's toast text), the server's message, and the server's field errors
 * that match no field on the form as "field: message" lines. A `role="alert"` region.
 */
export function FormErrorBanner({
  title,
  message,
  otherErrors,
}: {
  title: ReactNode;
  message?: string | null | undefined;
  otherErrors: readonly (readonly [string, string])[];
}) {
  return (
    <div
      role="alert"
      className={css({
        display: 'flex',
        gap: '3',
        padding: '4',
        borderRadius: 'lg',
        bg: 'status.red.bg',
        color: 'status.red.fg',
        borderWidth: '1px',
        borderColor: 'status.red.border',
      })}
    >
      <AlertIcon size={20} />
      <div className={css({ minWidth: 0 })}>
        <p className={css({ fontWeight: 'semibold' })}>{title}</p>
        {message ? <p className={css({ fontSize: 'sm' })}>{message}</p> : null}
        {otherErrors.length ? (
          <ul
            className={css({
              fontSize: 'sm',
              paddingInlineStart: '4',
              listStyleType: 'disc',
              overflowWrap: 'anywhere',
            })}
          >
            {otherErrors.map(([key, text]) => (
              <li key={key}>{`${key}: ${text}`}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
