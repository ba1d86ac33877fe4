import type { Temporal as TemporalApi } from 'temporal-polyfill';

/**
 * Temporal (dates, times and time zones): the browser's own where it has one (Chrome and Edge 144+,
 * Firefox 139+), else the polyfill, whose code (~20 kB compressed) is then loaded with the first
 * module that imports this one. Both follow the same specification; the polyfill's types describe
 * either.
 */
export const Temporal: typeof TemporalApi =
  (globalThis as { Temporal?: typeof TemporalApi }).Temporal ?? (await import('temporal-polyfill')).Temporal;

/** A calendar date without a time or zone. */
export type PlainDate = TemporalApi.PlainDate;
/** An exact time in a time zone. */
export type ZonedDateTime = TemporalApi.ZonedDateTime;
