import * as v from 'valibot';
import { lenient } from '@/lib/route-flags';

/** Page size of the explore grid (the API's default is 12; the server sends the first page with the page: openapi/first-load.ts). */
export { EXPLORE_PAGE_SIZE } from '@contract/first-load';

const positiveInt = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
);

/**
 * Search params of /courses (course explore): `query` free text (numbers are read as text, trimmed,
 * ≤ 200 chars), `categoryId` and `page` positive integers, `difficulty` BEGINNER|INTERMEDIATE|ADVANCED.
 * Invalid values are dropped, never an error.
 */
export const exploreSearchSchema = v.object({
  query: lenient(
    v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.minLength(1), v.maxLength(200)),
  ),
  categoryId: lenient(positiveInt),
  difficulty: lenient(v.picklist(['BEGINNER', 'INTERMEDIATE', 'ADVANCED'])),
  page: lenient(positiveInt),
});

export type ExploreSearch = v.InferOutput<typeof exploreSearchSchema>;
