import { assign, emit, setup, stateIn } from 'xstate';
import { notProvided } from './support/actors';
import { failureOf, type Failure } from './support/errors';
import type { Schema } from './support/contract';

/**
 * A learner's programming lab (docs/classroom.md "Labs"; product.md#states). Two regions:
 *
 * editor — the learner's code, kept on the server as a draft:
 *   loading ─done{draft|null}─▶ ready.saved  (the draft wins over the starter code)
 *           ─error─▶ loadFailed ─draft.retried─▶ loading
 *   ready.saved | ready.failed ─code.changed─▶ ready.dirty   (only while work is idle: the editor is
 *                                                             read-only while busy or confirming)
 *   ready.dirty ─code.changed─▶ ready.dirty (the debounce starts again) ─after DRAFT_DEBOUNCE_MS─▶ ready.saving
 *   ready.saving ─done─▶ ready.saved (or ready.dirty when the code changed meanwhile) ─error─▶ ready.failed
 *   ready.failed ─after DRAFT_RETRY_MS─▶ ready.saving
 *   ready.* ─replace.requested{code, reason}─▶ the confirmation below; confirmed: the code is replaced
 *           (starter code or a past submission's code), the editor is told to show it, and it is saved.
 *
 * work — running and submitting (never both at once):
 *   idle ─run.requested─▶ running (valid code: not blank, ≤ 20 000 characters; else the issue is kept)
 *   idle ─submit.requested─▶ confirmingSubmit ─submit.confirmed─▶ submitting ; ─submit.cancelled─▶ idle
 *   idle ─replace.requested─▶ confirmingReplace ─replace.confirmed─▶ idle ; ─replace.cancelled─▶ idle
 *   running ─done─▶ idle (the run's results) ─error─▶ idle (the failure; emitted for a toast)
 *   submitting ─done─▶ idle (the graded submission; emitted) ─error─▶ idle (the failure; emitted)
 *
 * Run never records anything; Submit is graded on every test. Tags: `busy` (running or submitting:
 * the editor is read-only). Pure: I/O only through the provided actors (lab.actors.ts).
 */

export type Submission = Schema<'Submission'>;
export type CodeRun = Schema<'CodeRun'>;
export type CodeDraft = Schema<'CodeDraft'>;

/** What failed: loading the draft, a run or a submission. */
export type LabFailureCode = 'draft.load' | 'run.failed' | 'submit.failed';
export type LabFailure = Failure<LabFailureCode>;

/** Milliseconds after the last keystroke before the draft is saved. */
export const DRAFT_DEBOUNCE_MS = 1000;
/** Milliseconds before a failed draft save is tried again. */
export const DRAFT_RETRY_MS = 5000;
/** Longest code the server accepts (openapi CodeSubmissionRequest.code). */
export const MAX_CODE_LENGTH = 20_000;

export interface LabInput {
  lessonId: number;
  sessionId: number;
  starterCode: string;
}

/** Why the code cannot be run or submitted: blank, or longer than {@link MAX_CODE_LENGTH}. */
export type CodeIssue = 'empty' | 'tooLong' | null;

export interface LabContext extends LabInput {
  /** The editor's content as the machine knows it. */
  code: string;
  /** The code of the last successful save (or the loaded draft). */
  savedCode: string | null;
  /** When the draft was last saved (ISO), null before any save. */
  savedAt: string | null;
  /** Increases each time the machine replaces the editor's content (the editor shows `code` again). */
  revision: number;
  issue: CodeIssue;
  loadError: LabFailure | null;
  lastRun: CodeRun | null;
  lastSubmission: Submission | null;
  workError: LabFailure | null;
  /** The code offered by a pending replace confirmation and why. */
  pendingReplace: { code: string; reason: 'reset' | 'restore' } | null;
}

export type LabEvent =
  | { type: 'code.changed'; code: string }
  | { type: 'draft.retried' }
  | { type: 'run.requested' }
  | { type: 'submit.requested' }
  | { type: 'submit.confirmed' }
  | { type: 'submit.cancelled' }
  | { type: 'replace.requested'; code: string; reason: 'reset' | 'restore' }
  | { type: 'replace.confirmed' }
  | { type: 'replace.cancelled' };

