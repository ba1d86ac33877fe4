import { Trans } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import { css } from 'styled-system/css';
import { inlineLink } from 'styled-system/recipes';
import { COLOUR_KEYS, DEFAULT_COLOURS, isHexColour, type ThemeValues } from '@machines/theme-editor.form';

/**
 * The CSS variables of a theme for one subtree: each brand colour and the shades the SPA derives
 * from it (panda.config.ts `palette`: strong, stronger, subtle, muted). Panda computes the shades
 * on `:root`, so a subtree that overrides only `--colors-primary` would keep the page's shades;
 * the preview therefore sets every shade itself. A colour that is not `#RRGGBB` yet previews as
 * the product.md#limits default.
 */
export function themeVariables(values: Pick<ThemeValues, 'primary' | 'secondary' | 'tertiary'>): CSSProperties {
  const out: Record<string, string> = {};
  for (const key of COLOUR_KEYS) {
    const hex = isHexColour(values[key]) ? values[key] : DEFAULT_COLOURS[key];
    out[`--colors-${key}`] = hex;
    out[`--colors-${key}-strong`] = `color-mix(in srgb, ${hex} 62%, #0b1220)`;
    out[`--colors-${key}-stronger`] = `color-mix(in srgb, ${hex} 50%, #0b1220)`;
    out[`--colors-${key}-subtle`] = `color-mix(in srgb, ${hex} 14%, white)`;
    out[`--colors-${key}-muted`] = `color-mix(in srgb, ${hex} 35%, white)`;
  }
  return out as CSSProperties;
}

const pill = css({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: '2.5',
  paddingBlock: '0.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  borderWidth: '1px',
});

const previewButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  height: '9',
  paddingInline: '4',
  borderRadius: 'lg',
  fontSize: 'sm',
  fontWeight: 'semibold',
});

/**
 * The live preview of a theme: the app header as members see it (logo or company name,
 * navigation), buttons and badges in the three colours, as the SPA draws them. Decorative copies
 * of real controls: nothing in it is focusable.
 */
export function ThemePreview({
  values,
  logo,
  companyName,
}: {
  values: ThemeValues;
  logo: string | null;
  companyName: string;
}) {
  return (
    <div
      data-testid="theme-preview"
      style={themeVariables(values)}
      className={css({
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border.default',
        overflow: 'hidden',
        bg: 'bg.surface',
      })}
    >
      <div
        data-testid="preview-header"
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '3',
          paddingInline: '4',
          height: '14',
          bg: 'primary.strong',
          color: 'white',
        })}
      >
        {logo ? (
          <img
            src={logo}
            alt=""
            className={css({
              height: '8',
              width: 'auto',
              maxWidth: '24',
              objectFit: 'contain',
              bg: 'white',
              borderRadius: 'md',
              padding: '0.5',
            })}
          />
        ) : null}
        <span
          className={css({
            fontWeight: 'bold',
            fontSize: 'md',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          })}
        >
          {companyName}
        </span>
        <span
          className={css({ marginInlineStart: 'auto', fontSize: 'sm', fontWeight: 'semibold', whiteSpace: 'nowrap' })}
        >
          <Trans>My courses</Trans>
        </span>
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', padding: '4' })}>
        <p className={css({ fontSize: 'sm', color: 'fg.default' })}>
          <Trans>
            Learn with <span className={inlineLink()}>your team</span>, live.
          </Trans>
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <span
            data-testid="preview-primary-button"
            className={previewButton}
            style={{ background: 'var(--colors-primary-strong)', color: 'white' }}
          >
            <Trans>Enroll now</Trans>
          </span>
          <span className={previewButton} style={{ background: 'var(--colors-secondary-strong)', color: 'white' }}>
            <Trans>Join the meeting</Trans>
          </span>
          <span
            className={previewButton}
            style={{
              background: 'white',
              color: 'var(--colors-primary-strong)',
              border: '1px solid var(--colors-primary-strong)',
            }}
          >
            <Trans>View syllabus</Trans>
          </span>
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <span
            className={pill}
            style={{
              background: 'var(--colors-primary-subtle)',
              color: 'var(--colors-primary-stronger)',
              borderColor: 'var(--colors-primary-muted)',
            }}
          >
            <Trans>Live</Trans>
          </span>
          <span
            className={pill}
            style={{
              background: 'var(--colors-secondary-subtle)',
              color: 'var(--colors-secondary-stronger)',
              borderColor: 'var(--colors-secondary-muted)',
            }}
          >
            <Trans>Python</Trans>
          </span>
          <span
            className={pill}
            style={{
              background: 'var(--colors-tertiary-subtle)',
              color: 'var(--colors-tertiary-stronger)',
              borderColor: 'var(--colors-tertiary-muted)',
            }}
          >
            <Trans>3 seats left</Trans>
          </span>
        </div>
      </div>
    </div>
  );
}
