/**
 * Runs while the app's main script is still downloading: the page's first `Intl` object costs
 * Chromium ~50 ms (ICU's data, once per page; ~200 ms on Lighthouse's 4× slower phone), and
 * the first render formats prices, dates and plurals. Made here, that time overlaps the download
 * instead of delaying the first paint; the objects made later reuse ICU's loaded data (~0.2 ms each).
 * No imports, so this stays a separate file of a few hundred bytes (index.html loads it `async`).
 */
const tag = document.documentElement.lang === 'ar' || /[?&]lang=ar(?:&|$)/.test(location.search) ? 'ar' : 'en-US';
new Intl.NumberFormat(tag);
new Intl.PluralRules(tag);
new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
