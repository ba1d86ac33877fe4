import { assign, emit, setup } from 'xstate';
import type { Schema } from './support/contract';
import { notProvided } from './support/actors';
import { type Failure, failureOf } from './support/errors';

/**
 * A session's gradebook as its educator edits it (/dashboard/sessions/$sessionId/gradebook;
 * docs/classroom.md "Gradebook"):
 *
 *   loading ─done─▶ viewing ; ─error─▶ failed ─retry─▶ loading
 *   viewing ─edit─▶ editing (draft = the weights in force)
 *   editing ─weight.changed{lessonId, value}─▶ editing (draft updated)
 *   editing ─save [draft valid]─▶ saving ; ─save [invalid]─▶ editing (showErrors)
 *   editing ─equal─▶ saving (an empty list: back to equal weights; the draft is kept for a failure)
 *   editing ─cancel─▶ viewing (draft dropped)
 *   saving ─done─▶ viewing (the new book; emits `weights.saved`) ; ─error─▶ editing (saveError; emits `weights.failed`)
 *   viewing ─export─▶ exporting ─done─▶ viewing (emits `exported`) ; ─error─▶ viewing (exportError; emits `export.failed`)
 *
 * Weights are percentages; the draft keeps the texts typed (so "12." stays while typing) and
 * {@link draftProblem} says why it cannot be saved. No I/O here: the load, the save and the CSV
 * download are injected actors (`createGradebookActors`).
 */

export type Gradebook = Schema<'Gradebook'>;
export type GradebookWeight = Schema<'GradebookWeight'>;

export interface GradebookInput {
  sessionId: number;
  /** The language of the CSV's column titles. */
  lang: 'en' | 'ar';
}

export type GradebookFailure = Failure<'gradebook.failed' | 'weights.failed' | 'export.failed'>;

/** Why a draft cannot be saved: a weight that is not a number 0–100 with ≤ 2 decimals, or a sum other than 100. */
export type DraftProblem = 'weights.invalid' | 'weights.sum' | null;

export interface GradebookContext {
  sessionId: number;
  lang: 'en' | 'ar';
  book: Gradebook | null;
  error: GradebookFailure | null;
  /** The weights being edited: lesson id → the text typed. */
  draft: Record<number, string>;
  /** True once a save of an invalid draft was tried (the form then shows the problem). */
  showErrors: boolean;
  /** True when the save under way goes back to equal weights (an empty list) rather than the draft. */
  equalRequested: boolean;
  saveError: GradebookFailure | null;
  exportError: GradebookFailure | null;
}

export type GradebookEvent =
  | { type: 'retry' }
  | { type: 'edit' }
  | { type: 'weight.changed'; lessonId: number; value: string }
  | { type: 'save' }
  | { type: 'equal' }
  | { type: 'cancel' }
  | { type: 'export' };

export type GradebookEmitted =
  | { type: 'weights.saved' }
  | { type: 'weights.failed'; error: GradebookFailure }
  | { type: 'exported' }
  | { type: 'export.failed' };

/** A weight text as hundredths of a percent, or null when it is not a number 0–100 with at most two decimals. */
export function weightHundredths(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(trimmed)) return null;
  const hundredths = Math.round(Number(trimmed) * 100);
  return hundredths <= 10_000 ? hundredths : null;
}

/** The sum of a draft's weights in percent (invalid entries count 0). */
export function draftSum(draft: Record<number, string>): number {
  return Object.values(draft).reduce((sum, text) => sum + (weightHundredths(text) ?? 0), 0) / 100;
}

/** Why the draft cannot be saved, or null: every weight a number 0–100 (two decimals), adding up to 100. */
export function draftProblem(draft: Record<number, string>): DraftProblem {
  const values = Object.values(draft).map(weightHundredths);
  if (values.some((v) => v === null)) return 'weights.invalid';
  return values.reduce<number>((a, b) => a + b!, 0) === 10_000 ? null : 'weights.sum';
}

/** The draft as the request's weights, in the items' order. */
export function draftWeights(draft: Record<number, string>): GradebookWeight[] {
  return Object.entries(draft).map(([lessonId, text]) => ({
    lessonId: Number(lessonId),
    weight: (weightHundredths(text) ?? 0) / 100,
  }));
}

