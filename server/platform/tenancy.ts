import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Role } from '../db/types.js';
import type { Caller } from './context.js';
import { HttpError } from './errors.js';

/**
 * Tenancy (decisions.md): a company is a tenant; a course may be private to one company, and only
 * that company's users (and admins) see it. The route registration builds one TenantScope per
 * request from the caller and hands it to every handler; services of the contract's
 * `x-tenant-scoped` operations take it as a parameter, so no such service can run without it.
 */
export interface TenantScope {
  /** The signed-in user, or null for an anonymous caller. */
  readonly userId: number | null;
  readonly role: Role | null;
  /** The caller's company (tenant), or null (no company, or anonymous). */
  readonly companyId: number | null;
  /** ADMIN and SUPER_ADMIN act across every company. */
  readonly isStaff: boolean;
}

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

/** The scope of an anonymous caller: public data only. */
export const ANONYMOUS_SCOPE: TenantScope = Object.freeze({
  userId: null,
  role: null,
  companyId: null,
  isStaff: false,
});

/** The tenant scope of a (possibly anonymous) caller. */
export function tenantScopeOf(caller: Pick<Caller, 'userId' | 'role' | 'companyId'> | null): TenantScope {
  if (!caller) return ANONYMOUS_SCOPE;
  const isStaff = caller.role === 'ADMIN' || caller.role === 'SUPER_ADMIN';
  return Object.freeze({ userId: caller.userId, role: caller.role, companyId: caller.companyId, isStaff });
}

/**
 * Whether the scope may act for `companyId`: admins for any company, everyone else only for their
 * own. Used for writes that attach data to a company (a course's `companyId`, issue "One house").
 */
export function mayActForCompany(scope: TenantScope, companyId: number): boolean {
  return scope.isStaff || (scope.companyId !== null && scope.companyId === companyId);
}

/**
 * The scope an `x-company-choice` operation runs with, given the `companyId` the caller passed
 * (query or body; undefined when omitted). Staff act for the company they name (`companyId` of the
 * returned scope); a non-staff caller keeps their own company and may only name it.
 * @throws 403 'You can only act for your own company' when a non-staff caller names another company;
 *   400 'Choose a company' when staff name none and `required`.
 */
export function chooseCompany(
  scope: TenantScope,
  chosen: number | undefined,
  choice: 'required' | 'optional',
): TenantScope {
  if (!scope.isStaff) {
    if (chosen !== undefined && chosen !== scope.companyId)
      throw new HttpError(403, 'You can only act for your own company');
    return scope;
  }
  if (chosen === undefined) {
    if (choice === 'required') throw new HttpError(400, 'Choose a company');
    return scope;
  }
  return Object.freeze({ ...scope, companyId: chosen });
}

/**
 * The catalog visibility rule over `courses as c`: published, and either public or private to the
 * scope's company (decisions.md); admins see every published course.
 */
export function courseVisible(eb: ExpressionBuilder<any, any>, scope: TenantScope): Expression<SqlBool> {
  const published = eb('c.status', '=', 'PUBLISHED');
  if (scope.isStaff) return published;
  return eb.and([published, courseTenantOpen(eb, scope)]);
}

/**
 * The tenancy half of course visibility over `courses as c`, whatever the course's status: public,
 * or private to the scope's company (decisions.md). A private course's content follows the
 * *current* membership: a learner removed from the company keeps the enrollment but reaches
 * nothing of it until they rejoin (docs/decisions.md "Company members and private courses").
 * {@link courseTenantOpenFor} is the same rule over a loaded row.
 */
export function courseTenantOpen(eb: ExpressionBuilder<any, any>, scope: TenantScope): Expression<SqlBool> {
  if (scope.isStaff) return TRUE;
  return scope.companyId
    ? eb.or([eb('c.is_private', '=', false), eb('c.company_id', '=', scope.companyId)])
    : eb('c.is_private', '=', false);
}

/** {@link courseTenantOpen} over a loaded course: `isPrivate` and its `companyId` (or null). */
export function courseTenantOpenFor(
  course: { isPrivate: boolean; companyId: number | null },
  scope: TenantScope,
): boolean {
  if (scope.isStaff || !course.isPrivate) return true;
  return scope.companyId !== null && course.companyId === scope.companyId;
}

/**
 * Over `courses as c`: the scope manages the course whatever its status (product.md#entities: DRAFT, PENDING,
 * APPROVED, REJECTED, UNPUBLISHED are out of the catalog): admins, and the course's educator. Course
 * info (GET /courses/{id}/info) is `courseVisible` or this (an unpublished course
 * disappears for everyone else).
 */
export function courseManaged(eb: ExpressionBuilder<any, any>, scope: TenantScope): Expression<SqlBool> {
  if (scope.isStaff) return TRUE;
  if (scope.userId === null) return FALSE;
  return eb('c.educator_id', '=', scope.userId);
}

/**
 * Over `sessions as s` joined with `courses as c`: the scope follows the session whatever its
 * course's status: admins, the session's or the course's educator, and its learners with an ACTIVE
 * enrollment while the course is open to them by tenancy ({@link courseTenantOpen}). A session of an unpublished course goes on for them (docs/decisions.md, "Course moderation") while it is
 * gone from explore for everyone else.
 */
export function sessionFollowed(eb: ExpressionBuilder<any, any>, scope: TenantScope): Expression<SqlBool> {
  if (scope.isStaff) return TRUE;
  if (scope.userId === null) return FALSE;
  const userId = scope.userId;
  return eb.or([
    eb('s.educator_id', '=', userId),
    eb('c.educator_id', '=', userId),
    eb.and([
      courseTenantOpen(eb, scope),
      eb.exists(
        eb
          .selectFrom('enrollments as e')
          .select('e.id')
          .whereRef('e.session_id', '=', 's.id')
          .where('e.user_id', '=', userId)
          .where('e.status', '=', 'ACTIVE'),
      ),
    ]),
  ]);
}

/**
 * Over `discount_codes as d` joined with `courses as c`: the codes the scope manages (product.md
 * "Discount codes"): admins every code; a partner their company's codes (none without a company);
 * an educator the codes of the courses they teach; anyone else none.
 */
export function discountCodeManaged(eb: ExpressionBuilder<any, any>, scope: TenantScope): Expression<SqlBool> {
  if (scope.isStaff) return TRUE;
  if (scope.userId === null) return FALSE;
  if (scope.role === 'PARTNER') return scope.companyId === null ? FALSE : eb('d.company_id', '=', scope.companyId);
  if (scope.role === 'EDUCATOR') return eb('c.educator_id', '=', scope.userId);
  return FALSE;
}