export type LabEmitted =
  | { type: 'submitted'; submission: Submission }
  | { type: 'run.failed'; error: LabFailure }
  | { type: 'submit.failed'; error: LabFailure };

/** Input of the run and submit actors. */
export interface LabCodeInput {
  lessonId: number;
  sessionId: number;
  code: string;
}

function issueOf(code: string): CodeIssue {
  if (!code.trim()) return 'empty';
  if (code.length > MAX_CODE_LENGTH) return 'tooLong';
  return null;
}

const codeInput = ({ context }: { context: LabContext }): LabCodeInput => ({
  lessonId: context.lessonId,
  sessionId: context.sessionId,
  code: context.code,
});

export const labMachine = setup({
  types: {
    context: {} as LabContext,
    events: {} as LabEvent,
    input: {} as LabInput,
    emitted: {} as LabEmitted,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /assignments/{id}/draft?sessionId → the learner's draft, or null. */
    loadDraft: notProvided<CodeDraft | null, { lessonId: number; sessionId: number }>(
      'lab',
      'loadDraft',
      'createLabActors',
    ),
    /** PUT /assignments/{id}/draft {sessionId, code} → the saved draft. */
    saveDraft: notProvided<CodeDraft, LabCodeInput>('lab', 'saveDraft', 'createLabActors'),
    /** POST /assignments/{id}/run {sessionId, code} → the visible tests' results (nothing recorded). */
    runCode: notProvided<CodeRun, LabCodeInput>('lab', 'runCode', 'createLabActors'),
    /** POST /assignments/{id}/code {sessionId, code} → the graded submission. */
    submitCode: notProvided<Submission, LabCodeInput>('lab', 'submitCode', 'createLabActors'),
  },
  delays: {
    DRAFT_DEBOUNCE_MS,
    DRAFT_RETRY_MS,
  },
  guards: {
    codeIsValid: ({ context }) => issueOf(context.code) === null,
    /** The editor changed while the draft was being saved: what was saved is not what is shown. */
    changedWhileSaving: ({ context }, params: { saved: string }) => context.code !== params.saved,
    /** The code can change only while nothing is running, submitting or waiting for a confirmation. */
    editable: stateIn({ work: 'idle' }),
  },
  actions: {
    assignCode: assign((_, params: { code: string }) => ({ code: params.code })),
    assignLoaded: assign(({ context }, params: { draft: CodeDraft | null }) => ({
      code: params.draft ? params.draft.code : context.starterCode,
      savedCode: params.draft ? params.draft.code : null,
      savedAt: params.draft?.savedAt ?? null,
      revision: context.revision + 1,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: failureOf('draft.load', params.error) })),
    assignSaved: assign((_, params: { draft: CodeDraft }) => ({
      savedCode: params.draft.code,
      savedAt: params.draft.savedAt,
    })),
    flagIssue: assign(({ context }) => ({ issue: issueOf(context.code) })),
    startWork: assign({ issue: null, workError: null }),
    assignRun: assign((_, params: { run: CodeRun }) => ({ lastRun: params.run })),
    assignSubmission: assign((_, params: { submission: Submission }) => ({
      lastSubmission: params.submission,
      lastRun: null,
    })),
    emitSubmitted: emit((_, params: { submission: Submission }) => ({
      type: 'submitted' as const,
      submission: params.submission,
    })),
    assignRunFailure: assign((_, params: { error: unknown }) => ({ workError: failureOf('run.failed', params.error) })),
    assignSubmitFailure: assign((_, params: { error: unknown }) => ({
      workError: failureOf('submit.failed', params.error),
    })),
    emitRunFailed: emit(({ context }) => ({
      type: 'run.failed' as const,
      error: context.workError ?? { code: 'run.failed' as const },
    })),
    emitSubmitFailed: emit(({ context }) => ({
      type: 'submit.failed' as const,
      error: context.workError ?? { code: 'submit.failed' as const },
    })),
    holdReplace: assign((_, params: { code: string; reason: 'reset' | 'restore' }) => ({ pendingReplace: params })),
    dropReplace: assign({ pendingReplace: null }),
    applyReplace: assign(({ context }) => ({
      code: context.pendingReplace?.code ?? context.code,
      revision: context.revision + 1,
      pendingReplace: null,
      issue: null,
    })),
  },
}).createMachine({
  id: 'lab',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    code: input.starterCode,
    savedCode: null,
    savedAt: null,
    revision: 0,
    issue: null,
    loadError: null,
    lastRun: null,
    lastSubmission: null,
    workError: null,
    pendingReplace: null,
  }),
  states: {
    editor: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadDraft',
            src: 'loadDraft',
            input: ({ context }) => ({ lessonId: context.lessonId, sessionId: context.sessionId }),
            onDone: {
              target: 'ready',
              actions: { type: 'assignLoaded', params: ({ event }) => ({ draft: event.output }) },
            },
            onError: {
              target: 'loadFailed',
              actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadFailed: {
          on: { 'draft.retried': { target: 'loading' } },
        },
        ready: {
          initial: 'saved',
          on: {
            'code.changed': {
              guard: 'editable',
              target: '.dirty',
              actions: { type: 'assignCode', params: ({ event }) => event },
            },
            'replace.confirmed': { target: '.dirty', actions: 'applyReplace' },
          },
          states: {
            saved: {},
            dirty: {
              after: { DRAFT_DEBOUNCE_MS: 'saving' },
            },
            saving: {
              on: {
                'code.changed': { guard: 'editable', actions: { type: 'assignCode', params: ({ event }) => event } },
              },
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: codeInput,
                onDone: [
                  {
                    guard: { type: 'changedWhileSaving', params: ({ event }) => ({ saved: event.output.code }) },
                    target: 'dirty',
                    actions: { type: 'assignSaved', params: ({ event }) => ({ draft: event.output }) },
                  },
                  {
                    target: 'saved',
                    actions: { type: 'assignSaved', params: ({ event }) => ({ draft: event.output }) },
                  },
                ],
                onError: { target: 'failed' },
              },
            },
            failed: {
              after: { DRAFT_RETRY_MS: 'saving' },
            },
          },
        },
      },
    },
    work: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'run.requested': [{ guard: 'codeIsValid', target: 'running' }, { actions: 'flagIssue' }],
            'submit.requested': [{ guard: 'codeIsValid', target: 'confirmingSubmit' }, { actions: 'flagIssue' }],
            'replace.requested': {
              target: 'confirmingReplace',
              actions: { type: 'holdReplace', params: ({ event }) => ({ code: event.code, reason: event.reason }) },
            },
          },
        },
        confirmingSubmit: {
          on: {
            'submit.confirmed': { target: 'submitting' },
            'submit.cancelled': { target: 'idle' },
          },
        },
        confirmingReplace: {
          on: {
            'replace.confirmed': { target: 'idle', actions: 'dropReplace' },
            'replace.cancelled': { target: 'idle', actions: 'dropReplace' },
          },
        },
        running: {
          tags: ['busy'],
          entry: 'startWork',
          invoke: {
            id: 'runCode',
            src: 'runCode',
            input: codeInput,
            onDone: { target: 'idle', actions: { type: 'assignRun', params: ({ event }) => ({ run: event.output }) } },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignRunFailure', params: ({ event }) => ({ error: event.error }) }, 'emitRunFailed'],
            },
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'startWork',
          invoke: {
            id: 'submitCode',
            src: 'submitCode',
            input: codeInput,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignSubmission', params: ({ event }) => ({ submission: event.output }) },
                { type: 'emitSubmitted', params: ({ event }) => ({ submission: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignSubmitFailure', params: ({ event }) => ({ error: event.error }) },
                'emitSubmitFailed',
              ],
            },
          },
        },
      },
    },
  },
});
