import { Temporal } from 'temporal-polyfill';
import type { Schema } from '../../platform/handlers.js';
import { activeEnrollmentsOf } from '../sessions/queries.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.js';
import { courseVisible, type TenantScope } from '../../platform/tenancy.js';
import { OPEN_SESSION_STATUSES, effectiveSessionStatus, todayIn } from '../../platform/session-lifecycle.js';

/**
 * Learning goals (product.md#calls "Learning goals"; DESIGN.md #overview; the rules are in
 * docs/decisions.md "Learning goals"): a learner's target skills, each with its progress derived
 * from the learner's enrollments and the courses' GAINED skills, and suggested courses.
 */

export type LearningGoal = Schema<'LearningGoal'>;
type GoalCourse = Schema<'LearningGoalCourse'>;
type Suggestion = Schema<'LearningGoalSuggestion'>;

/** At most this many goals per learner (a 21st is refused with 422), so the list needs no paging. */
export const MAX_LEARNING_GOALS = 20;
/** Suggested courses per goal. */
export const MAX_SUGGESTIONS = 3;

/** Session statuses (as stored) whose enrollments count toward a goal: moderated in, never rejected. */
const COUNTED_SESSION_STATUSES = ['APPROVED', 'ACTIVE', 'EXPIRED'] as const;

/**
 * Share of a session's calendar days elapsed on `today` (all 'YYYY-MM-DD', the session's time
 * zone), in whole percent: 0 before `startDate`, 100 after `endDate`; while it runs, the days
 * started so far (today included) over its days, at most 99 (100 means completed).
 */
export function sessionProgress(startDate: string, endDate: string, today: string): number {
  if (today > endDate) return 100;
  if (today < startDate) return 0;
  const start = Temporal.PlainDate.from(startDate);
  const days = start.until(Temporal.PlainDate.from(endDate)).days + 1;
  const elapsed = start.until(Temporal.PlainDate.from(today)).days + 1;
  return Math.min(99, Math.floor((elapsed * 100) / days));
}

/**
 * The caller's goals (oldest first), each with progress, the caller's courses teaching the skill and
 * up to {@link MAX_SUGGESTIONS} suggestions visible in `scope` (never another company's private course).
 * `onlyGoalId` restricts the answer to one goal (the create call answers it). Four queries whatever
 * the number of goals.
 */
