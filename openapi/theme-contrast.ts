import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

/**
 * The contract's readable-theme rule (PUT /companies/{id}/settings
 * answers 400 when a colour breaks it), in the one place both sides run it: the server refuses
 * (server/platform/theme-contrast.ts) and the theme editor warns (machines/theme-editor.form.ts).
 *
 * The SPA never draws text on a raw brand colour but on shades derived from it (panda.config.ts
 * `palette`): white text on its `strong` shade (buttons, header bar; the same ratio as `strong`
 * text on white) and its `stronger` shade on its `subtle` tint (badges). Each ratio must reach
 * WCAG 2.1 AA for normal text (success criterion 1.4.3). Ratios come from colord's a11y plugin
 * (relative luminance per WCAG 2.1).
 */

/** WCAG 2.1 AA, normal text: at least 4.5:1. */
export const MIN_TEXT_CONTRAST = 4.5;

const DARK = { r: 0x0b, g: 0x12, b: 0x20 };
const WHITE = { r: 255, g: 255, b: 255 };

/** CSS `color-mix(in srgb, hex p, other)` with p in 0–1; channels rounded to 0–255. */
function mix(hex: string, p: number, other: { r: number; g: number; b: number }) {
  const c = colord(hex).toRgb();
  const ch = (a: number, b: number) => Math.round(a * p + b * (1 - p));
  return colord({ r: ch(c.r, other.r), g: ch(c.g, other.g), b: ch(c.b, other.b) });
}

/**
 * The contrast ratios (e.g. 6.31 for 6.31:1, 2 decimals) of the text the SPA draws with brand colour
 * `hex` (`#RRGGBB`): `onButton` white on its strong shade, `onBadge` its stronger shade on its tint.
 */
export function brandContrasts(hex: string): { onButton: number; onBadge: number } {
  const strong = mix(hex, 0.62, DARK);
  const stronger = mix(hex, 0.5, DARK);
  const subtle = mix(hex, 0.14, WHITE);
  return { onButton: colord(WHITE).contrast(strong), onBadge: stronger.contrast(subtle) };
}
