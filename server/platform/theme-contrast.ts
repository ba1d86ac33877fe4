import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { FieldError } from './errors.js';

extend([a11yPlugin]);

/**
 * WCAG 2.1 AA for normal text (success criterion 1.4.3): at least 4.5:1. The contrast ratio
 * itself comes from colord's a11y plugin (relative luminance per WCAG 2.1).
 */
export const MIN_TEXT_CONTRAST = 4.5;

/** The three brand colours of a company theme (spec §3 "Company theme"), each `#RRGGBB`. */
export interface BrandStyle {
  primaryColor: string;
  secondaryColor: string;
  tertiaryColor: string;
}

const DARK = { r: 0x0b, g: 0x12, b: 0x20 };
const WHITE = { r: 255, g: 255, b: 255 };

/** CSS `color-mix(in srgb, hex p%, other)` with p in 0–1, channels rounded to 0–255. */
function mix(hex: string, p: number, other: { r: number; g: number; b: number }) {
  const c = colord(hex).toRgb();
  const ch = (a: number, b: number) => Math.round(a * p + b * (1 - p));
  return colord({ r: ch(c.r, other.r), g: ch(c.g, other.g), b: ch(c.b, other.b) });
}

/**
 * The text pairs the SPA draws with a brand colour (panda.config.ts `palette`): white text on its
 * `strong` shade (buttons, header bar; the same ratio as `strong` text on white) and its `stronger`
 * shade on its `subtle` tint (badges). Answers each ratio (e.g. 6.31), rounded to 2 decimals.
 */
export function brandContrasts(hex: string): { onButton: number; onBadge: number } {
  const strong = mix(hex, 0.62, DARK);
  const stronger = mix(hex, 0.5, DARK);
  const subtle = mix(hex, 0.14, WHITE);
  return { onButton: colord(WHITE).contrast(strong), onBadge: stronger.contrast(subtle) };
}

const NAMES: Record<keyof BrandStyle, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  tertiaryColor: 'Tertiary colour',
};

/**
 * Checks a theme for readable text (issue 12 "Brand the platform"; WCAG 2.1 AA): every colour's
 * text pairs (see `brandContrasts`) must reach 4.5:1. Answers one field error per unreadable
 * colour, path `style.<colour>`, naming the colour, its value and the ratio found; `[]` when the
 * theme is readable. Colours must already be `#RRGGBB` (the contract checks that first).
 */
export function themeContrastErrors(style: BrandStyle): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of Object.keys(NAMES) as (keyof BrandStyle)[]) {
    const { onButton, onBadge } = brandContrasts(style[key]);
    const worst = Math.min(onButton, onBadge);
    if (worst < MIN_TEXT_CONTRAST) {
      errors.push({
        path: `style.${key}`,
        message: `${NAMES[key]} ${style[key].toUpperCase()} is not readable: text on it has a contrast of ${worst.toFixed(2)}:1, WCAG 2.1 AA needs at least ${MIN_TEXT_CONTRAST}:1`,
      });
    }
  }
  return errors;
}
