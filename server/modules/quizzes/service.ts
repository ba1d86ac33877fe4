import type { Schema } from '../../platform/handlers.js';
import type { QuizAnswerJson } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import {
  classroomAccess,
  loadCourseLesson,
  loadSessionLesson,
  requireLearner,
  type ClassroomLessonRow,
} from '../sessions/access.js';
import { lessonDeadline } from '../sessions/schedule.js';
import {
  findAttempt,
  findOpenAttempt,
  insertAttempt,
  lessonQuestions,
  listAttempts,
  saveAnswers,
  type AttemptRow,
  type QuestionRow,
} from './queries.js';
import {
  ATTEMPT_KINDS,
  type AttemptKind,
  answerShapeError,
  closedByTimeLimit,
  gradeExpiredAttempts,
  gradeOpenAttempt,
  maxScoreOf,
  timeIsUp,
} from './grading.js';

/**
 * The quiz and learning-path rules (docs/classroom.md "Rules": Who, Deadline, Grading, Lesson
 * status; openapi tag Quizzes): starting and resuming attempts, saving answers, grading on the
 * server. Decisions taken here (and documented on each function):
 * - a lesson that is neither a `quiz` nor a `learningObjective` answers 409 "This lesson is not a
 *   quiz or a learning path" (like joinMeeting's 409 "This lesson is not a meeting");
 * - only an enrolled learner (classroomAccess role LEARNER) starts, lists, saves and submits. The
 *   contract's `x-roles: [LEARNER]` already answers 403 'Your role does not allow this' to
 *   educators and admins before the service runs; `requireLearner` (403 'Only the session's
 *   enrolled learners can do this') guards the service itself; learners not enrolled (or
 *   cancelled) get classroomAccess's 403, and other learners 403 for someone else's attempt;
 * - an open attempt whose time limit has passed is graded on its saved answers (as submit would):
 *   by the server's sweep ({@link gradeExpiredAttempts}: every minute, at start-up, and for the
 *   caller's attempts of a session when the classroom, a lesson or the attempts list is read), or
 *   at the latest when the learner next starts the lesson (then a fresh attempt is created);
 * - a learning path is DONE with `score` null (it has no grade); STEP questions count 0 points and
 *   get no feedback entry;
 * - the answer key and explanations never appear in an attempt before it is submitted.
 */

/** A question as a learner sees it (the contract's QuizQuestion): no answer key, no explanation. */
export type QuizQuestionView = Schema<'QuizQuestion'>;

/**
 * The contract's QuizAttempt. Instants are ISO 8601; `score`/`maxScore` in question points
 * (`score` null until graded, and for a learning path); `answers` by question id; `feedback` null
 * until submitted, then one entry per non-STEP question in the questions' order.
 */
export type QuizAttemptView = Schema<'QuizAttempt'>;

/** The kind of attempt a lesson takes. @throws 409 'This lesson is not a quiz or a learning path'. */
function attemptKindOf(lesson: ClassroomLessonRow): AttemptKind {
  const kind = ATTEMPT_KINDS[lesson.typeCode];
  if (!kind) throw conflict('This lesson is not a quiz or a learning path');
  return kind;
}

/** The learner's view of a question: no key, no explanation; options only for choice questions; STEP worth 0. */
function questionView(q: QuestionRow): QuizQuestionView {
  const choice = q.kind === 'SINGLE' || q.kind === 'MULTIPLE';
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    pictureUrl: q.pictureUrl,
    points: q.kind === 'STEP' ? 0 : q.points,
    options: choice ? q.options.map((o) => ({ id: o.id, text: o.text })) : [],
  };
}

function attemptView(a: AttemptRow, kind: AttemptKind, questions: readonly QuestionRow[]): QuizAttemptView {
  return {
    id: a.id,
    lessonId: a.lessonId,
    sessionId: a.sessionId,
    kind,
    status: a.status,
    currentIndex: a.currentIndex,
    startedAt: a.startedAt.toISOString(),
    deadlineAt: a.deadlineAt ? a.deadlineAt.toISOString() : null,
    submittedAt: a.submittedAt ? a.submittedAt.toISOString() : null,
    score: a.status === 'IN_PROGRESS' ? null : a.score,
    maxScore: a.maxScore,
    questions: questions.map(questionView),
    answers: a.answers,
    // Feedback (with the key) exists only once submitted; never before.
    feedback: a.status === 'IN_PROGRESS' ? null : (a.feedback ?? []),
  };
}

