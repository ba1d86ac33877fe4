import type { components } from '@contract/schema';

/**
 * A schema of the API contract by its name, as generated from openapi/halaqa.yaml into openapi/schema.d.ts:
 * `type FeeQuote = Schema<'FeeQuote'>`. Machines derive the shapes they hold from it (whole, or with `Pick`
 * where they keep part of an answer) so that a change of the contract shows up in the type check.
 */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/**
 * The named fields of an object, and only those: what a machine keeps of an answer whose type is a `Pick` of a
 * schema (the rest of the answer is not carried into its context).
 */
export function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = value[key];
  return out;
}
