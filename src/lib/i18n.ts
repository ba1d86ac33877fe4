import { i18n } from '@lingui/core';

export { i18n };

/** Locales of the product (spec §1): English (default) and Arabic. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** localStorage key remembering the last language chosen with `?lang=`. */
export const LOCALE_STORAGE_KEY = 'halaqa.lang';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'ar';
}

/** Text direction of a locale: Arabic is right-to-left. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** BCP-47 tag used with `Intl`: 'ar' (CLDR default digits for Arabic, Latin in current ICU) or 'en-US'. */
export function intlLocaleOf(locale: Locale): string {
  return locale === 'ar' ? 'ar' : 'en-US';
}

function readStoredLocale(): Locale | null {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null; // storage disabled (privacy mode): fall back to the default
  }
}

/**
 * The locale to use for a URL search string (e.g. `location.search`): `?lang=en|ar` wins, then the
 * language remembered in localStorage, then English.
 */
export function pickLocale(search: string | undefined | null): Locale {
  const fromUrl = new URLSearchParams(search ?? '').get('lang');
  if (isLocale(fromUrl)) return fromUrl;
  return readStoredLocale() ?? DEFAULT_LOCALE;
}

/**
 * The catalog of each locale, loaded only when that locale is chosen (issue 15, goal 4). English is
 * the source locale: its messages are in the code itself (compiled at build time by
 * scripts/babel-lingui-inline-source.ts, kept by the macro in development), so it loads nothing.
 */
const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: async () => ({ messages: {} }),
  ar: () => import('../locales/ar/messages.po'),
};

/**
 * Loads the compiled catalog of `locale` (Arabic: the .po file, compiled by @lingui/vite-plugin, in
 * a chunk of its own; English: none), activates it on the shared Lingui `i18n` instance, sets
 * `<html lang dir>` (ar → rtl) and remembers the choice in localStorage. Resolves once the new
 * messages are active; rejects if the catalog chunk cannot be loaded (network error).
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const { messages } = await loaders[locale]();
    i18n.loadAndActivate({ locale, messages: messages as Parameters<typeof i18n.load>[1] });
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the choice still holds for this page through ?lang=
  }
}

/** The active locale (after `activateLocale`), defaulting to English. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
