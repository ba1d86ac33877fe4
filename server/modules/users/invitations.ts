import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { isValidEmail } from '../../platform/email.js';
import { mayActForCompany, type TenantScope } from '../../platform/tenancy.js';
import { toUserView, type UserView } from './service.js';
import {
  type Db,
  INVITATION_TTL_MS,
  type InvitationRow,
  hashInvitationToken,
  invitationExpiresAt,
  invitationStatus,
  linkWorks,
  markInvitationAccepted,
  newInvitationToken,
  verifyInvitationToken,
} from './invitation-links.js';

/**
 * Invitations into a company (product.md#roles partner invites, #calls Users; DESIGN #overview).
 *
 * The link is `${publicUrl}/invitations/<token>` where the token is 32 random bytes (base64url,
 * 43 characters). `invitations.token` holds its SHA-256 in hex, never the token: a database leak
 * gives no working link, and a token that was changed by even one character matches no row (404).
 * The link works once (the row becomes ACCEPTED) and for {@link INVITATION_TTL_MS} (7 days) after
 * the invitation was made; a withdrawn invitation reads as EXPIRED (docs/decisions.md "Invitations").
 */

/** The roles a partner may invite (the contract's InviteRole). */
export const INVITE_ROLES = ['LEARNER', 'EDUCATOR'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** The contract's Invitation. */
export type InvitationView = Schema<'Invitation'>;

/**
 * The company to invite into: the partner's own, or the one an admin chose (`companyId`, applied to
 * the scope by the route registration's `x-company-choice`). @throws 400 when there is none.
 */
export function targetCompany(scope: TenantScope): number {
  if (scope.companyId === null)
    throw badRequest(scope.isStaff ? 'Choose a company' : 'You belong to no company to invite people into');
  return scope.companyId;
}

/** E-mails (lower-cased) of the company's members among `emails`. */
async function membersAmong(db: Db, companyId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', companyId)
    .where('status', '!=', 'DELETED')
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
    .execute();
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/** E-mails (lower-cased) among `emails` with an invitation into the company that still works at `now`. */
async function pendingAmong(db: Db, companyId: number, emails: string[], now: Date): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('invitations as i')
    .select('i.email')
    .where('i.company_id', '=', companyId)
    .where((eb) => linkWorks(eb, now))
    .where((eb) => eb(eb.fn('lower', ['i.email']), 'in', emails))
    .execute();
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/** The contract's Invitation from a row and its inviter. */
export function toInvitationView(
  row: InvitationRow,
  by: { id: number; name: string; pictureUrl: string | null },
  now: Date,
): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    companyId: row.company_id,
    status: invitationStatus(row, now),
    invitedBy: by,
    createdAt: row.created_at.toISOString(),
    expiresAt: invitationExpiresAt(row.created_at).toISOString(),
  };
}

export async function inviterOf(db: Db, userId: number) {
  const u = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'picture_url'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { id: u.id, name: `${u.first_name} ${u.last_name}`.trim(), pictureUrl: u.picture_url };
}

/** One invitation to write and mail. */
export interface NewInvite {
  email: string;
  role: InviteRole;
}

/**
 * Writes invitations in one transaction (all or none), unmailed (`mailed_at` null), and returns the rows.
 * The "already member / already invited" checks run inside the same transaction, after locking the
 * company's row, so two partners inviting the same e-mail at once make one invitation.
 */
export async function writeInvitations(
  app: AppContext,
  companyId: number,
  invitedBy: number,
  rows: NewInvite[],
  check: (members: Set<string>, pending: Set<string>) => NewInvite[],
): Promise<{ written: { row: InvitationRow }[]; members: Set<string>; pending: Set<string> }> {
  return app.db.transaction().execute(async (trx) => {
    const company = await trx
      .selectFrom('companies')
      .select('id')
      .where('id', '=', companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!company) throw notFound('Company not found');
    const lower = [...new Set(rows.map((r) => r.email.toLowerCase()))];
    const now = app.now();
    const members = await membersAmong(trx, companyId, lower);
    const pending = await pendingAmong(trx, companyId, lower, now);
    const toWrite = check(members, pending);
    const written: { row: InvitationRow }[] = [];
    // Insert in chunks (1,000 rows × 7 values stay far below PostgreSQL's 65,535 parameters).
    // The link's token is made when the mail is sent (mailInvitation): this one is never mailed.
    for (let i = 0; i < toWrite.length; i += 500) {
      const chunk = toWrite.slice(i, i + 500).map((r) => ({ ...r, ...newInvitationToken() }));
      const inserted = (await trx
        .insertInto('invitations')
        // Unmailed: the row is the mail's outbox entry, committed with the invitation itself.
        .values(
          chunk.map((r) => ({
            email: r.email,
            role: r.role,
            company_id: companyId,
            invited_by: invitedBy,
            token: r.hash,
            created_at: now,
            mailed_at: null,
          })),
        )
        .returningAll()
        .execute()) as InvitationRow[];
      for (const row of inserted) written.push({ row });
      await audit(trx, {
        actorId: invitedBy,
        action: 'invitation.created',
        entityType: 'company',
        entityId: companyId,
        message: `${inserted.length} invitation(s)`,
      });
    }
    return { written, members, pending };
  });
}

