import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Difficulty } from '../../db/types.js';
import { badRequest } from '../../platform/errors.js';
import { likePattern } from '../../platform/paging.js';
import { OPEN_SESSION_STATUSES } from '../../platform/session-lifecycle.js';

/** The catalog's orders (the contract's CatalogSort). */
export type CatalogSort = 'relevance' | 'soonest' | 'newest' | 'price_asc' | 'price_desc' | 'rating';

/**
 * The search text, sort and filters of GET /courses/explore and GET /sessions/explore, as the
 * contract names them. Prices are decimal US dollars (inclusive bounds), dates `YYYY-MM-DD`.
 */
export interface CatalogParams {
  query?: string;
  categoryId?: number;
  difficulty?: Difficulty;
  languageId?: number;
  minPrice?: number;
  maxPrice?: number;
  startFrom?: string;
  startTo?: string;
  sort?: CatalogSort;
}

/** {@link CatalogParams} checked and normalised: the text searched (or none), prices in cents. */
export interface CatalogFilters {
  text?: string;
  categoryId?: number;
  difficulty?: Difficulty;
  languageId?: number;
  minCents?: number;
  maxCents?: number;
  startFrom?: string;
  startTo?: string;
  sort: CatalogSort;
}

/** The fewest characters a one-word search text has for its typo rule to apply (shorter words have too few trigrams). */
const TYPO_MIN_LENGTH = 4;
/** The word similarity (pg_trgm) from which a title word counts as the search text with a typo. */
const TYPO_SIMILARITY = 0.5;

/**
 * Checks and normalises the catalog's parameters: control characters in the text become spaces
 * (the search row joins its texts with U+001F, migration 0036), the text is trimmed (empty: no
 * search), prices become cents (a bound between two cents is rounded inwards: `minPrice=9.999`
 * keeps prices from 10.00). The key of a listing is built from the result, so two URLs that mean
 * the same share it.
 * @throws 400 when `minPrice` is above `maxPrice` or `startFrom` after `startTo`.
 */
export function catalogFilters(p: CatalogParams): CatalogFilters {
  const text =
    [...(p.query ?? '')]
      .map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch))
      .join('')
      .trim() || undefined;
  const minCents = p.minPrice === undefined ? undefined : Math.ceil(p.minPrice * 100 - 1e-6);
  const maxCents = p.maxPrice === undefined ? undefined : Math.floor(p.maxPrice * 100 + 1e-6);
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents)
    throw badRequest('minPrice must not be above maxPrice', [
      { path: 'minPrice', message: 'must not be above maxPrice' },
    ]);
  if (p.startFrom && p.startTo && p.startFrom > p.startTo)
    throw badRequest('startFrom must not be after startTo', [
      { path: 'startFrom', message: 'must not be after startTo' },
    ]);
  return {
    text,
    categoryId: p.categoryId,
    difficulty: p.difficulty,
    languageId: p.languageId,
    minCents,
    maxCents,
    startFrom: p.startFrom,
    startTo: p.startTo,
    sort: p.sort ?? 'relevance',
  };
}

/**
 * The catalog's free-text search, one rule for GET /courses/explore and GET /sessions/explore,
 * over the course's search row `c` (`course_catalog`, migration 0036): a course matches when
 * `text` (LIKE wildcards taken literally) is contained, case-insensitively, in its title or
 * description, in its category's English or Arabic name, or in the name of one of its skills
 * (a search for "react" finds courses teaching React; "البيانات" finds Arabic titles and the
 * "Data Science & AI" category, whose Arabic name contains it; a word's beginning finds the word),
 * or — for a single word of at least {@link TYPO_MIN_LENGTH} characters — when a word of its title
 * is like it with a typo: pg_trgm word similarity ≥ {@link TYPO_SIMILARITY} ("pythn"
 * finds "Python", "البينات" finds "البيانات"). Both halves are answered by the trigram indexes of
 * the search row; the `<%` operator uses the connection's threshold (server/db/database.ts), the
 * explicit comparison keeps the rule exact whatever that threshold is.
 */
export function searchMatch(eb: ExpressionBuilder<any, any>, text: string): Expression<SqlBool> {
  const contains = sql<SqlBool>`c.doc like lower(${likePattern(text)})`;
  if ([...text].length < TYPO_MIN_LENGTH || /\s/.test(text)) return contains;
  return eb.or([
    contains,
    sql<SqlBool>`(${text} operator(public.<%) c.title and public.word_similarity(${text}, c.title) >= ${sql.lit(TYPO_SIMILARITY)})`,
  ]);
}

/** How well the title of search row `c` matches `text` (pg_trgm word similarity, 0–1): the relevance order. */
export function relevance(text: string): RawBuilder<number> {
  return sql<number>`public.word_similarity(${text}, c.title)`;
}

/**
 * The filters shared by both explore calls, over the search row `c`: category, difficulty,
 * language and (when `text`) the search. Price and start dates are the caller's: a course's own
 * price and open sessions, a session's own price and start.
 */
export function courseFilters(eb: ExpressionBuilder<any, any>, f: CatalogFilters): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (f.categoryId !== undefined) parts.push(eb('c.category_id', '=', f.categoryId));
  if (f.difficulty !== undefined) parts.push(eb('c.difficulty_level', '=', f.difficulty));
  if (f.languageId !== undefined) parts.push(eb('c.language_id', '=', f.languageId));
  if (f.text) parts.push(searchMatch(eb, f.text));
  return eb.and(parts);
}

/**
 * Whether the sessions row `s` is one learners can join today (approved or running, not ended,
 * not deleted).
 */
export function sessionOpen(eb: ExpressionBuilder<any, any>): Expression<SqlBool> {
  return eb.and([
    eb('s.status', 'in', OPEN_SESSION_STATUSES),
    eb('s.deleted_at', 'is', null),
    eb('s.end_date', '>=', sql<string>`current_date`),
  ]);
}

/**
 * Over search row `c`: the course has an open session starting within the filters' dates (either
 * bound may be missing; true when both are).
 */
export function startsWithin(eb: ExpressionBuilder<any, any>, f: CatalogFilters): Expression<SqlBool> {
  if (!f.startFrom && !f.startTo) return eb.and([]);
  let q = eb
    .selectFrom('sessions as s')
    .select('s.id')
    .whereRef('s.course_id', '=', 'c.course_id')
    .where((w) => sessionOpen(w));
  if (f.startFrom) q = q.where('s.start_date', '>=', f.startFrom);
  if (f.startTo) q = q.where('s.start_date', '<=', f.startTo);
  return eb.exists(q);
}

/**
 * `<column> = any('{…}'::int[])` for a list of ids, passed as one array parameter: the database
 * hashes the constant array, so filtering thousands of rows by thousands of ids stays linear.
 * `ids` may also be the list already in that form (`{1,2,3}`), or the stand-in of a
 * `reusableQuery` (server/db/reusable-query.ts).
 */
export function idIn(eb: ExpressionBuilder<any, any>, column: string, ids: number[] | string): Expression<SqlBool> {
  return eb(eb.ref(column), '=', sql<number>`any(${typeof ids === 'string' ? ids : `{${ids.join(',')}}`}::int[])`);
}
