/** True when `<root>/dist/index.html` is newer than every input of the SPA build (scripts/spa-fresh.mjs). */
export function spaIsFresh(root: string): boolean;
