import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
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
 * What the `work` of {@link once} gives back: the answer to store and, optionally, the
 * transaction's last step.
 */
export type OnceResult<T> = StoredResponse<T> & {
  /**
   * Runs after the answer is stored, as the last statements before commit: a check under a lock,
   * which is then held for the check and the commit only (issue 15, goal 2: the checkout queue
   * waits on the session's lock). Throwing rolls everything back, the stored answer included.
   */
  last?: () => Promise<void>;
};

/**
 * Runs `work` at most once per (user, Idempotency-Key), inside the caller's transaction. Concurrent
 * requests with one key are serialised with a transaction-scoped advisory lock; a replay returns the
 * stored first result; a failed attempt stores nothing (its transaction rolls back), so it may be retried.
 * @throws HttpError 422 when the key was used with a different operation or body; whatever `work`
 *   or its `last` step throws.
 */
export async function once<T>(
  trx: Transaction<Database>,
  userId: number,
  key: string,
  operation: string,
  body: unknown,
  work: () => Promise<OnceResult<T>>,
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
  const { last, ...result } = await work();
  await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, operation, request_hash: hash, status_code: result.statusCode, response: JSON.stringify(result.body) })
    .execute();
  await last?.();
  return { ...result, replayed: false };
}

/** `status_code` of a key whose request is still running (HTTP 102 Processing): no answer yet. */
export const PENDING_STATUS = 102;

/** What {@link reserveKey} found for an Idempotency-Key. */
export type Reservation<T> = { kind: 'replay'; answer: StoredResponse<T> } | { kind: 'pending' } | { kind: 'free' };

/**
 * For requests that call a gateway between two transactions (card confirmation): looks the key up
 * under a transaction-scoped advisory lock. `replay` — the stored first answer; `pending` — a
 * request with this key is still running (the caller waits for its answer); `free` — the caller may
 * run, and claims the key with {@link claimKey} in the same transaction.
 * @throws HttpError 422 when the key was used with a different operation or body.
 */
export async function reserveKey<T>(trx: Transaction<Database>, userId: number, key: string, operation: string, body: unknown): Promise<Reservation<T>> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${userId}:${key}`}))`.execute(trx);
  const stored = await trx.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (!stored) return { kind: 'free' };
  if (stored.request_hash !== requestHash(operation, body) || stored.operation !== operation) {
    throw new HttpError(422, 'This Idempotency-Key was already used with a different request', [
      { path: 'Idempotency-Key', message: 'was already used with a different request' },
    ]);
  }
  if (stored.status_code === PENDING_STATUS) return { kind: 'pending' };
  return { kind: 'replay', answer: { statusCode: stored.status_code, body: stored.response as T } };
}

/** Marks a free key as taken by a running request (after {@link reserveKey} answered `free`). */
export async function claimKey(trx: Transaction<Database>, userId: number, key: string, operation: string, body: unknown): Promise<void> {
  await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, operation, request_hash: requestHash(operation, body), status_code: PENDING_STATUS, response: JSON.stringify({}) })
    .execute();
}

/** Stores the answer of a claimed key (in the transaction that commits what the answer says). */
export async function answerKey(trx: Transaction<Database>, userId: number, key: string, answer: StoredResponse<unknown>): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response: JSON.stringify(answer.body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Frees a claimed key whose request failed (a retry with it runs again, as with {@link once}). */
export async function releaseKey(db: Kysely<Database>, userId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('status_code', '=', PENDING_STATUS).execute();
}
