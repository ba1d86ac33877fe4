import { assign, emit, setup } from 'xstate';
import { notProvided } from './support/actors';
import { submitWhenValid } from './support/transitions';
import { failureOf, fieldErrorsOf } from './support/errors';
import {
  type GradeDraft,
  type GradeIssues,
  type GradeRequestBody,
  toGradeRequest,
  validateGrade,
} from './grading.form';
import type { Schema } from './support/contract';

/**
 * Submissions and grading of one session (product.md#screens "assignment submissions and grading", #states every
 * asynchronous action goes in progress → success | failure, #calls `GET /sessions/{id}/submissions`,
 * `PATCH /submissions/{id} {grade, comment}`, #messages toasts). Pure: no fetch, router or toast.
 *
 *   loading ─done─▶ loaded.idle ; ─error─▶ failed ('Cannot get Submissions!')
 *   failed ─submissions.retried─▶ loading
 *   loaded.idle | loaded.saved ─submissions.reloaded─▶ loading
 *   loaded.idle | loaded.saved ─grading.opened{submissionId}─▶ loaded.editing   (a dialog; unknown ids are ignored)
 *   loaded.editing ─grading.submitted{grade, comment}─▶ loaded.saving          (valid: 0 ≤ grade ≤ points)
 *                  (invalid: stays in editing with the issue codes)
 *   loaded.saving ─done─▶ loaded.saved ('Grade edited!'; the list holds the graded submission, the dialog closes)
 *                 ─error─▶ loaded.failed ('Cannot edit grade!'; the dialog shows the server's message, e.g. the 422)
 *   loaded.failed ─grading.submitted─▶ loaded.saving (valid) | loaded.editing (invalid)
 *   loaded.editing | loaded.failed ─grading.closed─▶ loaded.idle   (nothing can be closed while saving)
 *
 * Tags: `loading`, `dialogOpen` (editing, saving, failed), `saving`.
 * Emitted facts for the UI's toasts: `submissions.failed`, `grade.saved`, `grade.failed`.
 */

export type Submission = Schema<'Submission'>;

export interface GradingInput {
  sessionId: number;
}

export type GradingFailureCode = 'submissions.failed' | 'grade.failed';

export interface GradingFailure {
  code: GradingFailureCode;
  /** HTTP status (0 = no answer). */
  status?: number;
  /** The server's message (e.g. the 422 "The grade cannot exceed the assignment's points"). */
  message?: string;
  /** Server field errors, field → message (`grade`, `comment`). */
  fieldErrors?: Record<string, string>;
}

export interface GradingContext {
  sessionId: number;
  /** Every submission of the session, newest first (all pages). */
  submissions: Submission[];
  loadError: GradingFailure | null;
  /** The submission of the open (or last) grading dialog. */
  target: number | null;
  /** The grading form as last submitted (or as opened: the current grade and comment). */
  draft: GradeDraft;
  /** Client rule failures of the last `grading.submitted`. */
  issues: GradeIssues;
  saveError: GradingFailure | null;
  /** The submission graded last (highlighted in the list). */
  lastSaved: number | null;
}

export type GradingEvent =
  | { type: 'submissions.retried' }
  | { type: 'submissions.reloaded' }
  | { type: 'grading.opened'; submissionId: number }
  | { type: 'grading.submitted'; grade: string; comment: string }
  | { type: 'grading.closed' };

export type GradingEmitted =
  | { type: 'submissions.failed'; error: GradingFailure }
  | { type: 'grade.saved'; submission: Submission }
  | { type: 'grade.failed'; error: GradingFailure };

/** Input of the `gradeSubmission` actor: `PATCH /submissions/{submissionId}` with the body. */
export interface GradeSubmissionInput extends GradeRequestBody {
  submissionId: number;
}

function gradingFailureOf(code: GradingFailureCode, error: unknown): GradingFailure {
  const fields = fieldErrorsOf(error);
  return { ...failureOf(code, error), ...(Object.keys(fields).length ? { fieldErrors: fields } : {}) };
}

const emptyDraft: GradeDraft = { grade: '', comment: '' };

function pointsOf(context: GradingContext): number {
  return context.submissions.find((s) => s.id === context.target)?.points ?? 0;
}

/** The grade and comment of a `grading.submitted`, as typed. */
const draftOf = ({ event }: { event: { grade: string; comment: string } }) => ({
  grade: event.grade,
  comment: event.comment,
});

/** A valid grade is saved (from the dialog, or again after a failure); an invalid one is flagged. */
const GRADE_SUBMIT = {
  guard: 'gradeIsValid',
  target: 'saving',
  assign: 'assignDraft',
  flag: 'flagInvalid',
  fieldsOf: draftOf,
} as const;

/** The submission a `grading.opened` is about. */
const submissionOf = ({ event }: { event: { submissionId: number } }) => ({ submissionId: event.submissionId });

