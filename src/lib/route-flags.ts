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

/**
 * Where `?sign-in-with-redirect=MA|QA` sends a signed-out visitor from any page other than `/login`
 * (product.md#screens): the sign-in page, which starts that directory's sign-in at once, with
 * `redirect` set to the page they were on (its other query parameters kept, the flag dropped), so
 * they come back to it signed in. `search` is the page's query string (with or without `?`).
 * Answers null when there is nothing to do (no valid flag, or already on `/login`).
 */
export function federatedSignInHref(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const provider = params.get('sign-in-with-redirect');
  if ((provider !== 'MA' && provider !== 'QA') || pathname === '/login') return null;
  params.delete('sign-in-with-redirect');
  params.delete('redirect');
  const rest = params.toString();
  const target = new URLSearchParams({
    'sign-in-with-redirect': provider,
    redirect: `${pathname}${rest ? `?${rest}` : ''}`,
  });
  const lang = params.get('lang');
  if (lang) target.set('lang', lang);
  return `/login?${target.toString()}`;
}
