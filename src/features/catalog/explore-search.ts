import * as v from 'valibot';
import { lenient } from '@/lib/route-flags';

/** Page size of the explore grid (the API's default is 12; the server sends the first page with the page: openapi/first-load.ts). */
export { EXPLORE_PAGE_SIZE } from '@contract/first-load';

const positiveInt = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
);

/** A price bound in the URL: decimal US dollars, 0 to 1,000,000, at most two decimals. */
const price = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,7}(\.\d{1,2})?$/), v.transform(Number))]),
  v.minValue(0),
  v.maxValue(1_000_000),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6),
);

/** A date in the URL: `YYYY-MM-DD`, a real calendar day. */
const isoDate = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)),
);

/** The catalog's orders (the contract's CatalogSort); `relevance` is the default and stays out of the URL. */
export const EXPLORE_SORTS = ['relevance', 'soonest', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];

/**
 * Search params of /courses (course explore): `query` free text (numbers are read as text, trimmed,
 * ≤ 200 chars), `categoryId`, `languageId` and `page` positive integers, `difficulty`
 * BEGINNER|INTERMEDIATE|ADVANCED, `sort` one of {@link EXPLORE_SORTS}, `minPrice`/`maxPrice`
 * decimal dollars (`maxPrice=0`: free courses), `startFrom`/`startTo` `YYYY-MM-DD`. Invalid values
 * are dropped, never an error; so is a crossed pair (a minimum above its maximum, a start after its
 * end), which the API would refuse.
 */
export const exploreSearchSchema = v.pipe(
  v.object({
    query: lenient(
      v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.minLength(1), v.maxLength(200)),
    ),
    categoryId: lenient(positiveInt),
    difficulty: lenient(v.picklist(['BEGINNER', 'INTERMEDIATE', 'ADVANCED'])),
    languageId: lenient(positiveInt),
    sort: lenient(v.picklist(EXPLORE_SORTS)),
    minPrice: lenient(price),
    maxPrice: lenient(price),
    startFrom: lenient(isoDate),
    startTo: lenient(isoDate),
    page: lenient(positiveInt),
  }),
  v.transform((s) => {
    const out = { ...s };
    if (out.minPrice !== undefined && out.maxPrice !== undefined && out.minPrice > out.maxPrice) {
      out.minPrice = undefined;
      out.maxPrice = undefined;
    }
    if (out.startFrom && out.startTo && out.startFrom > out.startTo) {
      out.startFrom = undefined;
      out.startTo = undefined;
    }
    return out;
  }),
);

export type ExploreSearch = v.InferOutput<typeof exploreSearchSchema>;

/** The explore call's parameters for a page of `search` (what the route's loader asks for). */
export function exploreQueryOf(search: ExploreSearch) {
  return {
    query: search.query,
    categoryId: search.categoryId,
    difficulty: search.difficulty,
    languageId: search.languageId,
    sort: search.sort,
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    startFrom: search.startFrom,
    startTo: search.startTo,
  };
}
