import type { ColumnType, Generated } from 'kysely';
import type { Language } from './accounts.js';
import type { DateOnly, Json, Timestamp } from './columns.js';

export type Difficulty = 'BEGINNER' | 'INTERMEDIATE' | 'ADVANCED';
export type CourseStatus = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'PUBLISHED' | 'UNPUBLISHED';
export type SessionStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'ACTIVE' | 'EXPIRED';
export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
/** Start and end of a weekly slot as 'HH:mm' in the session's time zone. */
export interface WeekSlot {
  start: string;
  end: string;
}
/** Per weekday a slot or null (product.md#entities "Weeks per weekday"). */
export type Weeks = Record<Weekday, WeekSlot | null>;
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  name_ar: string;
}
export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  name: string;
}
export interface SkillsTable {
  id: Generated<number>;
  name: string;
}
export interface LessonTypesTable {
  id: Generated<number>;
  code: LessonTypeCode;
  name: string;
}
/** Lesson type codes (product.md#entities "Lesson types"; `lesson_types.code`). */
export type LessonTypeCode =
  | 'meeting'
  | 'video'
  | 'reading'
  | 'assignment'
  | 'quiz'
  | 'learningObjective'
  | 'programmingAssignment'
  | 'notes'
  | 'liveSession';
export interface CoursesTable {
  id: Generated<number>;
  educator_id: number;
  title: string;
  description: string;
  about: string;
  category_id: number;
  language_id: number;
  price_cents: number;
  num_hours: number;
  difficulty_level: Difficulty;
  has_multi_instructors: ColumnType<boolean, boolean | undefined, boolean>;
  is_private: ColumnType<boolean, boolean | undefined, boolean>;
  company_id: number | null;
  picture_url: string | null;
  video_url: string | null;
  picture_upload_id: ColumnType<number | null, number | null | undefined, number | null>;
  video_upload_id: ColumnType<number | null, number | null | undefined, number | null>;
  moderation_message: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<CourseStatus, CourseStatus | undefined, CourseStatus>;
  /** When the course was last sent for review (migration 0015); null if never. */
  submitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CourseSkillsTable {
  course_id: number;
  skill_id: number;
  type: 'REQUIRED' | 'GAINED';
}
export interface SectionsTable {
  id: Generated<number>;
  course_id: number;
  week: number;
  name: string;
  sort_order: number;
}
export interface LessonsTable {
  id: Generated<number>;
  section_id: number;
  lesson_type_id: number;
  name: string;
  sort_order: number;
  duration_minutes: number;
  link: string | null;
  day: Weekday | null;
  start_time: string | null;
  /** Reading/notes HTML, sanitised when saved (docs/classroom.md). */
  content_html: ColumnType<string | null, string | null | undefined, string | null>;
  video_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** WebVTT captions of the video. */
  captions_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Maximum points of a graded lesson (default 100). */
  points: ColumnType<number, number | undefined, number>;
  /** Accept submissions and attempts after the deadline (marked late). */
  allow_late: ColumnType<boolean, boolean | undefined, boolean>;
  /** Quiz time limit in minutes; null = none. */
  time_limit_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Programming assignment: function under test, starter code and tests. */
  programming: ColumnType<ProgrammingSpecJson | null, string | null | undefined, string | null>;
}
/** `lessons.programming`: the tests' `args` are passed to `functionName`, `expected` compared as JSON. */
export interface ProgrammingSpecJson {
  /** The language the learner writes in; absent = javascript (labs made before Python labs). */
  language?: 'javascript' | 'python';
  functionName: string;
  starterCode: string;
  /** `hidden`: the learner sees only whether the test passed (absent = visible). */
  tests: { name: string; args: unknown[]; expected: unknown; hidden?: boolean }[];
}
export type QuizQuestionKind = 'SINGLE' | 'MULTIPLE' | 'TRUE_FALSE' | 'SHORT_ANSWER' | 'STEP';
/** Option ids (SINGLE/MULTIPLE), a boolean (TRUE_FALSE), a text (a learner's SHORT_ANSWER), or null. */
export type QuizAnswerJson = string[] | boolean | string | null;
/** A question's answer key: option ids (SINGLE/MULTIPLE), a boolean (TRUE_FALSE), accepted answers (SHORT_ANSWER), null (STEP). */
export type QuizAnswerKeyJson = string[] | boolean | null;
export interface QuizQuestionsTable {
  id: Generated<number>;
  lesson_id: number;
  sort_order: number;
  kind: QuizQuestionKind;
  prompt: string;
  picture_url: string | null;
  points: ColumnType<number, number | undefined, number>;
  explanation: string | null;
  options: Json<{ id: string; text: string }[]>;
  /** The answer key: option ids, a boolean, accepted short answers (string[]), or null (STEP). */
  answer: ColumnType<QuizAnswerKeyJson, string | null, string | null>;
}
export interface QuizAttemptsTable {
  id: Generated<number>;
  lesson_id: number;
  session_id: number;
  user_id: number;
  status: ColumnType<
    'IN_PROGRESS' | 'AUTOGRADED' | 'DONE',
    'IN_PROGRESS' | 'AUTOGRADED' | 'DONE' | undefined,
    'IN_PROGRESS' | 'AUTOGRADED' | 'DONE'
  >;
  /** Saved answers by question id. */
  answers: ColumnType<Record<string, QuizAnswerJson>, string | undefined, string>;
  current_index: ColumnType<number, number | undefined, number>;
  started_at: Timestamp;
  /** started_at + the lesson's time limit; null = no limit. */
  deadline_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  score: ColumnType<number | null, number | null | undefined, number | null>;
  max_score: ColumnType<number, number | undefined, number>;
  feedback: ColumnType<unknown[] | null, string | null | undefined, string | null>;
}
export interface SubmissionsTable {
  id: Generated<number>;
  lesson_id: number;
  session_id: number;
  user_id: number;
  kind: 'DOCUMENT' | 'CODE';
  document_url: string | null;
  document_name: string | null;
  code: string | null;
  /** Per-test results of a CODE submission: `[{name, passed, output, hidden?}]` (output in full; hidden ones are cut for learners when read). */
  results: ColumnType<
    { name: string; passed: boolean; output: string; hidden?: boolean }[] | null,
    string | null | undefined,
    string | null
  >;
  status: 'SUBMITTED' | 'AUTOGRADED' | 'DONE';
  /** Points out of the lesson's `points`. */
  grade: number | null;
  comment: string | null;
  late: ColumnType<boolean, boolean | undefined, boolean>;
  submitted_at: Timestamp;
  graded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  graded_by: number | null;
  /** when the row was written, by the database clock (the per-minute limit of code submissions) */
  created_at: ColumnType<Date, Date | undefined, never>;
  /** The language of a CODE submission (null for documents). */
  language: ColumnType<'javascript' | 'python' | null, 'javascript' | 'python' | null | undefined, never>;
}
/** A learner's unsubmitted code of a lab, one per (session, lesson, learner) (migration 0028). */
export interface CodeDraftsTable {
  session_id: number;
  lesson_id: number;
  user_id: number;
  code: string;
  updated_at: Date;
}
export interface AttendanceTable {
  id: Generated<number>;
  session_id: number;
  lesson_id: number;
  user_id: number;
  /** Date of the meeting occurrence in the session's time zone. */
  occurrence_date: DateOnly;
  joined_at: Timestamp;
}
/** A learner's attendance status at a meeting occurrence (migration 0030). */
export type AttendanceStatusCode = 'PRESENT' | 'LATE' | 'ABSENT' | 'EXCUSED';
/** The educator's current mark of a learner at one meeting occurrence (migration 0030); wins over `attendance`. */
export interface AttendanceMarksTable {
  session_id: number;
  lesson_id: number;
  user_id: number;
  /** Date of the meeting occurrence in the session's time zone. */
  occurrence_date: DateOnly;
  status: AttendanceStatusCode;
  note: string | null;
  /** How many times the mark was set (1 after the first). */
  version: number;
  marked_by: number;
  marked_at: Timestamp;
}
/** One change of a mark, kept for good (migration 0030); `before_status` null when nothing counted before. */
export interface AttendanceMarkChangesTable {
  id: Generated<number>;
  session_id: number;
  lesson_id: number;
  user_id: number;
  occurrence_date: DateOnly;
  before_status: AttendanceStatusCode | null;
  after_status: AttendanceStatusCode;
  before_note: string | null;
  after_note: string | null;
  changed_by: number;
  changed_at: Timestamp;
}
/** The share of a graded lesson in a session's gradebook total (migration 0029), in hundredths of a percent. */
export interface GradebookWeightsTable {
  session_id: number;
  lesson_id: number;
  weight_bp: number;
}
/** A message of a session chat (migration 0018): plain text, 1 to 1000 characters; deleted messages keep their row. */
export interface ChatMessagesTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  body: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}
export interface LessonProgressTable {
  session_id: number;
  lesson_id: number;
  user_id: number;
  status: 'IN_PROGRESS' | 'DONE';
  updated_at: Timestamp;
}
export interface SessionsTable {
  id: Generated<number>;
  course_id: number;
  educator_id: number;
  start_date: DateOnly;
  end_date: DateOnly;
  timezone: string;
  schedule: Json<Weeks>;
  max_seats: number;
  price_cents: number;
  status: ColumnType<SessionStatus, SessionStatus | undefined, SessionStatus>;
  /** The session's own syllabus (SyllabusWeekInput[]), or null to use the course's. */
  content: ColumnType<SessionContentJson | null, string | null | undefined, string | null>;
  moderation_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** Soft deletion (POST /sessions/{id}/delete): hidden everywhere, kept for the ledger. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
}
export interface ReviewsTable {
  id: Generated<number>;
  course_id: number;
  user_id: number;
  rating_value: number;
  content: string;
  created_at: Timestamp;
  /** When the author last edited it (0014); null when never edited. */
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export type UploadKind =
  | 'COURSEPICTURE'
  | 'COURSEVIDEO'
  | 'PROFILEPICTURE'
  | 'RESUME'
  | 'SIGNATURE'
  | 'LESSON'
  | 'COMPANYLOGO'
  | 'QUESTIONPICTURE';
/** A lesson of a session's own syllabus (the contract's LessonInput). Duration in minutes. */
export interface LessonJson {
  lessonTypeId: number;
  name: string;
  order?: number;
  duration: number;
  link?: string | null;
  day?: Weekday | null;
  startTime?: string | null;
}
export type SessionContentJson = {
  week: number;
  sections: { name: string; order?: number; lessons: LessonJson[] }[];
}[];
export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  kind: UploadKind;
  storage_key: string;
  url: string;
  mime_type: string;
  size_bytes: number;
  original_name: string | null;
  created_at: Timestamp;
}
export interface WaitlistTable {
  course_id: number;
  email: string;
  user_id: number | null;
  created_at: Timestamp;
  notified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** when the address was confirmed (a signed-in user's at once, a guest's by the mailed link); null: never mailed (0016) */
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 (hex) of a guest's confirmation-link token, never the token (0016) */
  token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** when that link was mailed; it works for 72 hours (0016) */
  token_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** language of a guest's mails (an account's own language wins) (0016) */
  language: ColumnType<Language, Language | undefined, Language>;
}
/** One (event, address) the waitlist mailed: each event mails each address once (0016). */
export interface WaitlistNotificationsTable {
  /** `session-open:<sessionId>` or `seat-freed:<intentId>` */
  event: string;
  /** the address, lower-cased */
  email: string;
  course_id: number;
  session_id: number | null;
  created_at: Timestamp;
}
/** A learner's target skill (migration 0017); unique per (user, skill). Progress is derived, never stored. */
export interface LearningGoalsTable {
  id: Generated<number>;
  user_id: number;
  skill_id: number;
  created_at: Timestamp;
}

/**
 * One search row per course, kept by triggers (migration 0036): what the catalog searches, filters
 * and sorts on. `doc` is the lower-cased title, description, category names and skill names joined
 * by U+001F; `next_start`/`open_until` the earliest start/end of its open sessions (null: none);
 * `rating_avg` the exact average of its reviews (null: none). Never written by the server.
 */
export interface CourseCatalogTable {
  course_id: number;
  status: CourseStatus;
  is_private: boolean;
  company_id: number | null;
  category_id: number;
  difficulty_level: Difficulty;
  language_id: number;
  price_cents: number;
  created_at: Date;
  title: string;
  doc: string;
  next_start: string | null;
  open_until: string | null;
  rating_avg: number | null;
  rating_count: number;
  /** Open sessions (as `next_start` counts them). */
  open_sessions: number;
}