/** The session, lesson and attempt kind of a learner's call on a lesson. @throws as {@link startQuizAttempt}. */
async function learnerLesson(app: AppContext, caller: Caller, sessionId: number, lessonId: number) {
  const access = await classroomAccess(app.db, caller, sessionId);
  const lesson = await loadSessionLesson(app.db, access.session, lessonId);
  requireLearner(access);
  return { access, lesson, kind: attemptKindOf(lesson) };
}

/**
 * POST /sessions/{id}/lessons/{lessonId}/attempts: resumes the learner's open attempt of a quiz or
 * learning path (`created: false`, 200) or starts one (`created: true`, 201) with `started_at` =
 * now, `deadline_at` = now + the lesson's time limit (a quiz with a limit; null otherwise) and
 * `max_score` = the sum of the question points (STEP excluded). An open attempt whose time limit
 * has passed is first graded on its saved answers (even when the deadline rule then refuses a new
 * attempt), then a new one is started. Two concurrent starts
 * create one attempt (the partial unique index; the loser resumes it).
 * @throws 404 unknown session or a lesson not in its course; 403 a stranger, the educator or an
 *   admin; 409 'This lesson is not a quiz or a learning path', 'This lesson has no questions yet',
 *   or — for a new attempt only — 'The deadline for this lesson has passed' after the lesson's
 *   deadline (the end of its week) unless it allows late work.
 */
export async function startQuizAttempt(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
): Promise<{ created: boolean; attempt: QuizAttemptView }> {
  const { access, lesson, kind } = await learnerLesson(app, caller, sessionId, lessonId);
  const now = app.now();
  const key = { lessonId: lesson.id, sessionId: access.session.id, userId: caller.userId };

  const open = await findOpenAttempt(app.db, key);
  if (open && !timeIsUp(open, now))
    return { created: false, attempt: attemptView(open, kind, await lessonQuestions(app.db, lesson.id)) };
  if (open) await gradeOpenAttempt(app.db, open.id, kind, now);

  if (now.getTime() >= lessonDeadline(access.session, lesson.week).getTime() && !lesson.allowLate) {
    throw conflict('The deadline for this lesson has passed');
  }
  const questions = await lessonQuestions(app.db, lesson.id);
  if (questions.length === 0) throw conflict('This lesson has no questions yet');
  const limit = kind === 'QUIZ' ? lesson.timeLimitMinutes : null;
  const id = await insertAttempt(app.db, {
    ...key,
    startedAt: now,
    deadlineAt: limit ? new Date(now.getTime() + limit * 60_000) : null,
    maxScore: maxScoreOf(questions),
  });
  if (id === null) {
    // Another request started one at the same time: resume it.
    const raced = await findOpenAttempt(app.db, key);
    if (!raced) throw conflict('Another attempt was started at the same time; try again');
    return { created: false, attempt: attemptView(raced, kind, questions) };
  }
  return { created: true, attempt: attemptView((await findAttempt(app.db, id))!, kind, questions) };
}

/**
 * GET /sessions/{id}/lessons/{lessonId}/attempts: the caller's attempts of the lesson in the
 * session, newest first; submitted ones with score and feedback, open ones without any key. The
 * caller's expired open attempts in the session are graded first ({@link gradeExpiredAttempts}).
 * @throws as {@link startQuizAttempt} (404, 403, 409 not a quiz or learning path).
 */
export async function listQuizAttempts(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
): Promise<QuizAttemptView[]> {
  const { access, lesson, kind } = await learnerLesson(app, caller, sessionId, lessonId);
  await gradeExpiredAttempts(app.db, app.now(), { sessionId: access.session.id, userId: caller.userId });
  const [rows, questions] = await Promise.all([
    listAttempts(app.db, { lessonId: lesson.id, sessionId: access.session.id, userId: caller.userId }),
    lessonQuestions(app.db, lesson.id),
  ]);
  return rows.map((a) => attemptView(a, kind, questions));
}

/**
 * An attempt of the caller's with its lesson's attempt kind.
 * @throws 404 'Quiz attempt not found'; 403 someone else's attempt, or the caller is no longer an
 *   enrolled learner of its session.
 */
async function ownAttempt(app: AppContext, caller: Caller, attemptId: number) {
  const attempt = await findAttempt(app.db, attemptId);
  if (!attempt) throw notFound('Quiz attempt');
  if (attempt.userId !== caller.userId)
    throw forbidden('Only the learner who started this attempt can answer or submit it');
  requireLearner(await classroomAccess(app.db, caller, attempt.sessionId));
  const lesson = await loadCourseLesson(app.db, null, attempt.lessonId);
  return { attempt, kind: attemptKindOf(lesson) };
}

