import type { Schema } from '../../platform/handlers.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { classroomAccess, requireStaff } from '../sessions/access.js';
import { lessonDeadline } from '../sessions/schedule.js';
import { gradeExpiredAttempts } from './grading.js';
import { lessonQuestions, type FeedbackRow, type QuestionRow } from './queries.js';

/**
 * The quiz attempts of a session as its educator (and admins) read them (listSessionQuizAttempts;
 * docs/classroom.md "Quiz results"): every attempt of the session's quiz lessons, with the learner,
 * the score, each answer right or wrong next to the key, the time taken and the late mark.
 * Learning paths have no score and are left out.
 */

/** The contract's QuizAttemptResult: instants ISO 8601, `durationSeconds` whole seconds, scores in question points. */
export type QuizAttemptResultView = Schema<'QuizAttemptResult'>;

/** A page of {@link QuizAttemptResultView}, newest first. */
export interface QuizAttemptResultPage {
  items: QuizAttemptResultView[];
  total: number;
  page: number;
  pageSize: number;
}

const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/**
 * GET /sessions/{id}/quiz-attempts?page&pageSize: the session's quiz attempts, newest first (the
 * submission time, an open attempt's start time, then id). Expired open attempts are graded first
 * (as the learners' own reads do), so none shows IN_PROGRESS past its time limit. An attempt is
 * late when it was submitted after its lesson's deadline (the end of the lesson's week).
 * @throws 404 unknown session; 403 another educator's session (learners are refused by x-roles).
 */
export async function listSessionQuizAttempts(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  page: number,
  pageSize: number,
): Promise<QuizAttemptResultPage> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireStaff(access);
  await gradeExpiredAttempts(app.db, app.now());
  const base = app.db
    .selectFrom('quiz_attempts as a')
    .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
    .innerJoin('sections as sec', 'sec.id', 'l.section_id')
    .innerJoin('lesson_types as t', 't.id', 'l.lesson_type_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.session_id', '=', sessionId)
    .where('t.code', '=', 'quiz');
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'a.id',
      'a.lesson_id',
      'a.user_id',
      'a.status',
      'a.answers',
      'a.started_at',
      'a.submitted_at',
      'a.score',
      'a.max_score',
      'a.feedback',
      'l.name as lesson_name',
      'sec.week',
      'u.first_name',
      'u.last_name',
      'u.picture_url',
    ])
    .orderBy((eb) => eb.fn.coalesce('a.submitted_at', 'a.started_at'), 'desc')
    .orderBy('a.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const questions = new Map<number, QuestionRow[]>();
  for (const lessonId of new Set(rows.map((r) => r.lesson_id)))
    questions.set(lessonId, await lessonQuestions(app.db, lessonId));

  const items = rows.map((r): QuizAttemptResultView => {
    const startedAt = toDate(r.started_at);
    const submittedAt = r.submitted_at ? toDate(r.submitted_at) : null;
    const graded = r.status !== 'IN_PROGRESS';
    const stored = (graded && Array.isArray(r.feedback) ? r.feedback : []) as FeedbackRow[];
    const feedback = new Map(stored.map((f) => [f.questionId, f]));
    const answers = (r.answers && typeof r.answers === 'object' ? r.answers : {}) as Record<string, unknown>;
    return {
      id: r.id,
      lessonId: r.lesson_id,
      lessonName: r.lesson_name,
      sessionId,
      learner: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), pictureUrl: r.picture_url },
      status: graded ? 'AUTOGRADED' : 'IN_PROGRESS',
      startedAt: startedAt.toISOString(),
      submittedAt: submittedAt ? submittedAt.toISOString() : null,
      durationSeconds: submittedAt
        ? Math.max(0, Math.round((submittedAt.getTime() - startedAt.getTime()) / 1000))
        : null,
      late: submittedAt !== null && submittedAt.getTime() > lessonDeadline(access.session, r.week).getTime(),
      score: graded && r.score !== null ? Number(r.score) : null,
      maxScore: Number(r.max_score),
      answers: (questions.get(r.lesson_id) ?? [])
        .filter((q) => q.kind !== 'STEP')
        .map((q) => {
          const f = feedback.get(q.id);
          return {
            questionId: q.id,
            kind: q.kind,
            prompt: q.prompt,
            options:
              q.kind === 'SINGLE' || q.kind === 'MULTIPLE' ? q.options.map((o) => ({ id: o.id, text: o.text })) : [],
            answer: (answers[String(q.id)] ?? null) as QuizAttemptResultView['answers'][number]['answer'],
            correct: f ? f.correct : null,
            pointsAwarded: f ? f.pointsAwarded : null,
            points: q.points,
            correctAnswer: f ? (f.correctAnswer as QuizAttemptResultView['answers'][number]['correctAnswer']) : null,
          };
        }),
    };
  });
  return { items, total: Number(total), page, pageSize };
}
