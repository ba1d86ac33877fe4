import type { Role, UserStatus } from '../../db/types.js';
import { sql } from 'kysely';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { likePattern, type Page } from '../../platform/paging.js';
import { toUserView, type UserView } from './service.js';
import { accountApproved, accountDeleted, accountRejected } from './mails.js';
import { cancelEnrollmentsOfAccount } from '../payments/refunds.js';

const isStaff = (c: Caller) => c.role === 'ADMIN' || c.role === 'SUPER_ADMIN';

/**
 * GET /users/educators|learners|partners: users of one role, searchable by name or email, filtered
 * by status, newest first. Partners see only their company's users (tenant-scoped); deleted users
 * only when asked for by status. Partners (the admin list) carry their `company` {id, name,
 * acronym, status}.
 */
export async function listUsersByRole(
  app: AppContext,
  caller: Caller,
  role: Role,
  q: { query?: string; status?: UserStatus; page: number; pageSize: number },
): Promise<Page<UserView>> {
  let base = app.db.selectFrom('users').where('role', '=', role);
  if (!isStaff(caller)) base = base.where('company_id', '=', caller.companyId ?? -1);
  base = q.status ? base.where('status', '=', q.status) : base.where('status', '!=', 'DELETED');
  const text = q.query?.trim();
  if (text) {
    const p = likePattern(text);
    // The e-mail, or the name ("first last": either part, or both), contains the text. One
    // expression, the one the trigram index of migration 0037 is built on: the e-mail and the
    // name are joined by a line break, which a text without one never matches across.
    base = text.includes('\n')
      ? base.where((eb) =>
          eb.or([
            eb('email', 'ilike', p),
            eb(eb.fn('concat_ws', [eb.val(' '), 'first_name', 'last_name']), 'ilike', p),
          ]),
        )
      : base.where(sql<string>`email || E'\n' || first_name || ' ' || last_name`, 'ilike', p);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  // The partners list shows each partner's company (name, acronym, status).
  const companyIds =
    role === 'PARTNER' ? [...new Set(rows.map((r) => r.company_id).filter((c): c is number => c !== null))] : [];
  const companies = companyIds.length
    ? new Map(
        (
          await app.db
            .selectFrom('companies')
            .select(['id', 'name', 'acronym', 'status'])
            .where('id', 'in', companyIds)
            .execute()
        ).map((c) => [c.id, c]),
      )
    : new Map<number, { id: number; name: string; acronym: string; status: 'PENDING' | 'APPROVED' | 'REJECTED' }>();
  return {
    items: rows.map((r) =>
      role === 'PARTNER'
        ? { ...toUserView(r), company: (r.company_id !== null && companies.get(r.company_id)) || null }
        : toUserView(r),
    ),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

type Decision = 'approve' | 'reject' | 'delete';

/**
 * PUT /users/{id}/approve | reject {message} | delete {message}: admins decide on a user. Approve
 * takes a PENDING user to APPROVED; reject a PENDING one to REJECTED; delete (soft) any user but
 * oneself and super admins (for admins). Approving or rejecting a PARTNER also approves or
 * rejects their PENDING company, in the same transaction (a company that signed up waits
 * with its partner). Rejecting or deleting cancels the user's ACTIVE enrollments by the refund rule
 * (payments/refunds.ts), in the same transaction. The user is mailed in their language; the decision audited.
 * @throws 404 unknown; 409 not in a state for that decision; 403 deleting oneself or a super admin.
 */
export async function decideUser(
  app: AppContext,
  caller: Caller,
  id: number,
  decision: Decision,
  message: string | null,
): Promise<UserView> {
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user || user.status === 'DELETED') throw notFound('User');
  if (decision === 'approve' && user.status !== 'PENDING')
    throw new HttpError(409, `Only a pending user can be approved (this one is ${user.status})`);
  if (decision === 'reject' && user.status !== 'PENDING')
    throw new HttpError(409, `Only a pending user can be rejected (this one is ${user.status})`);
  if (decision === 'delete') {
    if (user.id === caller.userId) throw forbidden('You cannot delete your own account here');
    if (user.role === 'SUPER_ADMIN' && caller.role !== 'SUPER_ADMIN')
      throw forbidden('Only a super admin can delete a super admin');
  }
  if ((decision === 'reject' || decision === 'delete') && !message)
    throw badRequest('Some fields are invalid', [{ path: 'message', message: 'is required' }]);
  const status: UserStatus = decision === 'approve' ? 'APPROVED' : decision === 'reject' ? 'REJECTED' : 'DELETED';
  const afterCancel = await app.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ status }).where('id', '=', id).execute();
    // A deleted or rejected account keeps no seat: its enrollments are cancelled and refunded by
    // the one refund rule, and the waitlists told once this commits.
    const cancelled = decision === 'approve' ? null : await cancelEnrollmentsOfAccount(app, trx, id, caller.userId);
    // A partner who signed up with a company: the decision on the partner is the company's too.
    if (user.role === 'PARTNER' && user.company_id !== null && decision !== 'delete') {
      await trx
        .updateTable('companies')
        .set({ status: decision === 'approve' ? 'APPROVED' : 'REJECTED' })
        .where('id', '=', user.company_id)
        .where('status', '=', 'PENDING')
        .execute();
    }
    await audit(trx, {
      actorId: caller.userId,
      action: `user.${decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'deleted'}`,
      entityType: 'user',
      entityId: id,
      message,
    });
    return cancelled;
  });
  await afterCancel?.();
  const to = { email: user.email, language: user.language };
  const mail =
    decision === 'approve'
      ? app.mailer.sendTemplate(
          accountApproved,
          {
            firstName: user.first_name,
            forPartner: user.role === 'PARTNER',
            message,
            url: `${app.config.publicUrl}/login`,
          },
          to,
          caller.userId,
        )
      : app.mailer.sendTemplate(
          decision === 'reject' ? accountRejected : accountDeleted,
          { firstName: user.first_name, message: message ?? '' },
          to,
          caller.userId,
        );
  await mail.catch((err) => app.log.error({ err }, 'mail after user decision failed'));
  return toUserView({ ...user, status });
}