/** No dialog open (before one, or after a save): a submission's dialog opens, or the list reloads. */
const dialogClosed = {
  'grading.opened': {
    guard: { type: 'submissionExists', params: submissionOf },
    target: 'editing',
    actions: { type: 'openDialog', params: submissionOf },
  },
  'submissions.reloaded': { target: '#grading.loading' },
} as const;

export const gradingMachine = setup({
  types: {
    context: {} as GradingContext,
    events: {} as GradingEvent,
    input: {} as GradingInput,
    emitted: {} as GradingEmitted,
    tags: {} as 'loading' | 'dialogOpen' | 'saving',
  },
  actors: {
    /** GET /sessions/{id}/submissions (every page) → the submissions, newest first. */
    loadSubmissions: notProvided<Submission[], { sessionId: number }>(
      'grading',
      'loadSubmissions',
      'createGradingActors',
    ),
    /** PATCH /submissions/{id} {grade, comment} → the graded submission (DONE). */
    gradeSubmission: notProvided<Submission, GradeSubmissionInput>('grading', 'gradeSubmission', 'createGradingActors'),
  },
  actions: {
    assignSubmissions: assign((_, params: { submissions: Submission[] }) => ({
      submissions: params.submissions,
      loadError: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({
      loadError: gradingFailureOf('submissions.failed', params.error),
    })),
    emitLoadFailed: emit(({ context }) => ({
      type: 'submissions.failed' as const,
      error: context.loadError ?? { code: 'submissions.failed' as const },
    })),
    openDialog: assign(({ context }, params: { submissionId: number }) => {
      const submission = context.submissions.find((s) => s.id === params.submissionId);
      return {
        target: params.submissionId,
        draft: {
          grade: submission?.grade === null || submission?.grade === undefined ? '' : String(submission.grade),
          comment: submission?.comment ?? '',
        },
        issues: {},
        saveError: null,
      };
    }),
    assignDraft: assign((_, params: GradeDraft) => ({
      draft: { grade: params.grade, comment: params.comment },
      issues: {},
      saveError: null,
    })),
    flagInvalid: assign(({ context }, params: GradeDraft) => ({
      draft: { grade: params.grade, comment: params.comment },
      issues: validateGrade(params, pointsOf(context)),
      saveError: null,
    })),
    replaceSubmission: assign(({ context }, params: { submission: Submission }) => ({
      submissions: context.submissions.map((s) => (s.id === params.submission.id ? params.submission : s)),
      lastSaved: params.submission.id,
      saveError: null,
    })),
    emitSaved: emit((_, params: { submission: Submission }) => ({
      type: 'grade.saved' as const,
      submission: params.submission,
    })),
    assignSaveFailure: assign((_, params: { error: unknown }) => ({
      saveError: gradingFailureOf('grade.failed', params.error),
    })),
    emitSaveFailed: emit(({ context }) => ({
      type: 'grade.failed' as const,
      error: context.saveError ?? { code: 'grade.failed' as const },
    })),
    closeDialog: assign({ target: null, draft: emptyDraft, issues: {}, saveError: null }),
  },
  guards: {
    submissionExists: ({ context }, params: { submissionId: number }) =>
      context.submissions.some((s) => s.id === params.submissionId),
    gradeIsValid: ({ context }, params: GradeDraft) =>
      Object.keys(validateGrade(params, pointsOf(context))).length === 0,
  },
}).createMachine({
  id: 'grading',
  initial: 'loading',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    submissions: [],
    loadError: null,
    target: null,
    draft: emptyDraft,
    issues: {},
    saveError: null,
    lastSaved: null,
  }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSubmissions',
        src: 'loadSubmissions',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: {
          target: 'loaded',
          actions: { type: 'assignSubmissions', params: ({ event }) => ({ submissions: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) }, 'emitLoadFailed'],
        },
      },
    },
    failed: {
      on: { 'submissions.retried': { target: 'loading' } },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: dialogClosed,
        },
        editing: {
          tags: ['dialogOpen'],
          on: {
            'grading.submitted': submitWhenValid(GRADE_SUBMIT),
            'grading.closed': { target: 'idle', actions: 'closeDialog' },
          },
        },
        saving: {
          tags: ['dialogOpen', 'saving'],
          invoke: {
            id: 'gradeSubmission',
            src: 'gradeSubmission',
            input: ({ context }) => ({ submissionId: context.target!, ...toGradeRequest(context.draft) }),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'replaceSubmission', params: ({ event }) => ({ submission: event.output }) },
                { type: 'emitSaved', params: ({ event }) => ({ submission: event.output }) },
                'closeDialog',
              ],
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
        failed: {
          tags: ['dialogOpen'],
          on: {
            'grading.submitted': submitWhenValid(GRADE_SUBMIT, 'editing'),
            'grading.closed': { target: 'idle', actions: 'closeDialog' },
          },
        },
        saved: {
          on: dialogClosed,
        },
      },
    },
  },
});
