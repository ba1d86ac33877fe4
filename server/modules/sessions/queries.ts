import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Query fragments over enrollments, for this module and the ones that build on it (course reviews,
 * learning goals, company analytics, the demo seed): each returns a Kysely builder the caller narrows
 * and selects from, so what an ACTIVE enrollment is and joins to is written once.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** ACTIVE enrollments (`e`) joined to their learners (`u`). */
export function activeLearners(db: Db) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .where('e.status', '=', 'ACTIVE');
}

/** ACTIVE enrollments (`e`) joined to their learners (`u`) and their sessions (`s`). */
export function activeLearnerSessions(db: Db) {
  return activeLearners(db).innerJoin('sessions as s', 's.id', 'e.session_id');
}

/**
 * The ACTIVE enrollments (`e`: session_id, user_id) of the users (`u`) of company `companyId`,
 * joined to their sessions (`s`): the same rows as {@link activeLearnerSessions} narrowed to the
 * company, read learner by learner through the enrollments' user index. The `offset 0` keeps
 * PostgreSQL from turning the lateral join into a scan of every enrollment (a million of them:
 * 350 ms against 40 ms for 5,000 learners' index probes; docs/performance.md, "Heavy pages").
 */
export function activeCompanyLearnerSessions(db: Db, companyId: number) {
  return db
    .selectFrom('users as u')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('enrollments as en')
          .select(['en.session_id', 'en.user_id'])
          .whereRef('en.user_id', '=', 'u.id')
          .where('en.status', '=', 'ACTIVE')
          .offset(0)
          .as('e'),
      (join) => join.onTrue(),
    )
    .innerJoin('sessions as s', 's.id', 'e.session_id')
    .where('u.company_id', '=', companyId);
}

/** Enrollments (`e`) of any status joined to their sessions (`s`) and the sessions' courses (`c`). */
export function enrollmentsWithCourses(db: Db) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('sessions as s', 's.id', 'e.session_id')
    .innerJoin('courses as c', 'c.id', 's.course_id');
}

/** A user's ACTIVE enrollments (`e`) joined to their sessions (`s`). */
export function activeEnrollmentsOf(db: Db, userId: number) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('sessions as s', 's.id', 'e.session_id')
    .where('e.user_id', '=', userId)
    .where('e.status', '=', 'ACTIVE');
}

/** The id of `userId`'s ACTIVE enrollment in session `sessionId`, when there is one. */
export function activeEnrollmentIn(db: Db, sessionId: number, userId: number): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('enrollments')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}
