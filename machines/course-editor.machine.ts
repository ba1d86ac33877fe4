import { assertEvent } from 'xstate';
import type { CourseAction } from './course-editor.form-data';
import { defaultCourseValues } from './course-editor.form';
import { courseEditorSetup } from './course-editor.setup';
import { saveFailed, validatingForm } from './support/form';

export * from './course-editor.types';

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
/** After a save, or a failed one: the form is edited, sent or given a file again. */
const editAgain = {
  'form.changed': { target: 'editing', actions: 'assignValues' },
  'form.submitted': {
    target: 'validating',
    actions: {
      type: 'validate',
      params: ({ event }: { event: { action: CourseAction } }) => ({ action: event.action }),
    },
  },
  'upload.requested': { guard: 'hasFile', target: 'uploading', actions: 'startUpload' },
} as const;

export const courseEditorMachine = courseEditorSetup.createMachine({
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
        validating: validatingForm,
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
            onError: saveFailed,
          },
        },
        saved: {
          on: editAgain,
        },
        failed: {
          on: editAgain,
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
