import { i18n, type Messages } from '@lingui/core';

export { i18n };

/** Locales of the product (product.md#overview): English (default) and Arabic. */
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

type Catalog = { messages: Messages };

/**
 * The catalog of each locale, loaded only when that locale is chosen, in two
 * chunks (scripts/vite-lingui-split.ts): `core`, the messages the explore pages show on their first
 * load, and `rest`. English is the source locale: its messages are in the code itself (compiled at
 * build time by scripts/babel-lingui-inline-source.ts, kept by the macro in development), so it
 * loads nothing.
 */
const loaders: Record<Locale, { core: () => Promise<Catalog>; rest: () => Promise<Catalog> }> = {
  en: { core: async () => ({ messages: {} }), rest: async () => ({ messages: {} }) },
  ar: {
    core: () => import('../locales/ar/messages.po?part=core'),
    rest: () => import('../locales/ar/messages.po?part=rest'),
  },
};

/** The pages whose first load shows the core part of the catalog alone (vite.config.ts, `linguiSplit`). */
const CORE_CATALOG_PATHS: ReadonlySet<string> = new Set(['/', '/courses']);

/** Whether the page at `pathname` shows messages outside the catalog's core part. */
export function needsFullCatalog(pathname: string): boolean {
  return !CORE_CATALOG_PATHS.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** The rest of the active locale's catalog, while its first load has taken the core part alone. */
let restPending: { locale: Locale; done: Promise<void> | null } | null = null;

/** Loads the rest of the active locale's catalog into `i18n`, once (again after a failure). */
function loadRest(): Promise<void> {
  const pending = restPending;
  if (!pending) return Promise.resolve();
  pending.done ??= loaders[pending.locale].rest().then(
    ({ messages }) => {
      if (i18n.locale === pending.locale) i18n.load(pending.locale, messages);
      if (restPending === pending) restPending = null;
    },
    (err: unknown) => {
      pending.done = null; // a network error: the next catalogComplete() tries again
      throw err;
    },
  );
  return pending.done;
}

/**
 * Loads the compiled catalog of `locale` (Arabic: the .po file, compiled in two chunks; English:
 * none), activates it on the shared Lingui `i18n` instance, sets `<html lang dir>` (ar → rtl) and
 * remembers the choice in localStorage. Resolves once the new messages are active; rejects if a
 * catalog chunk cannot be loaded (network error).
 * @param options.coreOnly activate the core part alone (the first load of an explore page, where
 *   {@link needsFullCatalog} is false): the rest is loaded by {@link catalogComplete}, which the
 *   root route's beforeLoad awaits before any other page (and runs on a link's preload, at hover).
 */
export async function activateLocale(locale: Locale, options: { coreOnly?: boolean } = {}): Promise<void> {
  if (i18n.locale !== locale) {
    const loader = loaders[locale];
    const [core, rest] = await Promise.all([loader.core(), options.coreOnly ? null : loader.rest()]);
    i18n.loadAndActivate({ locale, messages: { ...core.messages, ...rest?.messages } });
    restPending = rest ? null : { locale, done: null };
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

/**
 * Loads the rest of the active locale's catalog if its first load took the core part alone, and
 * resolves once the whole catalog is active (at once otherwise). Rejects if the rest cannot be
 * loaded (network error); a later call tries again.
 */
export function catalogComplete(): Promise<void> {
  return loadRest();
}

/** The active locale (after `activateLocale`), defaulting to English. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