/**
 * PUT /quiz-attempts/{id}/answers/{questionId} {answer?, currentIndex}: saves the learner's answer
 * to one question of their open attempt and the current-question position (`answer` omitted: the
 * position only; `answer` null: clears the saved answer). Written under the attempt's row lock.
 * @throws 404 unknown attempt, or a question not in the attempt's lesson; 403 someone else's
 *   attempt; 400 (field `currentIndex`) outside 0 … questions − 1, (field `answer`) an answer of the
 *   wrong shape ({@link answerShapeError}); 409 'The time limit of this attempt has passed' (still
 *   open, or graded after its deadline — by the sweep, a start or a late submit), 'This attempt has
 *   already been submitted' (submitted before its deadline, or without a limit). Nothing changes
 *   when refused.
 */
export async function saveQuizAnswer(
  app: AppContext,
  caller: Caller,
  attemptId: number,
  questionId: number,
  body: { answer?: QuizAnswerJson; currentIndex: number },
): Promise<QuizAttemptView> {
  const { attempt, kind } = await ownAttempt(app, caller, attemptId);
  const questions = await lessonQuestions(app.db, attempt.lessonId);
  const question = questions.find((q) => q.id === questionId);
  if (!question) throw notFound('Question');
  if (!(Number.isInteger(body.currentIndex) && body.currentIndex >= 0 && body.currentIndex < questions.length)) {
    throw badRequest('Some fields are invalid', [
      { path: 'currentIndex', message: `must be between 0 and ${questions.length - 1}` },
    ]);
  }
  const hasAnswer = body.answer !== undefined;
  if (hasAnswer) {
    const error = answerShapeError(question, body.answer);
    if (error) throw badRequest('Some fields are invalid', [{ path: 'answer', message: error }]);
  }
  const now = app.now();
  await app.db.transaction().execute(async (trx) => {
    const locked = await findAttempt(trx, attemptId, { forUpdate: true });
    if (!locked) throw conflict('This attempt has already been submitted');
    // An attempt closed by its time limit (graded after its deadline, e.g. by the sweep) keeps
    // answering the time-limit message, as it did while it was still open.
    if (timeIsUp(locked, now) && (locked.status === 'IN_PROGRESS' || closedByTimeLimit(locked)))
      throw conflict('The time limit of this attempt has passed');
    if (locked.status !== 'IN_PROGRESS') throw conflict('This attempt has already been submitted');
    const answers = { ...locked.answers };
    if (hasAnswer) {
      if (body.answer === null || question.kind === 'STEP') delete answers[String(questionId)];
      else answers[String(questionId)] = body.answer!;
    }
    await saveAnswers(trx, attemptId, answers, body.currentIndex);
  });
  return attemptView((await findAttempt(app.db, attemptId))!, kind, questions);
}

/**
 * POST /quiz-attempts/{id}/submit: grades the learner's open attempt on the server (see
 * `grade` (quizzes/grading.ts)): a quiz becomes AUTOGRADED with its score, a learning path DONE (score null); the
 * answer becomes per-question feedback with the key and explanation. An attempt past its time
 * limit is graded on the answers saved before it (no 409). When its time ran out and it was
 * already graded for that (by the server's sweep, {@link gradeExpiredAttempts}, or a lesson read),
 * the submit answers 200 with that result: the quiz screen's own time-up submit may come after the
 * sweep (a slow clock, a sleeping tab), and the learner should see the score, not an error. One
 * transaction, the attempt row locked, so a double submit (or a submit racing the sweep) grades once.
 * @throws 404 unknown attempt; 403 someone else's attempt; 409 'This attempt has already been
 *   submitted' (graded before its time ran out, or it has no time limit).
 */
export async function submitQuizAttempt(app: AppContext, caller: Caller, attemptId: number): Promise<QuizAttemptView> {
  const { kind } = await ownAttempt(app, caller, attemptId);
  const graded = await gradeOpenAttempt(app.db, attemptId, kind, app.now());
  const attempt = (await findAttempt(app.db, attemptId))!;
  const closedByTimeLimit =
    attempt.deadlineAt !== null &&
    attempt.submittedAt !== null &&
    attempt.submittedAt.getTime() > attempt.deadlineAt.getTime();
  if (!graded && !closedByTimeLimit) throw conflict('This attempt has already been submitted');
  return attemptView(attempt, kind, await lessonQuestions(app.db, attempt.lessonId));
}
