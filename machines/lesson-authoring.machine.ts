import { assertEvent, assign, emit, not, setup } from 'xstate';
import { notProvided } from './support/actors';
import { withoutStale, saveFailed, validatingForm } from './support/form';
import { failureOf, fieldErrorsOf } from './support/errors';
import {
  type AuthoringErrors,
  type AuthoringValues,
  fromAuthoring,
  isDirty,
  type LessonAuthoring,
  type LessonAuthoringInput,
  serverErrorsForAuthoring,
  toAuthoringInput,
  validateAuthoring,
} from './lesson-authoring.form';

/**
 * The lesson-authoring screen (docs/classroom.md "Data"; `GET /lessons/{id}/authoring`,
 * `PUT /lessons/{id}/authoring`): an educator edits a lesson's content, settings and question
 * bank. Pure: the HTTP calls are the named actors of `lesson-authoring.actors.ts`; uploads are
 * done by the screen (their URL arrives as a `form.changed`). Two parallel regions:
 *
 *   form:
 *     loading ─done─▶ editing                ─error─▶ loadFailed ─authoring.retried─▶ loading
 *     editing ─form.changed─▶ editing (values; `dirty` = differs from the last loaded/saved values;
 *                                      rules re-checked once a save was attempted)
 *             ─form.submitted─▶ validating ─(client rules pass)─▶ saving ─done─▶ saved
 *                                          └─(field errors)─▶ editing       └─error─▶ failed
 *     saved, failed ─form.changed─▶ editing ; ─form.submitted─▶ validating
 *   leave (unsaved-changes guard):
 *     idle ─leave.requested─▶ confirming (dirty) | idle + `leave.allowed` (nothing unsaved)
 *     confirming ─leave.confirmed─▶ idle + `leave.allowed` ; ─leave.cancelled─▶ idle + `leave.cancelled`
 *                (nothing unsaved any more, e.g. saved meanwhile) ─▶ idle + `leave.allowed`
 *
 * Server field errors (400) are kept by form path (`questions[2].answer`, see `formPathOf`) so the
 * screen shows each next to its field; an edit drops the errors of the fields it touched
 * (`fields`: paths or path prefixes). Emitted for the UI's toasts and navigation:
 * `authoring.saved`, `authoring.saveFailed`, `leave.allowed`, `leave.cancelled`. Tags: `loading`,
 * `saving`, `confirmingLeave`. No translated text here.
 */

/** Input of the machine: the lesson to author. */
export interface LessonAuthoringMachineInput {
  lessonId: number;
}

/** Loading or saving failed: HTTP status (0 = no answer), the server's message, its field errors. */
export interface AuthoringFailure {
  code: 'authoring.loadFailed' | 'authoring.saveFailed';
  status?: number;
  message?: string;
}

/** Input of the `saveAuthoring` actor: `PUT /lessons/{lessonId}/authoring` with `body`. */
export interface SaveAuthoringInput {
  lessonId: number;
  body: LessonAuthoringInput;
}

export interface LessonAuthoringContext {
  lessonId: number;
  /** The lesson as last loaded or saved (type, name, course), null before loading. */
  authoring: LessonAuthoring | null;
  values: AuthoringValues;
  /** The values as last loaded or saved (what `dirty` compares with). */
  initial: AuthoringValues;
  /** Unsaved changes. */
  dirty: boolean;
  /** Client rule failures (codes) by path; checked on submit, then on every change. */
  errors: AuthoringErrors;
  /** The server's field errors by form path. */
  serverErrors: Record<string, string>;
  submitAttempted: boolean;
  loadError: AuthoringFailure | null;
  saveError: AuthoringFailure | null;
}

export type LessonAuthoringEvent =
  | { type: 'authoring.retried' }
  /** New values; `fields` = paths (or prefixes such as `questions`) whose server errors are now stale. */
  | { type: 'form.changed'; values: AuthoringValues; fields?: string[] }
  | { type: 'form.submitted' }
  | { type: 'leave.requested' }
  | { type: 'leave.confirmed' }
  | { type: 'leave.cancelled' };

export type LessonAuthoringEmitted =
  | { type: 'authoring.saved'; authoring: LessonAuthoring }
  | { type: 'authoring.saveFailed'; status?: number; message?: string }
  | { type: 'leave.allowed' }
  | { type: 'leave.cancelled' };

/** Empty values, before the lesson is loaded. */
export function blankAuthoringValues(): AuthoringValues {
  return {
    contentHtml: '',
    videoUrl: '',
    captionsUrl: '',
    link: '',
    day: '',
    startTime: '',
    points: '',
    allowLate: false,
    timeLimitMinutes: '',
    programming: { language: 'javascript', functionName: '', starterCode: '', tests: [] },
    questions: [],
  };
}

/** The form as loaded or saved: `values` are the new baseline, with no errors and nothing unsaved. */
function cleanForm(values: AuthoringValues) {
  return {
    values,
    initial: values,
    dirty: false,
    errors: {},
    serverErrors: {},
    submitAttempted: false,
    loadError: null,
    saveError: null,
  };
}

