import { brandContrasts, MIN_TEXT_CONTRAST } from '../../openapi/theme-contrast.js';
import type { FieldError } from './errors.js';

export { brandContrasts, MIN_TEXT_CONTRAST };

/** The three brand colours of a company theme (product.md#entities "Company theme"), each `#RRGGBB`. */
export interface BrandStyle {
  primaryColor: string;
  secondaryColor: string;
  tertiaryColor: string;
}

const NAMES: Record<keyof BrandStyle, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  tertiaryColor: 'Tertiary colour',
};

/**
 * Checks a theme for readable text (WCAG 2.1 AA): every colour's
 * text pairs (`brandContrasts`, openapi/theme-contrast.ts: the rule the theme editor runs too) must reach 4.5:1. Answers one field error per unreadable
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
