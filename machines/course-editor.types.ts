import type { CourseFormErrors, CourseFormValues, WeekDraft } from './course-editor.form';
import type { CourseAction } from './course-editor.form-data';
import type { Schema } from './support/contract';

/**
 * The shapes of the course editor (course-editor.machine.ts): reference data, what its actors answer, uploads,
 * failures, its context, events and emitted facts, and two helpers over field-error records. The form's own
 * values and rules are in course-editor.form.ts.
 */

/** The course's moderation status (contract `CourseStatus`). */
export type CourseStatus = Schema<'CourseStatus'>;

/** Reference data of the form (product.md#entities): categories, languages, skills, lesson types, US time zones. */
export interface EditorReference {
  categories: Pick<Schema<'Category'>, 'id' | 'name' | 'nameAr'>[];
  languages: Schema<'Language'>[];
  skills: Schema<'Skill'>[];
  lessonTypes: Schema<'LessonType'>[];
  timezones: Schema<'Timezone'>[];
}

/** What the editor knows about the saved course (null for a new one): id, status, the last rejection's reason. */
export type CourseMeta = Pick<Schema<'CourseEditorData'>, 'id' | 'status' | 'moderationMessage'>;

/** The `loadEditorData` actor's answer: reference data, the course (null = new) and the form values. */
export interface LoadedEditor {
  reference: EditorReference;
  course: CourseMeta | null;
  values: CourseFormValues;
}

/** The two upload fields of the form. */
export type UploadField = 'picture' | 'video';

/** The upload in progress: bytes sent of `total`. */
export interface UploadState {
  field: UploadField;
  fileName: string;
  loaded: number;
  total: number;
}

/** Why an upload failed (product.md#validation, #messages): the file is too large, of a wrong type, or the call failed. */
export interface UploadFailure {
  field: UploadField;
  code: 'upload.tooLarge' | 'upload.badType' | 'upload.failed';
  /** For tooLarge: e.g. '5 MB'. */
  limit?: string;
  /** For badType: e.g. 'png, jpeg'. */
  accepted?: string;
  status?: number;
}

/** Loading or saving failed: a code for the UI, the HTTP status (0 = no answer) and the server's message. */
export interface EditorFailure {
  code: 'editor.loadFailed' | 'editor.createFailed' | 'editor.updateFailed';
  status?: number;
  message?: string;
}

/** The `saveCourse` actor's answer. */
export interface SavedCourseResult {
  courseId: number;
  status: CourseStatus;
  /** True when the course was created (no `courseId` before). */
  created: boolean;
  /**
   * The syllabus as saved (reloaded after the save), whose lesson ids replace the form's by
   * position; null or absent when it could not be reloaded (the form's lessons then lose their ids).
   */
  savedSyllabus?: WeekDraft[] | null;
}

export interface SaveCourseInput {
  /** null = create (`POST /courses`), else update (`POST /courses?id=`). */
  courseId: number | null;
  values: CourseFormValues;
  action: CourseAction;
  /** The company of a partner / company educator (private courses), else null. */
  companyId: number | null;
}

export interface UploadRequest {
  field: UploadField;
  file: File;
}

export interface CourseEditorInput {
  /** The course to edit; absent = a new course. */
  courseId?: number | null;
  /** The signed-in user's company (partners, company educators): offers `isPrivate`. */
  companyId?: number | null;
}

export interface CourseEditorContext {
  courseId: number | null;
  companyId: number | null;
  reference: EditorReference | null;
  course: CourseMeta | null;
  values: CourseFormValues;
  /**
   * The values as last loaded or saved (a new course: its defaults). The screen compares `values`
   * with them (`isCourseFormDirty`) to ask before leaving with unsaved changes.
   */
  savedValues: CourseFormValues;
  /** Client rule failures (codes), by field path. Checked on submit, then on every change. */
  errors: CourseFormErrors;
  /** The server's field errors (normalised, product.md#validation), by form field. */
  serverErrors: Record<string, string>;
  submitAttempted: boolean;
  /** The action of the last submit. */
  action: CourseAction;
  upload: UploadState | null;
  uploadError: UploadFailure | null;
  error: EditorFailure | null;
  saved: SavedCourseResult | null;
}

export type CourseEditorEvent =
  | { type: 'editor.retried' }
  /** New form values; `fields` = keys (or key prefixes such as `sections`) whose server errors are now stale. */
  | { type: 'form.changed'; values: CourseFormValues; fields?: string[] }
  | { type: 'form.submitted'; action: CourseAction }
  /** A file was chosen (null / undefined = none: nothing happens, product.md#validation). */
  | { type: 'upload.requested'; field: UploadField; file: File | null | undefined }
  | { type: 'upload.progressed'; loaded: number; total: number }
  | { type: 'upload.succeeded'; upload: { id: number; url: string } }
  | { type: 'upload.failed'; error: Omit<UploadFailure, 'field'> }
  | { type: 'upload.cancelled' }
  | { type: 'preview.learnerShown' }
  | { type: 'preview.instructorShown' }
  | { type: 'preview.hidden' }
  | { type: 'editor.destroyed' };

export type CourseEditorEmitted =
  | { type: 'course.saved'; courseId: number; created: boolean }
  | { type: 'course.saveFailed'; created: boolean; status?: number; message?: string };
