import type { Schema } from '../../platform/handlers.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { lessonQuestions } from '../quizzes/queries.js';
import {
  acceptedPictureUrls,
  findAuthoringLesson,
  questionIdsOf,
  replaceQuestions,
  updateLesson,
  type AuthoringLessonRow,
} from './authoring-queries.js';
import { type AuthoringInput, checkAuthoringInput } from './authoring-input.js';

/**
 * Lesson authoring (docs/classroom.md "Data"; openapi getLessonAuthoring,
 * updateLessonAuthoring, schemas LessonAuthoring, LessonAuthoringInput, AuthoringQuestion,
 * ProgrammingSpec): what an educator sets on a lesson beyond the syllabus — content, video and
 * captions, meeting link and time, points, late-work policy, quiz time limit, programming tests and
 * the question bank with its answer key.
 *
 * Who: the course's educator (`courses.educator_id`), ADMIN and SUPER_ADMIN (the contract's x-roles
 * already answer 403 "Your role does not allow this" to every other role). The operations are
 * tenant-scoped like the course editor's (server/modules/authoring `editableCourse`): an educator
 * reaches only the lessons of their own courses, whatever company they belong to; admins reach all.
 */

/** The contract's LessonAuthoring. `points` in lesson points, `timeLimitMinutes` in minutes, `startTime` 'HH:mm'. */
export type LessonAuthoringView = Schema<'LessonAuthoring'>;

const isStaff = (c: Caller) => c.role === 'ADMIN' || c.role === 'SUPER_ADMIN';

/**
 * The course's educator or an admin may author the lesson.
 * @throws 403 "You can only edit your own courses" for anyone else (same rule and message as the course editor).
 */
function requireAuthor(caller: Caller, lesson: AuthoringLessonRow): void {
  if (!isStaff(caller) && lesson.educatorId !== caller.userId) throw forbidden('You can only edit your own courses');
}

async function view(db: AppContext['db'], lesson: AuthoringLessonRow): Promise<LessonAuthoringView> {
  const questions = await lessonQuestions(db, lesson.id);
  return {
    lessonId: lesson.id,
    courseId: lesson.courseId,
    courseTitle: lesson.courseTitle,
    type: lesson.typeCode,
    name: lesson.name,
    contentHtml: lesson.contentHtml,
    videoUrl: lesson.videoUrl,
    captionsUrl: lesson.captionsUrl,
    link: lesson.link,
    day: lesson.day,
    startTime: lesson.startTime,
    points: lesson.points,
    allowLate: lesson.allowLate,
    timeLimitMinutes: lesson.timeLimitMinutes,
    programming: lesson.programming,
    questions: questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      pictureUrl: q.pictureUrl,
      points: q.points,
      explanation: q.explanation,
      options: q.options,
      answer: q.answer ?? null,
    })),
  };
}

/**
 * GET /lessons/{id}/authoring: everything an educator sets on the lesson, including the question
 * bank with its answer key and explanations, ordered by `sort_order` (then id).
 * @throws 404 "Lesson not found"; 403 not the course's educator nor an admin.
 */
export async function getLessonAuthoring(
  app: AppContext,
  caller: Caller,
  lessonId: number,
): Promise<LessonAuthoringView> {
  const lesson = await findAuthoringLesson(app.db, lessonId);
  if (!lesson) throw notFound('Lesson');
  requireAuthor(caller, lesson);
  return view(app.db, lesson);
}

// ─── Rules ──────────────────────────────────────────────────────────────────
// The request validator has checked the body against the contract (LessonAuthoringInput): what
// follows are the rules it cannot state — what a lesson type takes, how a question's kind shapes its
// options and answer, ids of this lesson, texts stored trimmed, URLs, the sandbox's JSON limits.

/**
 * PUT /lessons/{id}/authoring: saves the fields given (others keep their value) in one transaction,
 * the lesson row locked so two saves of one lesson run one after the other. The request validator
 * has checked the body against the contract (LessonAuthoringInput); the rules beyond it: see
 * {@link checkAuthoringInput}; a question's `pictureUrl` must also be the url of a QUESTIONPICTURE
 * upload (POST /v2/questions/upload/picture) or a picture the lesson's bank already uses. On any
 * error: 400 "Some fields are invalid" with every field error, nothing written. Writes an audit
 * entry `course.lesson_updated` (entity: the course; message: the lesson id and the fields given).
 *
 * The question bank (`questions`) is replaced whole: afterwards it is exactly the list, in its
 * order (`sort_order` = position). An entry carrying the `id` of a stored question updates that
 * question in place (it keeps its id); an entry without `id` is a new question; stored questions
 * left out are deleted. Learners' attempts (`quiz_attempts`, answers keyed by question id) are not
 * touched:
 * - submitted attempts (AUTOGRADED / DONE) keep their stored score, maximum and per-question
 *   feedback — they are never regraded; feedback entries of removed questions stay in them;
 * - an open attempt keeps its saved answers; at grading (server/modules/quizzes `grade`) only the
 *   bank of that moment counts: answers to removed questions are ignored, kept questions are graded
 *   against their new key (an answer to a changed question may no longer be right), new questions
 *   count as unanswered, and the maximum score is recomputed from the new bank;
 * - an open attempt's saved `currentIndex` may point past the end of a shorter bank; the learner's
 *   next save sends a position within the new bank.
 * @throws 404 "Lesson not found"; 403 not the course's educator nor an admin; 400 field errors.
 */
export async function updateLessonAuthoring(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  body: AuthoringInput,
): Promise<LessonAuthoringView> {
  await app.db.transaction().execute(async (trx) => {
    const lesson = await findAuthoringLesson(trx, lessonId, { forUpdate: true });
    if (!lesson) throw notFound('Lesson');
    requireAuthor(caller, lesson);
    const storedIds = new Set(await questionIdsOf(trx, lessonId));
    const input = checkAuthoringInput(lesson.typeCode, body, storedIds);
    const errors = input.errors;
    const accepted = await acceptedPictureUrls(
      trx,
      lessonId,
      input.pictures.map((p) => p.url),
    );
    for (const p of input.pictures) {
      if (!accepted.has(p.url))
        errors.push({ path: p.path, message: 'must be a picture uploaded for a question (/uploads/…)' });
    }
    if (errors.length) throw badRequest('Some fields are invalid', errors);
    await updateLesson(trx, lessonId, input.patch);
    if (input.questions) await replaceQuestions(trx, lessonId, input.questions);
    await audit(trx, {
      actorId: caller.userId,
      action: 'course.lesson_updated',
      entityType: 'course',
      entityId: lesson.courseId,
      message: `Lesson ${lessonId} (${lesson.name}): ${Object.keys(body).join(', ') || 'nothing'}`.slice(0, 1000),
    });
  });
  return getLessonAuthoring(app, caller, lessonId);
}
