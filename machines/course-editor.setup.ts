import { type AnyEventObject, assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import { notProvided } from './support/actors';
import { withoutKey, withoutStale } from './support/form';
import { fieldErrorsOf, messageOf, statusOf } from './support/errors';
import { defaultCourseValues, serverErrorsForForm, validateCourseForm, withSavedLessonIds } from './course-editor.form';
import type { CourseAction } from './course-editor.form-data';
import {
  type LoadedEditor,
  type SavedCourseResult,
  type SaveCourseInput,
  type UploadRequest,
  type CourseEditorInput,
  type CourseEditorContext,
  type CourseEditorEvent,
  type CourseEditorEmitted,
} from './course-editor.types';

/**
 * What the course-editor statechart (course-editor.machine.ts) is built from: its actors (provided from
 * course-editor.actors.ts), actions and guards.
 */

export const courseEditorSetup = setup({
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
});
