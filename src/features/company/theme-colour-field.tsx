import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { TextField } from '@/components/ui/field';
import { type ColourCheck, type ColourKey, MIN_TEXT_CONTRAST } from '@machines/theme-editor.form';

export const colourLabels: Record<ColourKey, MessageDescriptor> = {
  primary: msg`Primary colour`,
  secondary: msg`Secondary colour`,
  tertiary: msg`Tertiary colour`,
};

const colourUses: Record<ColourKey, MessageDescriptor> = {
  primary: msg`Header, main buttons and links`,
  secondary: msg`Success, progress and second buttons`,
  tertiary: msg`Highlights such as seats left and meetings`,
};

/** Formats a contrast ratio like "6.30:1" in the reader's digits. */
function useRatio() {
  const { i18n } = useLingui();
  return (ratio: number) =>
    `${new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ratio)}:1`;
}

/** One brand colour of the theme: its picker, hex field and contrast check. */
export function ColourField({
  colourKey,
  check,
  serverError,
  disabled,
  onChange,
}: {
  colourKey: ColourKey;
  check: ColourCheck;
  serverError: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useLingui();
  const ratio = useRatio();
  const label = i18n._(colourLabels[colourKey]);
  const value = check.value;
  const minimum = ratio(MIN_TEXT_CONTRAST);
  const error =
    check.problem === 'colour.invalid'
      ? t`Enter a colour as # and six hexadecimal digits, e.g. #6491D2.`
      : check.problem === 'colour.unreadable'
        ? t`Text on this colour is hard to read: contrast ${ratio(check.ratio ?? 0)}, at least ${minimum} is needed (WCAG 2.1 AA).`
        : (serverError ?? null);
  return (
    <div
      className={css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '3', alignItems: 'start' })}
      data-testid={`colour-${colourKey}`}
    >
      <input
        type="color"
        aria-label={t`${label}: colour picker`}
        value={check.problem === 'colour.invalid' ? '#000000' : value.toLowerCase()}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        className={css({
          width: '12',
          height: '10',
          marginBlockStart: '6',
          padding: '0.5',
          borderRadius: 'lg',
          borderWidth: '1px',
          borderColor: 'border.strong',
          bg: 'bg.surface',
          cursor: 'pointer',
        })}
      />
      <TextField
        label={label}
        name={`${colourKey}Color`}
        value={value}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        maxLength={7}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value.trim())}
        error={error}
        helperText={
          check.problem === null && check.ratio !== null ? (
            <>
              {i18n._(colourUses[colourKey])} · <Trans>contrast {ratio(check.ratio)} (WCAG 2.1 AA)</Trans>
            </>
          ) : (
            i18n._(colourUses[colourKey])
          )
        }
      />
    </div>
  );
}
