import { type AnyEventObject, assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import { notProvided } from './support/actors';
import { fieldErrorsOf, messageOf, statusOf } from './support/errors';
import {
  type CourseFormErrors,
  type CourseFormValues,
  defaultCourseValues,
  serverErrorsForForm,
  validateCourseForm,
  type WeekDraft,
  withSavedLessonIds,
} from './course-editor.form';
import type { CourseAction } from './course-editor.form-data';
import type { Schema } from './support/contract';

/**
 * The course editor (`/courses/live/edit?id={id}`, product.md#screens, #entities, #states, #validation, #messages). Pure: the HTTP calls
 * and the upload are the named actors of `course-editor.actors.ts`. Two parallel regions:
 *
 *   form:
 *     loading ─done─▶ editing            ─error─▶ loadFailed ─editor.retried─▶ loading
 *     editing ─form.changed─▶ editing (values; re-checked once a save was attempted)
 *             ─upload.requested (a file was chosen)─▶ uploading ─upload.succeeded | failed | cancelled─▶ editing
 *             ─form.submitted─▶ validating ─(client rules pass)─▶ saving ─done─▶ saved
 *                                          └─(field errors)─▶ editing          └─error─▶ failed
 *     saved, failed ─form.changed─▶ editing ; ─form.submitted─▶ validating ; ─upload.requested─▶ uploading
 *     editor.destroyed (any time) ─▶ destroyed (final): the form's data is cleared (product.md#states)
 *   preview (product.md#states course view mode): hidden ⇄ learner ⇄ instructor
 *
 * Saving emits `course.saved {courseId, created}` (the UI toasts 'A new course has been created
 * successfuly !' / 'Course has been updated successfuly !' and goes to
 * `/courses/live/edit?id={courseId}`) or `course.saveFailed {created}` ('Course creation failed,
 * try again !' / 'Course update failed, try again !'). Client rule failures are codes
 * (`CourseFormErrors`), server field errors are the server's messages keyed by form field (product.md#validation
 * normalisation). `savedValues` keeps the values as last loaded or saved, for the screen's
 * unsaved-changes guard. No translated text here.
 */

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

/** Server errors minus those of `fields` (a key, or a prefix followed by `[` or `.`). */
function withoutStale(
  serverErrors: Record<string, string>,
  fields: readonly string[] | undefined,
): Record<string, string> {
  if (!fields?.length) return serverErrors;
  const stale = (key: string) => fields.some((f) => key === f || key.startsWith(`${f}[`) || key.startsWith(`${f}.`));
  return Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !stale(key)));
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