/** Hands committed, unmailed invitations to the server's invitation-mail queue (mailed after the answer). */
export function enqueueMails(app: AppContext, written: { row: InvitationRow }[]): void {
  for (const { row } of written) app.invitationMails.enqueue(row.id);
}

/**
 * POST /users/invite {email, role}: invites one e-mail into the caller's company; the link is mailed
 * after the answer (`mailInvitation`, users/invitation-mails.ts)
 * (product.md#calls; toasts 'User Invited !' / 'Could not invite the user' of #messages are the SPA's).
 * @returns the Invitation (201)
 * @throws 400 an e-mail the contract refuses or a caller with no company; 409 'This person is already
 *   a member of the company' / 'This e-mail already has a pending invitation'.
 */
export async function inviteOne(
  app: AppContext,
  scope: TenantScope,
  input: { email: string; role: InviteRole },
): Promise<InvitationView> {
  const companyId = targetCompany(scope);
  const email = input.email.trim();
  if (!isValidEmail(email))
    throw badRequest('Some fields are invalid', [{ path: 'email', message: 'is not a valid e-mail' }]);
  const { written, members, pending } = await writeInvitations(
    app,
    companyId,
    scope.userId!,
    [{ email, role: input.role }],
    (m, p) => (m.has(email.toLowerCase()) || p.has(email.toLowerCase()) ? [] : [{ email, role: input.role }]),
  );
  if (members.has(email.toLowerCase())) throw conflict('This person is already a member of the company');
  if (pending.has(email.toLowerCase())) throw conflict('This e-mail already has a pending invitation');
  enqueueMails(app, written);
  const by = await inviterOf(app.db, scope.userId!);
  return toInvitationView(written[0].row, by, app.now());
}

/**
 * GET /users/invitations?status: the company's invitations (partners) or every company's (admins),
 * newest first; withdrawn ones are left out. PENDING/EXPIRED are derived from the 7-day window.
 */
