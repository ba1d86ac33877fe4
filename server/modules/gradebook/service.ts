import type { Schema } from '../../platform/handlers.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { unprocessable } from '../../platform/errors.js';
import { classroomAccess, requireLearner, requireStaff, type ClassroomSession } from '../sessions/access.js';
import { lessonDeadline } from '../sessions/schedule.js';
import { gradeExpiredAttempts } from '../quizzes/grading.js';
import { countedWork, gradedItems, replaceWeights, sessionLearners, storedWeights, workKey } from './queries.js';
import { cellOf, checkWeights, weightedTotal, weightPercents, weightsInForce, type WeightInput } from './rules.js';

/**
 * A session's gradebook (docs/classroom.md "Gradebook"; openapi tag Gradebook): learners × graded
 * items with scores, late marks, missing work and weighted totals; the educator's weights; the
 * learner's own row. Who: the session's educator and admins read the whole book and set weights
 * (another educator 403 from classroomAccess/requireStaff; learners are refused by x-roles); an
 * enrolled learner reads only their own row (getMyGrades).
 */

/** The contract's Gradebook: items in syllabus order with weights in percent, rows by learner name. */
export type GradebookView = Schema<'Gradebook'>;

/** A gradebook with each learner's e-mail beside their row (for the CSV; never sent as JSON). */
export interface GradebookWithEmails {
  book: GradebookView;
  emails: string[];
}

/**
 * Builds the gradebook of `session`, every learner's row or only `userId`'s. Expired open quiz
 * attempts are graded first, so the book never misses a score that is due.
 */
async function buildGradebook(
  app: AppContext,
  session: ClassroomSession,
  userId?: number,
): Promise<GradebookWithEmails> {
  const now = app.now();
  await gradeExpiredAttempts(app.db, now);
  const [items, learners, stored, work] = await Promise.all([
    gradedItems(app.db, session.courseId),
    sessionLearners(app.db, session.id, userId),
    storedWeights(app.db, session.id),
    countedWork(app.db, session.id, userId),
  ]);
  const { weighting, bp } = weightsInForce(
    items.length,
    items.map((i) => stored.get(i.lessonId)),
  );
  const percents = weightPercents(bp);
  const deadlines = items.map((i) => lessonDeadline(session, i.week));
  const points = items.map((i) => i.points);
  const rows = learners.map((l) => {
    const cells = items.map((item, i) => cellOf(work.get(workKey(l.id, item.lessonId)) ?? null, deadlines[i]!, now));
    return {
      learner: { id: l.id, name: l.name, pictureUrl: l.pictureUrl },
      cells: cells.map((c, i) => ({ lessonId: items[i]!.lessonId, ...c })),
      total: weightedTotal(cells, points, bp),
    };
  });
  return {
    book: {
      sessionId: session.id,
      weighting,
      items: items.map((item, i) => ({
        lessonId: item.lessonId,
        name: item.name,
        kind: item.kind,
        week: item.week,
        points: item.points,
        deadline: deadlines[i]!.toISOString(),
        weight: percents[i]!,
      })),
      rows,
    },
    emails: learners.map((l) => l.email),
  };
}

/**
 * The whole gradebook of a session, for its educator and admins (getGradebook, exportGradebook).
 * @throws 404 unknown session; 403 another educator, or a learner (x-roles refuses them first).
 */
export async function sessionGradebook(
  app: AppContext,
  caller: Caller,
  sessionId: number,
): Promise<GradebookWithEmails> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireStaff(access);
  return buildGradebook(app, access.session);
}

/**
 * GET /sessions/{id}/gradebook/mine: the items with their weights and the caller's own row only.
 * @throws 404 unknown session; 403 not an enrolled learner of the session.
 */
export async function myGrades(app: AppContext, caller: Caller, sessionId: number): Promise<GradebookView> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireLearner(access);
  return (await buildGradebook(app, access.session, caller.userId)).book;
}

/**
 * PUT /sessions/{id}/gradebook/weights {weights}: replaces the session's weights (one per graded
 * item, percent with two decimals, adding up to 100; empty: back to equal weights) in one
 * transaction with its audit entry ('gradebook.weights' on the session), then answers the book.
 * @throws 404 unknown session; 403 another educator; 422 'Some weights are invalid' (an item not
 *   of the session or listed twice, a weight outside 0 … 100 or with more than two decimals),
 *   'Every graded item needs a weight', 'The weights must add up to 100% …'. Nothing changes when refused.
 */
export async function setGradebookWeights(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  weights: readonly WeightInput[],
): Promise<GradebookView> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireStaff(access);
  const items = await gradedItems(app.db, access.session.courseId);
  const checked = checkWeights(
    items.map((i) => i.lessonId),
    weights,
  );
  if (!checked.ok) throw unprocessable(checked.message, checked.errors);
  await app.db.transaction().execute(async (trx) => {
    await replaceWeights(trx, sessionId, checked.bp);
    await audit(trx, {
      actorId: caller.userId,
      action: 'gradebook.weights',
      entityType: 'session',
      entityId: sessionId,
      message:
        checked.bp.size === 0
          ? 'Equal weights'
          : [...checked.bp].map(([lessonId, bp]) => `lesson ${lessonId}: ${bp / 100}%`).join(', '),
    });
  });
  return (await buildGradebook(app, access.session)).book;
}