export const lessonAuthoringMachine = setup({
  types: {
    context: {} as LessonAuthoringContext,
    events: {} as LessonAuthoringEvent,
    input: {} as LessonAuthoringMachineInput,
    emitted: {} as LessonAuthoringEmitted,
    tags: {} as 'loading' | 'saving' | 'confirmingLeave',
  },
  actors: {
    /** GET /lessons/{id}/authoring → the lesson's authoring. */
    loadAuthoring: notProvided<LessonAuthoring, { lessonId: number }>(
      'lesson-authoring',
      'loadAuthoring',
      'createLessonAuthoringActors',
    ),
    /** PUT /lessons/{id}/authoring → the lesson's authoring as saved. */
    saveAuthoring: notProvided<LessonAuthoring, SaveAuthoringInput>(
      'lesson-authoring',
      'saveAuthoring',
      'createLessonAuthoringActors',
    ),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(context.errors).length === 0,
    isDirty: ({ context }) => context.dirty,
  },
  actions: {
    assignAuthoring: assign((_, params: { authoring: LessonAuthoring }) => {
      return { authoring: params.authoring, ...cleanForm(fromAuthoring(params.authoring)) };
    }),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({
      loadError: failureOf('authoring.loadFailed', params.error),
    })),
    clearLoadFailure: assign({ loadError: null }),
    assignValues: assign(({ context, event }) => {
      assertEvent(event, 'form.changed');
      return {
        values: event.values,
        dirty: isDirty(event.values, context.initial),
        errors:
          context.submitAttempted && context.authoring ? validateAuthoring(context.authoring.type, event.values) : {},
        serverErrors: withoutStale(context.serverErrors, event.fields),
      };
    }),
    validate: assign(({ context }) => ({
      submitAttempted: true,
      errors: context.authoring ? validateAuthoring(context.authoring.type, context.values) : {},
    })),
    startSaving: assign({ serverErrors: {}, saveError: null }),
    emitSaved: emit(({ context }) => ({ type: 'authoring.saved' as const, authoring: context.authoring! })),
    assignSaveFailure: assign((_, params: { error: unknown }) => ({
      saveError: failureOf('authoring.saveFailed', params.error),
      serverErrors: serverErrorsForAuthoring(fieldErrorsOf(params.error)),
    })),
    emitSaveFailed: emit(({ context }) => ({
      type: 'authoring.saveFailed' as const,
      ...(context.saveError?.status !== undefined ? { status: context.saveError.status } : {}),
      ...(context.saveError?.message ? { message: context.saveError.message } : {}),
    })),
    emitLeaveAllowed: emit({ type: 'leave.allowed' as const }),
    emitLeaveCancelled: emit({ type: 'leave.cancelled' as const }),
  },
}).createMachine({
  id: 'lessonAuthoring',
  type: 'parallel',
  context: ({ input }) => ({
    lessonId: input.lessonId,
    authoring: null,
    ...cleanForm(blankAuthoringValues()),
  }),
  states: {
    form: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadAuthoring',
            src: 'loadAuthoring',
            input: ({ context }) => ({ lessonId: context.lessonId }),
            onDone: {
              target: 'editing',
              actions: { type: 'assignAuthoring', params: ({ event }) => ({ authoring: event.output }) },
            },
            onError: {
              target: 'loadFailed',
              actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadFailed: {
          on: { 'authoring.retried': { target: 'loading', actions: 'clearLoadFailure' } },
        },
        editing: {
          on: {
            'form.changed': { actions: 'assignValues' },
            'form.submitted': { target: 'validating', actions: 'validate' },
          },
        },
        /** Transient: the client rules decide. */
        validating: validatingForm,
        saving: {
          tags: ['saving'],
          entry: 'startSaving',
          invoke: {
            id: 'saveAuthoring',
            src: 'saveAuthoring',
            input: ({ context }) => ({
              lessonId: context.lessonId,
              body: toAuthoringInput(context.authoring!.type, context.values),
            }),
            onDone: {
              target: 'saved',
              actions: [{ type: 'assignAuthoring', params: ({ event }) => ({ authoring: event.output }) }, 'emitSaved'],
            },
            onError: saveFailed,
          },
        },
        saved: {
          on: {
            'form.changed': { target: 'editing', actions: 'assignValues' },
            'form.submitted': { target: 'validating', actions: 'validate' },
          },
        },
        failed: {
          on: {
            'form.changed': { target: 'editing', actions: 'assignValues' },
            'form.submitted': { target: 'validating', actions: 'validate' },
          },
        },
      },
    },
    leave: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'leave.requested': [{ guard: 'isDirty', target: 'confirming' }, { actions: 'emitLeaveAllowed' }],
          },
        },
        /** "Leave without saving?" is asked. */
        confirming: {
          tags: ['confirmingLeave'],
          // Nothing unsaved any more (saved meanwhile, or the edits undone): leaving goes on.
          always: { guard: not('isDirty'), target: 'idle', actions: 'emitLeaveAllowed' },
          on: {
            'leave.confirmed': { target: 'idle', actions: 'emitLeaveAllowed' },
            'leave.cancelled': { target: 'idle', actions: 'emitLeaveCancelled' },
          },
        },
      },
    },
  },
});
