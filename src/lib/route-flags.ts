import * as v from 'valibot';

/**
 * Page flags (product.md#screens), set per route with `staticData`:
 * - `hideHeaderFooter`: the page renders without the app header and footer (e.g. full-screen sign-in);
 * - `salesPage`: a sales page sets its own title and meta tags; the shell adds no default title
 *   or description meta.
 */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    hideHeaderFooter?: boolean;
    salesPage?: boolean;
  }
}

/** Keeps a value only if it passes `schema`; an invalid value becomes undefined (dropped). */
export const lenient = <TSchema extends v.GenericSchema>(schema: TSchema) => v.fallback(v.optional(schema), undefined);

/**
 * Search parameters valid on every page (product.md#screens): `lang` (en|ar), `sign-in-with-redirect`
 * (MA|QA: starts a federated sign-in), `redirect` (where to go after sign-in). Invalid values are
 * dropped, never an error.
 */
export const rootSearchSchema = v.object({
  lang: lenient(v.picklist(['en', 'ar'])),
  'sign-in-with-redirect': lenient(v.picklist(['MA', 'QA'])),
  redirect: lenient(v.pipe(v.string(), v.minLength(1))),
});

/** Parses `search` with `schema`, dropping keys whose value is undefined (so URLs stay clean). */
export function parseSearch<TSchema extends v.GenericSchema>(schema: TSchema, search: unknown): v.InferOutput<TSchema> {
  const result = v.parse(schema, search && typeof search === 'object' ? search : {}) as Record<string, unknown>;
  for (const key of Object.keys(result)) if (result[key] === undefined) delete result[key];
  return result as v.InferOutput<TSchema>;
}
