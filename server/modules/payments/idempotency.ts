import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../platform/errors.js';

/** A stored first answer to an idempotent request. */
export interface StoredResponse<T> {
  statusCode: number;
  body: T;
}

/** SHA-256 of the canonical JSON of a request body, to recognise a replay with a different body. */
export function requestHash(operation: string, body: unknown): string {
  const canonical = JSON.stringify(body, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
  return createHash('sha256').update(operation + '\n' + canonical).digest('hex');
}

/**
 * Runs `work` at most once per (user, Idempotency-Key), inside the caller's transaction. Concurrent
 * requests with one key are serialised with a transaction-scoped advisory lock; a replay returns the
 * stored first result; a failed attempt stores nothing (its transaction rolls back), so it may be retried.
 * @throws HttpError 422 when the key was used with a different operation or body.
 */
export async function once<T>(
  trx: Transaction<Database>,
  userId: number,
  key: string,
  operation: string,
  body: unknown,
  work: () => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T> & { replayed: boolean }> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${userId}:${key}`}))`.execute(trx);
  const hash = requestHash(operation, body);
  const stored = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (stored) {
    if (stored.request_hash !== hash || stored.operation !== operation) {
      throw new HttpError(422, 'This Idempotency-Key was already used with a different request', [
        { path: 'Idempotency-Key', message: 'was already used with a different request' },
      ]);
    }
    return { statusCode: stored.status_code, body: stored.response as T, replayed: true };
  }
  const result = await work();
  await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, operation, request_hash: hash, status_code: result.statusCode, response: JSON.stringify(result.body) })
    .execute();
  return { ...result, replayed: false };
}
