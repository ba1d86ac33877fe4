import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

/** The maps from the demo data's names (category, language code, e-mail…) to the rows' ids. */
export interface SeedIds {
  categories: Map<string, number>;
  languages: Map<string, number>;
  skills: Map<string, number>;
  lessonTypes: Map<string, number>;
  companies: Map<string, number>;
  users: Map<string, number>;
}

/**
 * What the steps of `seedDemoData` share: its transaction, the seeding day ('YYYY-MM-DD', UTC),
 * the demo accounts' password hash, the platform fee rule of the demo card payments, and the
 * cover and logo files to write once the transaction commits.
 */
export interface SeedContext {
  trx: Kysely<Database>;
  today: string;
  passwordHash: string;
  feeRule: { percent: number; fixedCents: number };
  files: { name: string; content: string }[];
}

/** Public URL of a demo course cover. */
export const demoCoverUrl = (courseId: number): string => `/uploads/demo/course-${courseId}.svg`;
/** Public URL of a demo company logo. */
export const demoLogoUrl = (acronym: string): string => `/uploads/demo/logo-${acronym.toLowerCase()}.svg`;

/** The day `days` after `day` ('YYYY-MM-DD', UTC). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days);
  return new Date(t).toISOString().slice(0, 10);
}

/** An instant on `day + days` at `hour`:00 UTC, as an ISO string. */
export function at(day: string, days: number, hour = 12): string {
  return `${addDays(day, days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}

/** Platform fee in cents for a price in cents (0 for a free session). */
export function feeCents(priceCents: number, fee: { percent: number; fixedCents: number }): number {
  if (priceCents === 0) return 0;
  return Math.round((priceCents * fee.percent) / 100) + fee.fixedCents;
}

/** The value of `key` in `map`; throws naming the unknown `what` (a typo in the demo data). */
export function need<T>(map: Map<string, T>, key: string, what: string): T {
  const v = map.get(key);
  if (v === undefined) throw new Error(`Demo data: unknown ${what} "${key}"`);
  return v;
}
