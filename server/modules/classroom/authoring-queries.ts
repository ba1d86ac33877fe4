import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  LessonTypeCode,
  ProgrammingSpecJson,
  QuizAnswerJson,
  QuizQuestionKind,
  Weekday,
} from '../../db/types.js';
import { lessonsWithTypes } from '../courses/queries.js';

/**
 * Database reads and writes of lesson authoring (getLessonAuthoring, updateLessonAuthoring; issue
 * #5, docs/classroom.md "Data"). No rules here: service.ts decides who may do what and validates;
 * these functions only read and write `lessons` and `quiz_questions` rows (migration 0005_classroom).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A lesson with what authoring needs: its course (id and title) and the course's educator (the owner), its type and every authored column. */
export interface AuthoringLessonRow {
  id: number;
  courseId: number;
  /** `courses.title`. */
  courseTitle: string;
  /** `courses.educator_id`: the only educator who may author the lesson. */
  educatorId: number;
  typeCode: LessonTypeCode;
  name: string;
  contentHtml: string | null;
  videoUrl: string | null;
  captionsUrl: string | null;
  link: string | null;
  day: Weekday | null;
  /** 'HH:mm' in the session's time zone, or null. */
  startTime: string | null;
  points: number;
  allowLate: boolean;
  timeLimitMinutes: number | null;
  programming: ProgrammingSpecJson | null;
}

/**
 * Loads a lesson for authoring, or null when there is none with this id. With `forUpdate` (inside a
 * transaction) the lesson row is locked (`select … for update` of `lessons` only) until the
 * transaction ends, so two saves of the same lesson run one after the other (no doubled question bank).
 */
export async function findAuthoringLesson(
  db: Db,
  lessonId: number,
  options: { forUpdate?: boolean } = {},
): Promise<AuthoringLessonRow | null> {
  // The join order (lesson types before courses) does not change the plan: PostgreSQL orders inner joins itself.
  let q = lessonsWithTypes(db)
    .innerJoin('courses as c', 'c.id', 'sec.course_id')
    .select([
      'l.id',
      'sec.course_id',
      'c.title as course_title',
      'c.educator_id',
      't.code as type_code',
      'l.name',
      'l.content_html',
      'l.video_url',
      'l.captions_url',
      'l.link',
      'l.day',
      'l.start_time',
      'l.points',
      'l.allow_late',
      'l.time_limit_minutes',
      'l.programming',
    ])
    .where('l.id', '=', lessonId);
  if (options.forUpdate) q = q.forUpdate('l');
  const r = await q.executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    courseId: r.course_id,
    courseTitle: r.course_title,
    educatorId: r.educator_id,
    typeCode: r.type_code as LessonTypeCode,
    name: r.name,
    contentHtml: r.content_html,
    videoUrl: r.video_url,
    captionsUrl: r.captions_url,
    link: r.link,
    day: r.day,
    startTime: r.start_time,
    points: r.points,
    allowLate: r.allow_late,
    timeLimitMinutes: r.time_limit_minutes,
    programming: r.programming,
  };
}

/** Columns of `lessons` that authoring may set; absent keys are left as they are. */
export interface LessonPatch {
  content_html?: string | null;
  video_url?: string | null;
  captions_url?: string | null;
  link?: string | null;
  day?: Weekday | null;
  start_time?: string | null;
  points?: number;
  allow_late?: boolean;
  time_limit_minutes?: number | null;
  programming?: ProgrammingSpecJson | null;
}

/** Writes the given columns of one lesson (nothing when the patch is empty). */
export async function updateLesson(db: Db, lessonId: number, patch: LessonPatch): Promise<void> {
  const { programming, ...rest } = patch;
  const set = {
    ...rest,
    ...(programming !== undefined ? { programming: programming === null ? null : JSON.stringify(programming) } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('lessons').set(set).where('id', '=', lessonId).execute();
}

/** A question as stored by authoring: `answer` is the key (see `quiz_questions.answer`). */
export interface QuestionWrite {
  kind: QuizQuestionKind;
  prompt: string;
  pictureUrl: string | null;
  points: number;
  explanation: string | null;
  options: { id: string; text: string }[];
  answer: QuizAnswerJson;
}

/** Ids of the questions stored for a lesson. */
export async function questionIdsOf(db: Db, lessonId: number): Promise<number[]> {
  const rows = await db.selectFrom('quiz_questions').select('id').where('lesson_id', '=', lessonId).execute();
  return rows.map((r) => r.id);
}

/**
 * Makes a lesson's question bank exactly `questions`, in this order (`sort_order` = position,
 * 0-based): an entry with `id` (one of the lesson's questions, checked by the caller) updates that
 * row in place and keeps its id; an entry without `id` is inserted; stored questions not listed are
 * deleted. Runs inside the caller's transaction; order: deletions, updates, insertions.
 */
export async function replaceQuestions(
  trx: Transaction<Database>,
  lessonId: number,
  questions: readonly (QuestionWrite & { id?: number })[],
): Promise<void> {
  const kept = questions.flatMap((q) => (q.id !== undefined ? [q.id] : []));
  let del = trx.deleteFrom('quiz_questions').where('lesson_id', '=', lessonId);
  if (kept.length) del = del.where('id', 'not in', kept);
  await del.execute();
  const inserts = [];
  for (const [position, q] of questions.entries()) {
    const values = {
      sort_order: position,
      kind: q.kind,
      prompt: q.prompt,
      picture_url: q.pictureUrl,
      points: q.points,
      explanation: q.explanation,
      options: JSON.stringify(q.options),
      answer: JSON.stringify(q.answer),
    };
    if (q.id !== undefined)
      await trx
        .updateTable('quiz_questions')
        .set(values)
        .where('id', '=', q.id)
        .where('lesson_id', '=', lessonId)
        .execute();
    else inserts.push({ ...values, lesson_id: lessonId });
  }
  if (inserts.length) await trx.insertInto('quiz_questions').values(inserts).execute();
}

/**
 * Of `urls`, those that may be a question's picture: the url of a QUESTIONPICTURE upload
 * (POST /v2/questions/upload/picture), or a picture already used by one of the lesson's questions.
 */
export async function acceptedPictureUrls(db: Db, lessonId: number, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const unique = [...new Set(urls)];
  const uploaded = await db
    .selectFrom('uploads')
    .select('url')
    .where('kind', '=', 'QUESTIONPICTURE')
    .where('url', 'in', unique)
    .execute();
  const used = await db
    .selectFrom('quiz_questions')
    .select('picture_url')
    .where('lesson_id', '=', lessonId)
    .where('picture_url', 'in', unique)
    .execute();
  return new Set([...uploaded.map((r) => r.url), ...used.flatMap((r) => (r.picture_url ? [r.picture_url] : []))]);
}
