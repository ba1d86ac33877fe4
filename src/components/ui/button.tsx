import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cva, cx, type RecipeVariantProps } from 'styled-system/css';
import { Spinner } from './spinner';

/**
 * Button styles (a Panda `cva` recipe). Use `buttonStyles({variant, size})` as the className of a
 * router `<Link>` to make a link look like a button.
 * - variant: solid (primary action), secondary (green), outline, ghost, danger
 * - size: sm | md | lg ; fullWidth: boolean
 */
export const buttonStyles = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'lg',
    fontWeight: 'semibold',
    lineHeight: '1.2',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    borderWidth: '1px',
    borderColor: 'transparent',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: '150ms',
    userSelect: 'none',
    textDecoration: 'none',
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
    '&[aria-disabled=true]': { opacity: 0.55, cursor: 'not-allowed' },
    _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'primary.strong',
        color: 'white',
        _hover: { bg: 'primary.stronger' },
      },
      secondary: {
        bg: 'secondary.strong',
        color: 'white',
        _hover: { bg: 'secondary.stronger' },
      },
      outline: {
        bg: 'bg.surface',
        color: 'primary.strong',
        borderColor: 'border.strong',
        _hover: { bg: 'primary.subtle', borderColor: 'primary.strong' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { bg: 'bg.subtle' },
      },
      danger: {
        bg: 'error.strong',
        color: 'white',
        _hover: { bg: 'error.stronger' },
      },
    },
    size: {
      sm: { height: '8', paddingInline: '3', fontSize: 'sm' },
      md: { height: '10', paddingInline: '4', fontSize: 'sm' },
      lg: { height: '12', paddingInline: '6', fontSize: 'md' },
    },
    fullWidth: {
      true: { width: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariantProps<typeof buttonStyles>>;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonVariants {
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
  /** Icon before the label (decorative). */
  startIcon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** A native `<button>` (type="button" unless given) with the app's styles. */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  startIcon,
  className,
  children,
  disabled,
  type = 'button',
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(buttonStyles({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" decorative /> : startIcon}
      {children}
    </button>
  );
}
