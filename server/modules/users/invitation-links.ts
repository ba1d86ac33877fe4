import { createHash, randomBytes } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database, InvitationsTable } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError, conflict, notFound } from '../../platform/errors.js';

/**
 * An invitation's link: its token (only the hash is stored), its lifetime and status, and the check
 * and mark of its acceptance at sign-up or sign-in (users/invitations.ts writes and lists invitations).
 */

/** An invitation link works for 7 days after it was made. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** A stored invitation row. */
export type InvitationRow = {
  [K in keyof InvitationsTable]: InvitationsTable[K] extends import('kysely').ColumnType<infer S, unknown, unknown>
    ? S
    : InvitationsTable[K];
};

export type Db = Kysely<Database> | Transaction<Database>;

/** SHA-256 (hex) of a link token: what `invitations.token` stores. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link token (32 random bytes, base64url) and the hash to store. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

/** The link of a token: `${publicUrl}/invitations/<token>`. */
export const invitationUrl = (app: Pick<AppContext, 'config'>, token: string) =>
  `${app.config.publicUrl.replace(/\/$/, '')}/invitations/${token}`;

/** When an invitation made at `createdAt` stops working. */
export const invitationExpiresAt = (createdAt: Date) => new Date(createdAt.getTime() + INVITATION_TTL_MS);

/**
 * Over `invitations as i`: the invitation's link still works at `now`: PENDING, not withdrawn, and
 * made less than {@link INVITATION_TTL_MS} ago.
 */
export function linkWorks(eb: ExpressionBuilder<any, any>, now: Date): Expression<SqlBool> {
  return eb.and([
    eb('i.status', '=', 'PENDING'),
    eb('i.withdrawn_at', 'is', null),
    eb('i.created_at', '>', new Date(now.getTime() - INVITATION_TTL_MS)),
  ]);
}

/** The status an invitation row reads as at `now`: ACCEPTED; EXPIRED (withdrawn or older than 7 days); else PENDING. */
export function invitationStatus(
  row: Pick<InvitationRow, 'status' | 'created_at' | 'withdrawn_at'>,
  now: Date,
): 'PENDING' | 'ACCEPTED' | 'EXPIRED' {
  if (row.status === 'ACCEPTED') return 'ACCEPTED';
  if (row.withdrawn_at || invitationExpiresAt(row.created_at).getTime() <= now.getTime()) return 'EXPIRED';
  return 'PENDING';
}

/**
 * Reads the invitation of a link token and checks that it can still be used: the one function
 * sign-up with `invitationToken` (the onboard work) and POST /invitations/{token}/accept share.
 * @param token the token as it appears in the link (not its hash)
 * @param db a transaction to read in (then the row is locked `FOR UPDATE` on PostgreSQL), or the app's db
 * @returns the PENDING, unexpired, unwithdrawn invitation row (`token` holds the hash)
 * @throws 404 'Invitation not found' when no invitation has this token (tampered or made up);
 *   409 'This invitation has already been used' when ACCEPTED; 410 'This invitation has expired'
 *   when older than 7 days or withdrawn.
 */
export async function verifyInvitationToken(app: AppContext, token: string, db: Db = app.db): Promise<InvitationRow> {
  let q = db.selectFrom('invitations').selectAll().where('token', '=', hashInvitationToken(token));
  if (db !== app.db) q = q.forUpdate();
  const row = (await q.executeTakeFirst()) as InvitationRow | undefined;
  if (!row) throw notFound('Invitation');
  const status = invitationStatus(row, app.now());
  if (status === 'ACCEPTED') throw conflict('This invitation has already been used');
  if (status === 'EXPIRED') throw new HttpError(410, 'This invitation has expired');
  return row;
}

/**
 * Marks a verified invitation ACCEPTED (single use), in the caller's transaction.
 * @param invitationId the row {@link verifyInvitationToken} returned
 */
export async function markInvitationAccepted(
  app: AppContext,
  trx: Transaction<Database>,
  invitationId: number,
): Promise<void> {
  await trx
    .updateTable('invitations')
    .set({ status: 'ACCEPTED', accepted_at: app.now() })
    .where('id', '=', invitationId)
    .execute();
}
