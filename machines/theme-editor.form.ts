import { brandContrasts, MIN_TEXT_CONTRAST } from '../openapi/theme-contrast';

export { brandContrasts, MIN_TEXT_CONTRAST };

/**
 * The theme editor's form model: a company's three brand colours
 * and its named links, the WCAG 2.1 AA readability rule, and the conversions to and from the
 * contract's `CompanySettings`. Pure: no I/O.
 *
 * The readability rule is the contract's (openapi/theme-contrast.ts, which the server runs too): the SPA never draws text on a raw brand colour but on shades derived from it
 * (panda.config.ts `palette`): white text on its `strong` shade (buttons, header bar; the same ratio
 * as `strong` text on white) and its `stronger` shade on its `subtle` tint (badges). Each ratio
 * must reach 4.5:1 (normal text, success criterion 1.4.3). Ratios come from colord's a11y plugin.
 */

/** The three brand colours (product.md#entities "Company theme"). */
export type ColourKey = 'primary' | 'secondary' | 'tertiary';
export const COLOUR_KEYS: readonly ColourKey[] = ['primary', 'secondary', 'tertiary'];

/** product.md#limits default colours: primary #6491D2, secondary #428D77, tertiary #DB5E3E. */
export const DEFAULT_COLOURS: Readonly<Record<ColourKey, string>> = {
  primary: '#6491D2',
  secondary: '#428D77',
  tertiary: '#DB5E3E',
};

/** One named link of the company (`website`, `support`, or a name of the partner's choosing). */
export interface LinkRow {
  name: string;
  url: string;
}

/** What the editor edits: colours as typed (`#RRGGBB` once valid) and the links in order. */
export interface ThemeValues {
  primary: string;
  secondary: string;
  tertiary: string;
  links: LinkRow[];
}

/** Error codes of the form; the screen translates them. */
export type ColourProblem = 'colour.invalid' | 'colour.unreadable';
export type LinkProblem = 'link.nameRequired' | 'link.nameInvalid' | 'link.nameDuplicate' | 'link.urlInvalid';

/** The check of one colour: `ratio` is the worst of its text pairs (2 decimals), null when not `#RRGGBB`. */
export interface ColourCheck {
  value: string;
  ratio: number | null;
  problem: ColourProblem | null;
}

/** The checks of the whole form; `ok` when every colour is readable and every link valid. */
export interface ThemeCheck {
  colours: Record<ColourKey, ColourCheck>;
  links: Array<{ name?: LinkProblem; url?: LinkProblem }>;
  ok: boolean;
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
/** The contract's link pattern (CompanyLinks): http(s) or mailto, no spaces, ≤ 2048 characters. */
const LINK_URL = /^(https?:\/\/|mailto:)[^\s]+$/;
/** Link names: a letter, then letters, digits, `-` or `_`; at most 40 characters. */
const LINK_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** Whether `value` is a `#RRGGBB` colour. */
export const isHexColour = (value: string): boolean => HEX.test(value);

/** Checks one colour: invalid (not `#RRGGBB`), unreadable (a ratio below 4.5:1) or fine. */
export function checkColour(value: string): ColourCheck {
  if (!isHexColour(value)) return { value, ratio: null, problem: 'colour.invalid' };
  const { onButton, onBadge } = brandContrasts(value);
  const ratio = Math.min(onButton, onBadge);
  return { value, ratio, problem: ratio < MIN_TEXT_CONTRAST ? 'colour.unreadable' : null };
}

/** Checks the whole form (colours, then each link's name and URL). */
export function checkTheme(values: ThemeValues): ThemeCheck {
  const colours = {
    primary: checkColour(values.primary),
    secondary: checkColour(values.secondary),
    tertiary: checkColour(values.tertiary),
  };
  const seen = new Map<string, number>();
  for (const row of values.links) {
    const key = row.name.trim().toLowerCase();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const links = values.links.map((row) => {
    const name = row.name.trim();
    const url = row.url.trim();
    const out: { name?: LinkProblem; url?: LinkProblem } = {};
    if (!name) out.name = 'link.nameRequired';
    else if (!LINK_NAME.test(name)) out.name = 'link.nameInvalid';
    else if ((seen.get(name.toLowerCase()) ?? 0) > 1) out.name = 'link.nameDuplicate';
    if (!LINK_URL.test(url) || url.length > 2048) out.url = 'link.urlInvalid';
    return out;
  });
  const ok = COLOUR_KEYS.every((k) => colours[k].problem === null) && links.every((l) => !l.name && !l.url);
  return { colours, links, ok };
}

/** The contract's `CompanySettings` as far as the editor needs it. */
export interface SettingsLike {
  style: { primaryColor: string; secondaryColor: string; tertiaryColor: string };
  links: Record<string, string>;
  logo?: string | null;
}

/** Form values from stored settings (links in their stored order). */
export function valuesFromSettings(settings: SettingsLike): ThemeValues {
  return {
    primary: settings.style.primaryColor.toUpperCase(),
    secondary: settings.style.secondaryColor.toUpperCase(),
    tertiary: settings.style.tertiaryColor.toUpperCase(),
    links: Object.entries(settings.links).map(([name, url]) => ({ name, url })),
  };
}

/** The `PUT /companies/{id}/settings` body (`CompanySettingsUpdate`): trimmed links, upper-case colours. */
export function settingsUpdateOf(values: ThemeValues): { style: SettingsLike['style']; links: Record<string, string> } {
  return {
    style: {
      primaryColor: values.primary.toUpperCase(),
      secondaryColor: values.secondary.toUpperCase(),
      tertiaryColor: values.tertiary.toUpperCase(),
    },
    links: Object.fromEntries(values.links.map((row) => [row.name.trim(), row.url.trim()])),
  };
}

/** Whether two form values are the same (colours case-insensitively, links in order). */
export function sameValues(a: ThemeValues, b: ThemeValues): boolean {
  return (
    COLOUR_KEYS.every((k) => a[k].toUpperCase() === b[k].toUpperCase()) &&
    a.links.length === b.links.length &&
    a.links.every((row, i) => row.name === b.links[i]!.name && row.url === b.links[i]!.url)
  );
}