export const gradebookMachine = setup({
  types: {
    context: {} as GradebookContext,
    events: {} as GradebookEvent,
    input: {} as GradebookInput,
    emitted: {} as GradebookEmitted,
    tags: {} as 'loading' | 'saving' | 'exporting',
  },
  actors: {
    /** GET /sessions/{id}/gradebook → the book. */
    loadGradebook: notProvided<Gradebook, { sessionId: number }>('gradebook', 'loadGradebook', 'createGradebookActors'),
    /** PUT /sessions/{id}/gradebook/weights {weights} → the book with the new totals. */
    saveWeights: notProvided<Gradebook, { sessionId: number; weights: GradebookWeight[] }>(
      'gradebook',
      'saveWeights',
      'createGradebookActors',
    ),
    /** GET /sessions/{id}/gradebook.csv?lang, saved by the browser as a file. */
    exportCsv: notProvided<void, { sessionId: number; lang: 'en' | 'ar' }>(
      'gradebook',
      'exportCsv',
      'createGradebookActors',
    ),
  },
  actions: {
    assignBook: assign((_, params: { book: Gradebook }) => ({ book: params.book, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf('gradebook.failed', params.error) })),
    startDraft: assign(({ context }) => ({
      draft: Object.fromEntries((context.book?.items ?? []).map((i) => [i.lessonId, String(i.weight)])),
      showErrors: false,
      saveError: null,
    })),
    changeWeight: assign(({ context }, params: { lessonId: number; value: string }) => ({
      draft: { ...context.draft, [params.lessonId]: params.value },
    })),
    flagErrors: assign({ showErrors: true }),
    choose: assign((_, params: { equal: boolean }) => ({ equalRequested: params.equal, saveError: null })),
    dropDraft: assign({ draft: {}, showErrors: false, saveError: null }),
    assignSaveError: assign((_, params: { error: unknown }) => ({
      saveError: failureOf('weights.failed', params.error),
    })),
    emitSaved: emit({ type: 'weights.saved' as const }),
    emitSaveFailed: emit(({ context }) => ({ type: 'weights.failed' as const, error: context.saveError! })),
    clearExportError: assign({ exportError: null }),
    assignExportError: assign((_, params: { error: unknown }) => ({
      exportError: failureOf('export.failed', params.error),
    })),
    emitExported: emit({ type: 'exported' as const }),
    emitExportFailed: emit({ type: 'export.failed' as const }),
  },
  guards: {
    draftValid: ({ context }) => draftProblem(context.draft) === null,
  },
}).createMachine({
  id: 'gradebook',
  initial: 'loading',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    lang: input.lang,
    book: null,
    error: null,
    draft: {},
    showErrors: false,
    equalRequested: false,
    saveError: null,
    exportError: null,
  }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadGradebook',
        src: 'loadGradebook',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: { target: 'viewing', actions: { type: 'assignBook', params: ({ event }) => ({ book: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { retry: 'loading' } },
    viewing: {
      on: {
        edit: { target: 'editing', actions: 'startDraft' },
        export: { target: 'exporting', actions: 'clearExportError' },
      },
    },
    editing: {
      on: {
        'weight.changed': {
          actions: {
            type: 'changeWeight',
            params: ({ event }) => ({ lessonId: event.lessonId, value: event.value }),
          },
        },
        save: [
          { guard: 'draftValid', target: 'saving', actions: { type: 'choose', params: { equal: false } } },
          { actions: 'flagErrors' },
        ],
        equal: { target: 'saving', actions: { type: 'choose', params: { equal: true } } },
        cancel: { target: 'viewing', actions: 'dropDraft' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveWeights',
        src: 'saveWeights',
        input: ({ context }) => ({
          sessionId: context.sessionId,
          weights: context.equalRequested ? [] : draftWeights(context.draft),
        }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'assignBook', params: ({ event }) => ({ book: event.output }) }, 'dropDraft', 'emitSaved'],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) }, 'emitSaveFailed'],
        },
      },
    },
    exporting: {
      tags: ['exporting'],
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context }) => ({ sessionId: context.sessionId, lang: context.lang }),
        onDone: { target: 'viewing', actions: 'emitExported' },
        onError: {
          target: 'viewing',
          actions: [{ type: 'assignExportError', params: ({ event }) => ({ error: event.error }) }, 'emitExportFailed'],
        },
      },
    },
  },
});