export async function listInvitations(
  app: AppContext,
  scope: TenantScope,
  q: { status?: 'PENDING' | 'ACCEPTED' | 'EXPIRED'; page: number; pageSize: number },
) {
  const now = app.now();
  let base = app.db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.invited_by')
    .where('i.withdrawn_at', 'is', null);
  // A partner sees their company's; staff every company's, or the one they chose.
  if (!scope.isStaff || scope.companyId !== null) base = base.where('i.company_id', '=', scope.companyId ?? -1);
  const cutoff = new Date(now.getTime() - INVITATION_TTL_MS);
  if (q.status === 'ACCEPTED') base = base.where('i.status', '=', 'ACCEPTED');
  else if (q.status === 'PENDING') base = base.where('i.status', '=', 'PENDING').where('i.created_at', '>', cutoff);
  else if (q.status === 'EXPIRED') base = base.where('i.status', '=', 'PENDING').where('i.created_at', '<=', cutoff);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('i')
    .select(['u.id as by_id', 'u.first_name', 'u.last_name', 'u.picture_url'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return {
    items: rows.map((r) =>
      toInvitationView(
        r as unknown as InvitationRow,
        { id: r.by_id, name: `${r.first_name} ${r.last_name}`.trim(), pictureUrl: r.picture_url },
        now,
      ),
    ),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * DELETE /users/{id}/deleteInvite: withdraws an invitation (its link then reads EXPIRED).
 * @throws 404 unknown, already withdrawn, or another company's (for a partner); 409 an accepted one.
 */
export async function withdrawInvitation(app: AppContext, scope: TenantScope, id: number): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('invitations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || row.withdrawn_at || (!scope.isStaff && row.company_id !== scope.companyId))
      throw notFound('Invitation');
    if (row.status === 'ACCEPTED') throw conflict('An accepted invitation cannot be withdrawn');
    await trx.updateTable('invitations').set({ withdrawn_at: app.now() }).where('id', '=', id).execute();
    await audit(trx, {
      actorId: scope.userId!,
      action: 'invitation.withdrawn',
      entityType: 'invitation',
      entityId: id,
      message: null,
    });
    return { id };
  });
}

/**
 * POST /companies/{id}/invitations/{invitationId}/resend: mails a PENDING or EXPIRED invitation of
 * the company again, through the outbox: `mailed_at` set back to null in a transaction (with an audit
 * entry), then the id goes to the invitation-mail queue; the mail carries a fresh link, the old one
 * stops working (`mailInvitation`, users/invitation-mails.ts). A pending invitation keeps its 7
 * days; an expired one is renewed (`created_at` = now: 7 days from now, docs/decisions.md Invitations).
 * @returns the Invitation (202: its mail is queued)
 * @throws 403 a partner acting for another company (also refused before, by the route's tenancy);
 *   404 no invitation of that id in this company; 409 accepted or withdrawn (invite the address
 *   again instead). Nothing is written on any refusal.
 */
export async function resendInvitation(
  app: AppContext,
  scope: TenantScope,
  companyId: number,
  invitationId: number,
): Promise<InvitationView> {
  if (!mayActForCompany(scope, companyId)) throw forbidden('You can only resend the invitations of your own company');
  const row = await app.db.transaction().execute(async (trx) => {
    const found = (await trx
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitationId)
      .where('company_id', '=', companyId)
      .forUpdate()
      .executeTakeFirst()) as InvitationRow | undefined;
    if (!found) throw notFound('Invitation');
    if (found.status === 'ACCEPTED') throw conflict('This invitation has already been accepted');
    if (found.withdrawn_at) throw conflict('This invitation was withdrawn: invite the address again');
    // An expired invitation is renewed: 7 more days from now (its link's age counts from created_at).
    const renewed = invitationStatus(found, app.now()) === 'EXPIRED';
    await trx
      .updateTable('invitations')
      .set({ mailed_at: null, ...(renewed ? { created_at: app.now() } : {}) })
      .where('id', '=', invitationId)
      .execute();
    await audit(trx, {
      actorId: scope.userId!,
      action: renewed ? 'invitation.renewed' : 'invitation.resent',
      entityType: 'invitation',
      entityId: invitationId,
      message: null,
    });
    return renewed ? { ...found, created_at: app.now() } : found;
  });
  app.invitationMails.enqueue(invitationId);
  return toInvitationView(row, await inviterOf(app.db, row.invited_by), app.now());
}

/**
 * GET /invitations/{token} (public): what the link says. ACCEPTED and EXPIRED (incl. withdrawn)
 * answer 200 so the screen can say so.
 * @throws 404 a token that matches no invitation.
 */
export async function previewInvitation(app: AppContext, token: string): Promise<Schema<'InvitationPreview'>> {
  const row = await app.db
    .selectFrom('invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .selectAll('i')
    .select(['c.name as company_name', 'c.acronym as company_acronym'])
    .where('i.token', '=', hashInvitationToken(token))
    .executeTakeFirst();
  if (!row) throw notFound('Invitation');
  const account = await app.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', row.email.toLowerCase()))
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
  return {
    email: row.email,
    role: row.role,
    companyName: row.company_name,
    companyAcronym: row.company_acronym,
    status: invitationStatus(row as unknown as InvitationRow, app.now()),
    expiresAt: invitationExpiresAt(row.created_at).toISOString(),
    hasAccount: Boolean(account),
  };
}

/**
 * POST /invitations/{token}/accept: the signed-in invitee joins the company. A USER or LEARNER takes
 * the invited role; an EDUCATOR stays an educator (invited as a learner, they keep teaching). A
 * PENDING educator is APPROVED only by an EDUCATOR invitation (the partner vouches for them as an
 * educator); a LEARNER invitation leaves their status as it is. In one transaction with the
 * invitation row locked: the user's company and role, the invitation ACCEPTED, an audit entry.
 * @returns the User as they now are
 * @throws 404 unknown token; 409 used; 410 expired or withdrawn; 403 another e-mail's invitation,
 *   or a partner or admin account (they cannot join a company as a member).
 */
export async function acceptInvitation(app: AppContext, caller: Caller, token: string): Promise<UserView> {
  return app.db.transaction().execute(async (trx) => {
    const inv = await verifyInvitationToken(app, token, trx);
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', caller.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (user.email.toLowerCase() !== inv.email.toLowerCase())
      throw forbidden('This invitation is for another e-mail address: sign in with the invited account');
    if (user.role === 'PARTNER' || user.role === 'ADMIN' || user.role === 'SUPER_ADMIN')
      throw forbidden('A partner or admin account cannot join a company by invitation');
    const role = user.role === 'EDUCATOR' ? 'EDUCATOR' : inv.role;
    // Only an EDUCATOR invitation vouches for an educator: a LEARNER one must not approve a
    // PENDING educator who happens to accept it (they join, still waiting for an admin).
    const status =
      inv.role === 'EDUCATOR' && role === 'EDUCATOR' && user.status === 'PENDING' ? 'APPROVED' : user.status;
    const updated = await trx
      .updateTable('users')
      .set({ company_id: inv.company_id, role, status })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await markInvitationAccepted(app, trx, inv.id);
    await audit(trx, {
      actorId: user.id,
      action: 'invitation.accepted',
      entityType: 'invitation',
      entityId: inv.id,
      message: null,
    });
    return toUserView(updated);
  });
}
