/**
 * Whether a statement may run as a named prepared statement (the PostgreSQL pool's `preparingPool`
 * in database.ts, and PGlite's connection in pglite-prepared.ts): queries and writes (not `begin`,
 * `commit`, DDL, `set`…), except `insert … on conflict (…) where …`: PostgreSQL infers the partial
 * unique index of `on conflict (…) where status = $1` from the parameter's value only in an unnamed
 * statement, and a prepared one fails with "no unique or exclusion constraint matching the ON
 * CONFLICT specification". An `on conflict` on a whole unique key (the Idempotency-Key's claim,
 * payments/idempotency.ts) names its index without a value, and is prepared.
 */
export const preparable = (text: string): boolean =>
  /^\s*(select|with|insert|update|delete)\b/i.test(text) &&
  !/\bon\s+conflict\s*\((?:[^()]|\([^()]*\))*\)\s*where\b/i.test(text);
