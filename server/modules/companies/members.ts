import { sql } from 'kysely';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { likePattern } from '../../platform/paging.js';
import { mayActForCompany, type TenantScope } from '../../platform/tenancy.js';

/** The contract's page of CompanyMembers. */
export type PagedCompanyMember = Schema<'PagedCompanyMember'>;

/** The roles a company's members have (its partner is not a "member" here). */
const MEMBER_ROLES = ['USER', 'LEARNER', 'EDUCATOR'] as const;

/**
 * GET /companies/{id}/members?query&page&pageSize: the company's learners,
 * educators and users, not deleted, newest member first. `joinedAt` is when they accepted the
 * company's invitation, else their sign-up; `enrollments` their ACTIVE enrollments; progress is
 * lessons DONE (lesson_progress) over the lessons of their enrolled sessions' courses.
 * The route already refused a caller who is neither of the company nor an admin (403).
 * @throws 404 unknown company.
 */
export async function listMembers(
  app: AppContext,
  scope: TenantScope,
  companyId: number,
  q: { query?: string; page: number; pageSize: number },
): Promise<PagedCompanyMember> {
  if (!mayActForCompany(scope, companyId)) throw forbidden('You are not a member of this company');
  const company = await app.db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  if (!company) throw notFound('Company');
  let base = app.db
    .selectFrom('users as u')
    .where('u.company_id', '=', companyId)
    .where('u.role', 'in', MEMBER_ROLES)
    .where('u.status', '!=', 'DELETED');
  const text = q.query?.trim();
  if (text) {
    const p = likePattern(text);
    base = base.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', p),
        eb(eb.fn('concat_ws', [eb.val(' '), 'u.first_name', 'u.last_name']), 'ilike', p),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const joined = sql<Date>`coalesce((select max(i.accepted_at) from invitations i where i.company_id = ${companyId} and i.status = 'ACCEPTED' and lower(i.email) = lower(u.email)), u.created_at)`;
  const rows = await base
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.role', 'u.picture_url'])
    .select(joined.as('joined_at'))
    .select(
      sql<number>`(select count(*) from enrollments e where e.user_id = u.id and e.status = 'ACTIVE')::int`.as(
        'enrollments',
      ),
    )
    .select(
      sql<number>`(select count(*) from lesson_progress lp join enrollments e on e.session_id = lp.session_id and e.user_id = lp.user_id and e.status = 'ACTIVE' where lp.user_id = u.id and lp.status = 'DONE')::int`.as(
        'completed',
      ),
    )
    .select(
      sql<number>`(select count(*) from enrollments e join sessions s on s.id = e.session_id join sections sc on sc.course_id = s.course_id join lessons l on l.section_id = sc.id where e.user_id = u.id and e.status = 'ACTIVE')::int`.as(
        'total_lessons',
      ),
    )
    .orderBy(joined, 'desc')
    .orderBy('u.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      role: r.role,
      pictureUrl: r.picture_url,
      joinedAt: new Date(r.joined_at).toISOString(),
      enrollments: Number(r.enrollments),
      completedLessons: Number(r.completed),
      totalLessons: Number(r.total_lessons),
    })),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * DELETE /companies/{id}/members/{userId}: the member leaves the company. They keep
 * their account, role and enrollments, but lose `company_id` and so the company's private courses:
 * the catalog, and the classrooms of their sessions (sessions/access.ts `classroomAccess`), until
 * they rejoin (docs/decisions.md "Company members and private courses").
 * @returns the user's id
 * @throws 404 a user who is not a (non-deleted) member of this company; 403 the company's partner or an admin.
 */
export async function removeMember(
  app: AppContext,
  scope: TenantScope,
  companyId: number,
  userId: number,
): Promise<{ id: number }> {
  if (!mayActForCompany(scope, companyId)) throw forbidden('You are not a member of this company');
  return app.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'role', 'company_id', 'status'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.company_id !== companyId || user.status === 'DELETED') throw notFound('Member');
    if (!(MEMBER_ROLES as readonly string[]).includes(user.role))
      throw forbidden('The company partner cannot be removed from the company');
    await trx.updateTable('users').set({ company_id: null }).where('id', '=', userId).execute();
    await audit(trx, {
      actorId: scope.userId!,
      action: 'company.member_removed',
      entityType: 'user',
      entityId: userId,
      message: `company ${companyId}`,
    });
    return { id: userId };
  });
}