export async function listLearningGoals(
  app: AppContext,
  caller: Caller,
  scope: TenantScope,
  onlyGoalId?: number,
): Promise<LearningGoal[]> {
  let goalsQuery = app.db
    .selectFrom('learning_goals as g')
    .innerJoin('skills as sk', 'sk.id', 'g.skill_id')
    .select(['g.id', 'g.skill_id', 'g.created_at', 'sk.name as skill_name'])
    .where('g.user_id', '=', caller.userId)
    .orderBy('g.created_at')
    .orderBy('g.id');
  if (onlyGoalId !== undefined) goalsQuery = goalsQuery.where('g.id', '=', onlyGoalId);
  const goals = await goalsQuery.execute();
  if (goals.length === 0) return [];
  const skillIds = [...new Set(goals.map((g) => g.skill_id))];
  const now = Temporal.Instant.fromEpochMilliseconds(app.now().getTime());

  // The caller's ACTIVE enrollments in live sessions of courses that teach one of the skills.
  const enrolled = await app.db
    .selectFrom('enrollments as e')
    .innerJoin('sessions as s', 's.id', 'e.session_id')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .innerJoin('course_skills as cs', (j) => j.onRef('cs.course_id', '=', 'c.id').on('cs.type', '=', 'GAINED'))
    .select([
      'cs.skill_id',
      'c.id as course_id',
      'c.title',
      'c.picture_url',
      's.id as session_id',
      's.start_date',
      's.end_date',
      's.timezone',
    ])
    .where('e.user_id', '=', caller.userId)
    .where('e.status', '=', 'ACTIVE')
    .where('s.deleted_at', 'is', null)
    .where('s.status', 'in', [...COUNTED_SESSION_STATUSES])
    .where('cs.skill_id', 'in', skillIds)
    .execute();
  const coursesBySkill = new Map<number, GoalCourse[]>();
  for (const r of enrolled) {
    const progress = sessionProgress(r.start_date, r.end_date, todayIn(r.timezone, now));
    const list = coursesBySkill.get(r.skill_id) ?? [];
    list.push({
      id: r.course_id,
      title: r.title,
      pictureUrl: r.picture_url ?? '',
      sessionId: r.session_id,
      startDate: r.start_date,
      endDate: r.end_date,
      completed: progress === 100,
      progress,
    });
    coursesBySkill.set(r.skill_id, list);
  }
  for (const list of coursesBySkill.values())
    list.sort((a, b) => b.progress - a.progress || a.startDate.localeCompare(b.startDate) || a.sessionId - b.sessionId);

  // Courses the caller may see that teach the skills, with their sessions one can still join.
  const enrolledCourseIds = await activeEnrollmentsOf(app.db, caller.userId).select('s.course_id').execute();
  const taken = new Set(enrolledCourseIds.map((r) => r.course_id));
  const candidates = await app.db
    .selectFrom('courses as c')
    .innerJoin('course_skills as cs', (j) => j.onRef('cs.course_id', '=', 'c.id').on('cs.type', '=', 'GAINED'))
    .leftJoin('sessions as s', (j) =>
      j.onRef('s.course_id', '=', 'c.id').on('s.deleted_at', 'is', null).on('s.status', 'in', OPEN_SESSION_STATUSES),
    )
    .select([
      'cs.skill_id',
      'c.id',
      'c.title',
      'c.picture_url',
      'c.difficulty_level',
      's.start_date',
      's.end_date',
      's.timezone',
      's.status',
    ])
    .where('cs.skill_id', 'in', skillIds)
    .where((eb) => courseVisible(eb, scope))
    .execute();
  const suggestionsBySkill = new Map<number, Map<number, Suggestion>>();
  for (const r of candidates) {
    if (taken.has(r.id)) continue;
    const bySkill = suggestionsBySkill.get(r.skill_id) ?? new Map<number, Suggestion>();
    suggestionsBySkill.set(r.skill_id, bySkill);
    const s = bySkill.get(r.id) ?? {
      id: r.id,
      title: r.title,
      pictureUrl: r.picture_url ?? '',
      difficultyLevel: r.difficulty_level,
      nextSessionStartDate: null,
    };
    bySkill.set(r.id, s);
    const open =
      r.start_date &&
      r.end_date &&
      r.timezone &&
      r.status &&
      effectiveSessionStatus(r.status, r.start_date, r.end_date, r.timezone, now) !== 'EXPIRED';
    if (open && (s.nextSessionStartDate === null || r.start_date! < s.nextSessionStartDate))
      s.nextSessionStartDate = r.start_date;
  }

  return goals.map((g) => {
    const courses = coursesBySkill.get(g.skill_id) ?? [];
    const achieved = courses.some((c) => c.completed);
    const progress = courses.reduce((best, c) => Math.max(best, c.progress), 0);
    const suggestions = achieved
      ? []
      : [...(suggestionsBySkill.get(g.skill_id)?.values() ?? [])]
          .sort(
            (a, b) =>
              orderOpenFirst(a.nextSessionStartDate, b.nextSessionStartDate) ||
              a.title.localeCompare(b.title) ||
              a.id - b.id,
          )
          .slice(0, MAX_SUGGESTIONS);
    return {
      id: g.id,
      skill: { id: g.skill_id, name: g.skill_name },
      progress,
      achieved,
      courses,
      suggestions,
      createdAt: new Date(g.created_at).toISOString(),
    };
  });
}

/** Courses with an open session first, soonest first; then those without. */
function orderOpenFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b);
}

/**
 * POST /v2/learningGoal {skillId}: adds a goal for the caller and answers it as the list does.
 * One transaction with the caller's users row locked, so two parallel calls cannot pass the limit.
 * @throws 400 (field `skillId`) when the skill does not exist; 409 when it is already one of the
 *   caller's goals; 422 when the caller already has {@link MAX_LEARNING_GOALS} goals. Nothing is
 *   written on any of them.
 */
export async function createLearningGoal(
  app: AppContext,
  caller: Caller,
  scope: TenantScope,
  skillId: number,
): Promise<LearningGoal> {
  const id = await app.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', caller.userId).forUpdate().executeTakeFirst();
    const skill = await trx.selectFrom('skills').select('id').where('id', '=', skillId).executeTakeFirst();
    if (!skill) throw badRequest('Some fields are invalid', [{ path: 'skillId', message: 'is not a skill' }]);
    const existing = await trx
      .selectFrom('learning_goals')
      .select(['skill_id'])
      .where('user_id', '=', caller.userId)
      .execute();
    if (existing.some((g) => g.skill_id === skillId))
      throw conflict('This skill is already one of your learning goals');
    if (existing.length >= MAX_LEARNING_GOALS)
      throw unprocessable(`You can have at most ${MAX_LEARNING_GOALS} learning goals`);
    const row = await trx
      .insertInto('learning_goals')
      .values({ user_id: caller.userId, skill_id: skillId, created_at: app.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const [goal] = await listLearningGoals(app, caller, scope, id);
  return goal!;
}

/**
 * DELETE /v2/learningGoal/{id}: removes one of the caller's goals.
 * @throws 404 when no goal of the caller has this id (another learner's goal included: nothing is deleted).
 */
export async function deleteLearningGoal(app: AppContext, caller: Caller, id: number): Promise<{ id: number }> {
  const row = await app.db
    .deleteFrom('learning_goals')
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Learning goal');
  return { id: row.id };
}