export const courseEditorMachine = setup({
  types: {
    context: {} as CourseEditorContext,
    events: {} as CourseEditorEvent,
    input: {} as CourseEditorInput,
    emitted: {} as CourseEditorEmitted,
    tags: {} as 'loading' | 'uploading' | 'saving',
  },
  actors: {
    /** Reference data (+ `GET /courses/{id}/edit` when editing) → the form's initial values. */
    loadEditorData: notProvided<LoadedEditor, { courseId: number | null }>(
      'course-editor',
      'loadEditorData',
      'createCourseEditorActors',
    ),
    /**
     * Uploads the file (XHR, product.md#calls) and sends back `upload.progressed`, then `upload.succeeded`
     * or `upload.failed`. Stopping it (leaving `uploading`) aborts the request.
     */
    uploadFile: fromCallback<AnyEventObject, UploadRequest>(() => {
      throw new Error('course-editor.machine: actor "uploadFile" was not provided (use createCourseEditorActors)');
    }),
    /** `POST /courses` (multipart, product.md#entities), `?id=` when updating. */
    saveCourse: notProvided<SavedCourseResult, SaveCourseInput>(
      'course-editor',
      'saveCourse',
      'createCourseEditorActors',
    ),
  },
  guards: {
    /** product.md#validation: nothing happens when no file is given. */
    hasFile: ({ event }) => event.type === 'upload.requested' && Boolean(event.file),
    formIsValid: ({ context }) => Object.keys(context.errors).length === 0,
  },
  actions: {
    assignLoaded: assign((_, params: LoadedEditor) => ({
      reference: params.reference,
      course: params.course,
      values: params.values,
      savedValues: params.values,
      errors: {},
      serverErrors: {},
      error: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => {
      const status = statusOf(params.error);
      const message = messageOf(params.error);
      return {
        error: {
          code: 'editor.loadFailed' as const,
          ...(status !== undefined ? { status } : {}),
          ...(message ? { message } : {}),
        },
      };
    }),
    clearFailure: assign({ error: null }),
    /** New values; once a save was attempted, the rules are re-checked so errors go as they are fixed. */
    assignValues: assign(({ context, event }) => {
      assertEvent(event, 'form.changed');
      return {
        values: event.values,
        errors: context.submitAttempted
          ? validateCourseForm(event.values, { creating: context.courseId === null })
          : {},
        serverErrors: withoutStale(context.serverErrors, event.fields),
      };
    }),
    validate: assign(({ context }, params: { action: CourseAction }) => ({
      action: params.action,
      submitAttempted: true,
      errors: validateCourseForm(context.values, { creating: context.courseId === null }),
    })),
    startUpload: assign(({ event }) => {
      assertEvent(event, 'upload.requested');
      return {
        upload: { field: event.field, fileName: event.file?.name ?? '', loaded: 0, total: event.file?.size ?? 0 },
        uploadError: null,
      };
    }),
    assignProgress: assign(({ context, event }) => {
      assertEvent(event, 'upload.progressed');
      return context.upload ? { upload: { ...context.upload, loaded: event.loaded, total: event.total } } : {};
    }),
    assignUploaded: assign(({ context, event }) => {
      assertEvent(event, 'upload.succeeded');
      const upload = context.upload;
      if (!upload) return {};
      const values = {
        ...context.values,
        [upload.field]: { id: event.upload.id, url: event.upload.url, name: upload.fileName },
      };
      return {
        values,
        upload: null,
        uploadError: null,
        errors: withoutKey(context.errors, upload.field),
        serverErrors: withoutKey(context.serverErrors, upload.field),
      };
    }),
    assignUploadFailure: assign(({ context, event }) => {
      assertEvent(event, 'upload.failed');
      return {
        upload: null,
        uploadError: { ...event.error, field: context.upload?.field ?? 'picture' },
      };
    }),
    clearUpload: assign({ upload: null }),
    startSaving: assign({ serverErrors: {}, error: null, saved: null }),
    assignSaved: assign(({ context }, params: SavedCourseResult) => {
      // The save may have replaced the lessons: keep the ids of the lessons as saved (edit links).
      const values = {
        ...context.values,
        syllabus: withSavedLessonIds(context.values.syllabus, params.savedSyllabus ?? null),
      };
      return {
        courseId: params.courseId,
        values,
        savedValues: values,
        course: {
          id: params.courseId,
          status: params.status,
          moderationMessage: context.course?.id === params.courseId ? context.course.moderationMessage : null,
        },
        saved: params,
      };
    }),
    assignSaveFailure: assign(({ context }, params: { error: unknown }) => {
      const status = statusOf(params.error);
      const message = messageOf(params.error);
      return {
        serverErrors: serverErrorsForForm(fieldErrorsOf(params.error)),
        error: {
          code: context.courseId === null ? ('editor.createFailed' as const) : ('editor.updateFailed' as const),
          ...(status !== undefined ? { status } : {}),
          ...(message ? { message } : {}),
        },
      };
    }),
    emitSaved: emit(({ context }) => ({
      type: 'course.saved' as const,
      courseId: context.saved?.courseId ?? context.courseId ?? 0,
      created: context.saved?.created ?? false,
    })),
    emitSaveFailed: emit(({ context }) => ({
      type: 'course.saveFailed' as const,
      created: context.error?.code === 'editor.createFailed',
      ...(context.error?.status !== undefined ? { status: context.error.status } : {}),
      ...(context.error?.message ? { message: context.error.message } : {}),
    })),
    /** product.md#states: destroying the course-editor form clears its data (initial data included). */
    clearEditorData: assign({
      reference: null,
      course: null,
      values: () => defaultCourseValues(),
      savedValues: () => defaultCourseValues(),
      errors: {},
      serverErrors: {},
      submitAttempted: false,
      upload: null,
      uploadError: null,
      error: null,
      saved: null,
    }),
  },
}).createMachine({
  id: 'courseEditor',
  type: 'parallel',
  context: ({ input }) => ({
    courseId: input.courseId ?? null,
    companyId: input.companyId ?? null,
    reference: null,
    course: null,
    values: defaultCourseValues(),
    savedValues: defaultCourseValues(),
    errors: {},
    serverErrors: {},
    submitAttempted: false,
    action: 'save',
    upload: null,
    uploadError: null,
    error: null,
    saved: null,
  }),
  states: {
    form: {
      initial: 'loading',
      on: {
        'editor.destroyed': { target: '.destroyed', actions: 'clearEditorData' },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadEditorData',
            src: 'loadEditorData',
            input: ({ context }) => ({ courseId: context.courseId }),
            onDone: { target: 'editing', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
            onError: {
              target: 'loadFailed',
              actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadFailed: {
          on: {
            'editor.retried': { target: 'loading', actions: 'clearFailure' },
          },
        },
        editing: {
          on: {
            'form.changed': { actions: 'assignValues' },
            'form.submitted': {
              target: 'validating',
              actions: { type: 'validate', params: ({ event }) => ({ action: event.action }) },
            },
            'upload.requested': { guard: 'hasFile', target: 'uploading', actions: 'startUpload' },
          },
        },
        uploading: {
          tags: ['uploading'],
          invoke: {
            id: 'uploadFile',
            src: 'uploadFile',
            input: ({ event }) => {
              assertEvent(event, 'upload.requested');
              return { field: event.field, file: event.file as File };
            },
          },
          on: {
            'form.changed': { actions: 'assignValues' },
            'upload.progressed': { actions: 'assignProgress' },
            'upload.succeeded': { target: 'editing', actions: 'assignUploaded' },
            'upload.failed': { target: 'editing', actions: 'assignUploadFailure' },
            'upload.cancelled': { target: 'editing', actions: 'clearUpload' },
          },
        },
        /** Transient: the client rules decide (product.md#validation "Other client-side form rules"). */
        validating: {
          always: [{ guard: 'formIsValid', target: 'saving' }, { target: 'editing' }],
        },
        saving: {
          tags: ['saving'],
          entry: 'startSaving',
          invoke: {
            id: 'saveCourse',
            src: 'saveCourse',
            input: ({ context }) => ({
              courseId: context.courseId,
              values: context.values,
              action: context.action,
              companyId: context.companyId,
            }),
            onDone: {
              target: 'saved',
              actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, 'emitSaved'],
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
                'emitSaveFailed',
              ],
            },
          },
        },
        saved: {
          on: {
            'form.changed': { target: 'editing', actions: 'assignValues' },
            'form.submitted': {
              target: 'validating',
              actions: { type: 'validate', params: ({ event }) => ({ action: event.action }) },
            },
            'upload.requested': { guard: 'hasFile', target: 'uploading', actions: 'startUpload' },
          },
        },
        failed: {
          on: {
            'form.changed': { target: 'editing', actions: 'assignValues' },
            'form.submitted': {
              target: 'validating',
              actions: { type: 'validate', params: ({ event }) => ({ action: event.action }) },
            },
            'upload.requested': { guard: 'hasFile', target: 'uploading', actions: 'startUpload' },
          },
        },
        destroyed: { type: 'final' },
      },
    },
    preview: {
      initial: 'hidden',
      on: {
        'preview.learnerShown': '.learner',
        'preview.instructorShown': '.instructor',
        'preview.hidden': '.hidden',
      },
      states: {
        hidden: {},
        /** The course as a learner sees it (course page look). */
        learner: {},
        /** The syllabus as the instructor sees it, with links. */
        instructor: {},
      },
    },
  },
});

export type CourseEditorMachine = typeof courseEditorMachine;
