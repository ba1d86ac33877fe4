import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { css, cx } from 'styled-system/css';
import { fieldError } from 'styled-system/recipes';

/**
 * Accessible form fields: the label is bound to the control, the helper text is referenced by
 * aria-describedby and the error text by aria-errormessage, `error` sets aria-invalid and shows the message
 * (role-free text under the control; forms should also move focus to the first invalid field).
 *
 *   <TextField label={t`Email`} name="email" type="email" required error={errors.email} />
 *   <SelectField label={t`Category`} value={v} onChange={…}><option value="">…</option></SelectField>
 *   <TextareaField label={t`Review`} rows={4} />
 */
export interface FieldBaseProps {
  label: ReactNode;
  /** Error text; a non-empty value marks the control invalid. */
  error?: string | null | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Hide the label visually (still read by screen readers), e.g. in a search bar. */
  hideLabel?: boolean;
  className?: string;
}

export const controlStyles = css({
  width: 'full',
  minHeight: '10',
  paddingInline: '3',
  paddingBlock: '2',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'sm',
  transition: 'border-color 150ms, box-shadow 150ms',
  _placeholder: { color: 'fg.subtle' },
  _hover: { borderColor: 'fg.subtle' },
  _focusVisible: {
    outline: 'none',
    borderColor: 'primary.strong',
    boxShadow: '0 0 0 3px {colors.primary.muted}',
  },
  // Only when marked invalid (error text), not the native :invalid of an empty required field.
  '&[aria-invalid=true], &[data-invalid]': {
    borderColor: 'error.strong',
    _focusVisible: { boxShadow: '0 0 0 3px {colors.error.muted}' },
  },
  _disabled: { bg: 'bg.subtle', cursor: 'not-allowed', opacity: 0.7 },
});

const rootStyles = css({ display: 'flex', flexDirection: 'column', gap: '1.5', minWidth: 0 });
const labelStyles = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' });
const hiddenLabel = css({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});
const helperStyles = css({ fontSize: 'xs', color: 'fg.muted' });
const errorStyles = fieldError();

/** Splits a field's props into the shell's (label, texts, states) and the control's (everything else). */
function splitFieldProps<P extends FieldBaseProps>(props: P): [FieldBaseProps, Omit<P, keyof FieldBaseProps>] {
  const { label, error, helperText, required, disabled, readOnly, hideLabel, className, ...control } = props;
  return [{ label, error, helperText, required, disabled, readOnly, hideLabel, className }, control];
}

/** The attributes a field gives its control: its id (the label's `for`), states and descriptions. */
interface ControlAttributes {
  id: string;
  required: boolean | undefined;
  disabled: boolean | undefined;
  readOnly: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-errormessage': string | undefined;
  'data-invalid': '' | undefined;
}

/**
 * The label, the control (drawn by `children` with {@link ControlAttributes}), the helper text and,
 * when `error` is set, the error text (announced politely). The same markup Ark UI's Field gave
 * (WAI-ARIA: aria-describedby for the helper, aria-invalid and aria-errormessage for the error),
 * written here so the catalog's filters, on every first load, need none of Ark UI's runtime.
 */
function FieldShell({
  label,
  error,
  helperText,
  required,
  disabled,
  readOnly,
  hideLabel,
  className,
  children,
}: FieldBaseProps & { children: (control: ControlAttributes) => ReactNode }) {
  const id = `field-${useId()}`;
  const invalid = Boolean(error);
  const helperId = helperText ? `${id}-helper` : undefined;
  const errorId = invalid ? `${id}-error` : undefined;
  return (
    <div
      className={cx(rootStyles, className)}
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <label htmlFor={id} className={hideLabel ? hiddenLabel : labelStyles}>
        {label}
        {required ? (
          <span aria-hidden="true" className={css({ color: 'error.strong', marginInlineStart: '1' })}>
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        required,
        disabled,
        readOnly,
        'aria-invalid': invalid || undefined,
        'aria-describedby': helperId,
        'aria-errormessage': errorId,
        'data-invalid': invalid ? '' : undefined,
      })}
      {helperId ? (
        <span id={helperId} className={helperStyles}>
          {helperText}
        </span>
      ) : null}
      {errorId ? (
        <span id={errorId} aria-live="polite" className={errorStyles}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'disabled' | 'readOnly'> & {
  ref?: Ref<HTMLInputElement>;
};

/** Label + `<input>` + helper/error text. */
export function TextField(props: FieldBaseProps & InputProps) {
  const [shell, input] = splitFieldProps(props);
  return <FieldShell {...shell}>{(control) => <input className={controlStyles} {...input} {...control} />}</FieldShell>;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required' | 'disabled'> & {
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** Label + native `<select>` (pass `<option>`s as children). */
export function SelectField(props: FieldBaseProps & SelectProps) {
  const [shell, select] = splitFieldProps(props);
  return (
    <FieldShell {...shell}>
      {(control) => <select className={cx(controlStyles, css({ cursor: 'pointer' }))} {...select} {...control} />}
    </FieldShell>
  );
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required' | 'disabled' | 'readOnly'> & {
  ref?: Ref<HTMLTextAreaElement>;
};

/** Label + `<textarea>`. */
export function TextareaField(props: FieldBaseProps & TextareaProps) {
  const [shell, textarea] = splitFieldProps(props);
  return (
    <FieldShell {...shell}>
      {(control) => (
        <textarea
          className={cx(controlStyles, css({ minHeight: '24', resize: 'vertical' }))}
          {...textarea}
          {...control}
        />
      )}
    </FieldShell>
  );
}
