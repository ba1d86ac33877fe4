import type { Schema } from '../../platform/handlers.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Database reads and writes of the assignment calls (submitAssignment, submitProgrammingAssignment,
 * listAssignmentSubmissions, listSessionSubmissions, gradeSubmission). No rules here: service.ts
 * decides who may do what; these functions only read and write rows of `submissions`.
 */

type Db = Kysely<Database> | Transaction<Database>;

const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** One test outcome of a CODE submission, as stored in `submissions.results` (the contract's ProgrammingTestResult). */
export type TestResultView = Schema<'ProgrammingTestResult'>;

/**
 * The contract's Submission: one submission of an assignment (DOCUMENT) or programming assignment
 * (CODE). `grade` is in points out of `points` (the lesson's maximum); times are ISO 8601 instants.
 */
export type SubmissionView = Schema<'Submission'>;

/** A page of submissions (the contract's PagedSubmission), newest first. */
export interface SubmissionPage {
  items: SubmissionView[];
  total: number;
  page: number;
  pageSize: number;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Submissions with their learner and lesson (name, points), the base of every read. */
function submissionQuery(db: Db) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('lessons as l', 'l.id', 's.lesson_id')
    .innerJoin('sessions as sess', 'sess.id', 's.session_id');
}

function selectView(q: ReturnType<typeof submissionQuery>) {
  return q.select([
    's.id',
    's.lesson_id',
    's.session_id',
    's.user_id',
    's.kind',
    's.document_url',
    's.document_name',
    's.code',
    's.language',
    's.results',
    's.status',
    's.grade',
    's.comment',
    's.late',
    's.submitted_at',
    's.graded_at',
    'u.first_name',
    'u.last_name',
    'u.picture_url',
    'l.name as lesson_name',
    'l.points',
    'sess.educator_id',
  ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['executeTakeFirstOrThrow']>>;

/**
 * Who reads a submission: the results of hidden tests show their full output (expected value,
 * error, what was printed) only to staff — an admin or the session's educator; anyone else (the
 * learner) sees whether each passed.
 */
export interface SubmissionViewer {
  userId: number;
  admin: boolean;
}

/** What a learner sees of a hidden test's result. */
export function hiddenResult(r: TestResultView): TestResultView {
  return {
    name: r.name,
    passed: r.passed,
    output: r.passed ? 'Hidden test: passed' : 'Hidden test: failed',
    hidden: true,
  };
}

function toView(r: ViewRow, viewer: SubmissionViewer): SubmissionView {
  const staff = viewer.admin || viewer.userId === r.educator_id;
  return {
    id: r.id,
    assignmentId: r.lesson_id,
    assignmentName: r.lesson_name,
    sessionId: r.session_id,
    kind: r.kind,
    learner: { id: r.user_id, name: personName(r.first_name, r.last_name), pictureUrl: r.picture_url },
    document: r.document_url ? { url: r.document_url, fileName: r.document_name ?? '' } : null,
    code: r.code,
    language: r.language,
    results: r.results && !staff ? r.results.map((t) => (t.hidden ? hiddenResult(t) : t)) : r.results,
    status: r.status,
    grade: r.grade === null ? null : Number(r.grade),
    points: r.points,
    late: r.late,
    comment: r.comment,
    submittedAt: iso(r.submitted_at),
    gradedAt: r.graded_at ? iso(r.graded_at) : null,
  };
}

/** A submission with the keys the rules need (who, which session and lesson). */
export interface SubmissionRecord {
  view: SubmissionView;
  sessionId: number;
  lessonId: number;
  userId: number;
}

/** Loads one submission as `viewer` sees it, or null when there is none with this id. */
export async function findSubmission(db: Db, id: number, viewer: SubmissionViewer): Promise<SubmissionRecord | null> {
  const r = await selectView(submissionQuery(db)).where('s.id', '=', id).executeTakeFirst();
  return r ? { view: toView(r, viewer), sessionId: r.session_id, lessonId: r.lesson_id, userId: r.user_id } : null;
}

/**
 * Which submissions a list shows. Every given field narrows the list (AND); `visibleTo` keeps the
 * submissions of that user or of the sessions they teach (the tenant scope of a non-admin caller).
 */
export interface SubmissionFilter {
  lessonId?: number;
  sessionId?: number;
  userId?: number;
  visibleTo?: number;
}

/**
 * A page of submissions matching `filter`, newest first (submission time, then id).
 * `page` is 1-based; `pageSize` items per page (the contract caps it at 100); as `viewer` sees them.
 */
export async function listSubmissions(
  db: Db,
  filter: SubmissionFilter,
  page: number,
  pageSize: number,
  viewer: SubmissionViewer,
): Promise<SubmissionPage> {
  let base = submissionQuery(db);
  if (filter.lessonId !== undefined) base = base.where('s.lesson_id', '=', filter.lessonId);
  if (filter.sessionId !== undefined) base = base.where('s.session_id', '=', filter.sessionId);
  if (filter.userId !== undefined) base = base.where('s.user_id', '=', filter.userId);
  if (filter.visibleTo !== undefined) {
    const me = filter.visibleTo;
    base = base.where((eb) => eb.or([eb('s.user_id', '=', me), eb('sess.educator_id', '=', me)]));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await selectView(base)
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map((r) => toView(r, viewer)), total: Number(total), page, pageSize };
}

/**
 * The live (not deleted) sessions of `courseId` in which `userId` has an ACTIVE enrollment, by id.
 * Used to find the session a learner submits for when they do not name one.
 */
export async function activeSessionsOfLearner(db: Db, userId: number, courseId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('enrollments as e')
    .innerJoin('sessions as s', 's.id', 'e.session_id')
    .select('s.id')
    .where('e.user_id', '=', userId)
    .where('e.status', '=', 'ACTIVE')
    .where('s.course_id', '=', courseId)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => r.id);
}

/** A new submission row: a DOCUMENT (url + original file name) or CODE (source, results, grade). */
export type NewSubmission = {
  lessonId: number;
  sessionId: number;
  userId: number;
  late: boolean;
  submittedAt: Date;
} & (
  | { kind: 'DOCUMENT'; documentUrl: string; documentName: string }
  | { kind: 'CODE'; code: string; language: 'javascript' | 'python'; results: TestResultView[]; grade: number }
);

/**
 * Appends a submission (never overwrites an earlier one: history is kept). A DOCUMENT is SUBMITTED
 * until graded; a CODE one is AUTOGRADED at `submittedAt`. @returns the new id.
 */
export async function insertSubmission(db: Db, s: NewSubmission): Promise<number> {
  const common = {
    lesson_id: s.lessonId,
    session_id: s.sessionId,
    user_id: s.userId,
    late: s.late,
    submitted_at: s.submittedAt,
  };
  const values =
    s.kind === 'DOCUMENT'
      ? {
          ...common,
          kind: 'DOCUMENT' as const,
          document_url: s.documentUrl,
          document_name: s.documentName,
          code: null,
          language: null,
          results: null,
          status: 'SUBMITTED' as const,
          grade: null,
        }
      : {
          ...common,
          kind: 'CODE' as const,
          document_url: null,
          document_name: null,
          code: s.code,
          language: s.language,
          results: JSON.stringify(s.results),
          status: 'AUTOGRADED' as const,
          grade: s.grade,
          graded_at: s.submittedAt,
        };
  const row = await db
    .insertInto('submissions')
    .values({ comment: null, graded_by: null, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records an educator's grade: status DONE, `grade` (points), `comment`, when and by whom. */
export async function recordGrade(
  db: Db,
  id: number,
  g: { grade: number; comment: string | null; gradedAt: Date; gradedBy: number },
): Promise<void> {
  await db
    .updateTable('submissions')
    .set({ status: 'DONE', grade: g.grade, comment: g.comment, graded_at: g.gradedAt, graded_by: g.gradedBy })
    .where('id', '=', id)
    .execute();
}

/** The contract's CodeDraft: a learner's saved code and when it was saved (ISO 8601). */
export type CodeDraftView = Schema<'CodeDraft'>;

/** Whose draft: one per (session, lesson, learner). */
export interface DraftKey {
  sessionId: number;
  lessonId: number;
  userId: number;
}

/** The draft of `key`, or null when none was saved. */
export async function findCodeDraft(db: Db, key: DraftKey): Promise<CodeDraftView | null> {
  const row = await db
    .selectFrom('code_drafts')
    .select(['code', 'updated_at'])
    .where('session_id', '=', key.sessionId)
    .where('lesson_id', '=', key.lessonId)
    .where('user_id', '=', key.userId)
    .executeTakeFirst();
  return row ? { code: row.code, savedAt: iso(row.updated_at) } : null;
}

/** Writes the draft of `key` (insert, or replace the code and time of the existing one). */
export async function upsertCodeDraft(db: Db, d: DraftKey & { code: string; savedAt: Date }): Promise<CodeDraftView> {
  await db
    .insertInto('code_drafts')
    .values({ session_id: d.sessionId, lesson_id: d.lessonId, user_id: d.userId, code: d.code, updated_at: d.savedAt })
    .onConflict((oc) =>
      oc.columns(['session_id', 'lesson_id', 'user_id']).doUpdateSet({ code: d.code, updated_at: d.savedAt }),
    )
    .execute();
  return { code: d.code, savedAt: iso(d.savedAt) };
}
