import { createHash } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/types.js';
import { HttpError } from '../../platform/errors.js';

/** A stored first answer to an idempotent request. */
export interface StoredResponse<T> {
  statusCode: number;
  body: T;
}

/** SHA-256 of the canonical JSON of a request body, to recognise a replay with a different body. */
export function requestHash(operation: string, body: unknown): string {
  const canonical = JSON.stringify(body, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
  return createHash('sha256')
    .update(operation + '\n' + canonical)
    .digest('hex');
}

/**
 * What the `work` of {@link once} gives back: the answer to store and, optionally, the
 * transaction's last step.
 */
export type OnceResult<T> = StoredResponse<T> & {
  /**
   * Runs after the answer is stored, as the last statements before commit: a check under a lock,
   * which is then held for the check and the commit only (the checkout queue
   * waits on the session's lock). Throwing rolls everything back, the stored answer included.
   */
  last?: () => Promise<void>;
};

/**
 * Runs `work` at most once per (user, Idempotency-Key), inside the caller's transaction. The key is
 * claimed first (see {@link claimOrFind}): a concurrent request with the same key waits for this
 * transaction; a replay returns the stored first result; a failed attempt stores nothing (its
 * transaction rolls back, the claim with it), so it may be retried.
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
  const hash = requestHash(operation, body);
  const stored = await claimOrFind(trx, userId, key, operation, hash);
  if (stored) {
    refuseOtherRequest(stored, operation, hash);
    return { statusCode: stored.status_code, body: stored.response as T, replayed: true };
  }
  const { last, ...result } = await work();
  await answerKey(trx, userId, key, result);
  await last?.();
  return { ...result, replayed: false };
}

/** `status_code` of a key whose request is still running (HTTP 102 Processing): no answer yet. */
export const PENDING_STATUS = 102;

/**
 * Claims (user, key) for the caller's transaction, in one statement: the key is inserted as
 * pending ({@link PENDING_STATUS}), unless it is there already. Its primary key serialises
 * concurrent requests with one key: a second claim waits for the first transaction, then finds
 * its row (committed) or claims the key itself (rolled back). The claim is the caller's until its
 * transaction ends; the answer is stored with {@link answerKey}.
 * @returns null when claimed, else the stored row.
 */
async function claimOrFind(
  trx: Transaction<Database>,
  userId: number,
  key: string,
  operation: string,
  hash: string,
): Promise<Selectable<IdempotencyKeysTable> | null> {
  // A row found taken may be freed before it is read (a failed request's claim, releaseKey): claim again then.
  for (;;) {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        operation,
        request_hash: hash,
        status_code: PENDING_STATUS,
        response: JSON.stringify({}),
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (claimed) return null;
    const stored = await trx
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (stored) return stored;
  }
}

/** @throws HttpError 422 when a stored key belongs to another operation or body. */
function refuseOtherRequest(stored: Selectable<IdempotencyKeysTable>, operation: string, hash: string): void {
  if (stored.request_hash !== hash || stored.operation !== operation) {
    throw new HttpError(422, 'This Idempotency-Key was already used with a different request', [
      { path: 'Idempotency-Key', message: 'was already used with a different request' },
    ]);
  }
}

/** What {@link reserveKey} found for an Idempotency-Key. */
export type Reservation<T> = { kind: 'replay'; answer: StoredResponse<T> } | { kind: 'pending' } | { kind: 'claimed' };

/**
 * For requests that call a gateway between two transactions (card confirmation): claims the key
 * in the caller's (first) transaction, as {@link once} does. `claimed` — the caller runs, and the
 * claim commits with that transaction (a concurrent request with the key then finds it `pending`
 * until {@link answerKey} or {@link releaseKey}); a caller that answers without running must
 * {@link releaseKey} in the same transaction. `replay` — the stored first answer; `pending` — a
 * request with this key is still running (the caller waits for its answer).
 * @throws HttpError 422 when the key was used with a different operation or body.
 */
export async function reserveKey<T>(
  trx: Transaction<Database>,
  userId: number,
  key: string,
  operation: string,
  body: unknown,
): Promise<Reservation<T>> {
  const hash = requestHash(operation, body);
  const stored = await claimOrFind(trx, userId, key, operation, hash);
  if (!stored) return { kind: 'claimed' };
  refuseOtherRequest(stored, operation, hash);
  if (stored.status_code === PENDING_STATUS) return { kind: 'pending' };
  return { kind: 'replay', answer: { statusCode: stored.status_code, body: stored.response as T } };
}

/** Stores the answer of a claimed key (in the transaction that commits what the answer says). */
export async function answerKey(
  trx: Transaction<Database>,
  userId: number,
  key: string,
  answer: StoredResponse<unknown>,
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response: JSON.stringify(answer.body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Frees a claimed key whose request failed or did not run (a retry with it runs again, as with {@link once}). */
export async function releaseKey(db: Kysely<Database>, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status_code', '=', PENDING_STATUS)
    .execute();
}
