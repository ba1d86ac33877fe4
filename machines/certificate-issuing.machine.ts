import { assign, setup } from 'xstate';
import { notProvided } from './support/actors';
import { type Failure, failureOf } from './support/errors';
import type { Schema } from './support/contract';

/**
 * The educator's review of a finished session's certificates (docs/product.md "Certificates"):
 * load the review, change the session's rule, then issue (with the exceptions and their reasons).
 *
 *   loading ─▶ ready ─rule.saved─▶ savingRule ─▶ ready      (error: ready with the failure)
 *     │          └────issue.requested─▶ issuing ─▶ ready    (notice 'issued'; error: ready with the failure)
 *     └─ error ─▶ failed ─retry─▶ loading
 *
 * Pure: the calls are the `load`, `saveRule` and `issue` actors (certificate-issuing.actors.ts).
 */

export type CertificateReview = Schema<'CertificateReview'>;
export type CertificateRule = Schema<'CertificateRule'>;
export type CertificateDecision = Schema<'CertificateDecision'>;
export type IssuingFailure = Failure<'load.failed' | 'rule.failed' | 'issue.failed'>;

export interface IssuingContext {
  sessionId: number;
  review: CertificateReview | null;
  error: IssuingFailure | null;
  /** What the last successful step did, for a confirmation; cleared by the next step. */
  notice: 'issued' | 'ruleSaved' | null;
}

export type IssuingEvent =
  | { type: 'retry' }
  | { type: 'rule.saved'; rule: CertificateRule }
  | { type: 'issue.requested'; decisions: CertificateDecision[] };

export const certificateIssuingMachine = setup({
  types: {
    context: {} as IssuingContext,
    events: {} as IssuingEvent,
    input: {} as { sessionId: number },
    tags: {} as 'busy',
  },
  actors: {
    load: notProvided<CertificateReview, { sessionId: number }>(
      'certificate-issuing',
      'load',
      'createCertificateIssuingActors',
    ),
    saveRule: notProvided<CertificateReview, { sessionId: number; rule: CertificateRule }>(
      'certificate-issuing',
      'saveRule',
      'createCertificateIssuingActors',
    ),
    issue: notProvided<CertificateReview, { sessionId: number; decisions: CertificateDecision[] }>(
      'certificate-issuing',
      'issue',
      'createCertificateIssuingActors',
    ),
  },
  actions: {
    assignReview: assign((_, params: { review: CertificateReview; notice: IssuingContext['notice'] }) => ({
      review: params.review,
      notice: params.notice,
      error: null,
    })),
    assignFailure: assign((_, params: { code: IssuingFailure['code']; error: unknown }) => ({
      error: failureOf(params.code, params.error),
      notice: null,
    })),
    clear: assign({ error: null, notice: null }),
  },
  guards: {
    ended: ({ context }) => context.review?.ended === true,
  },
}).createMachine({
  id: 'certificateIssuing',
  initial: 'loading',
  context: ({ input }) => ({ sessionId: input.sessionId, review: null, error: null, notice: null }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignReview', params: ({ event }) => ({ review: event.output, notice: null }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'load.failed', error: event.error }) },
        },
      },
    },
    ready: {
      on: {
        'rule.saved': { target: 'savingRule', actions: 'clear' },
        // Only a finished session's certificates can be issued.
        'issue.requested': { guard: 'ended', target: 'issuing', actions: 'clear' },
      },
    },
    savingRule: {
      tags: ['busy'],
      invoke: {
        id: 'saveRule',
        src: 'saveRule',
        input: ({ context, event }) => ({
          sessionId: context.sessionId,
          rule: event.type === 'rule.saved' ? event.rule : { minAttendance: 0, minGrade: 0 },
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignReview', params: ({ event }) => ({ review: event.output, notice: 'ruleSaved' }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'rule.failed', error: event.error }) },
        },
      },
    },
    issuing: {
      tags: ['busy'],
      invoke: {
        id: 'issue',
        src: 'issue',
        input: ({ context, event }) => ({
          sessionId: context.sessionId,
          decisions: event.type === 'issue.requested' ? event.decisions : [],
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignReview', params: ({ event }) => ({ review: event.output, notice: 'issued' }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'issue.failed', error: event.error }) },
        },
      },
    },
    failed: {
      on: { retry: { target: 'loading', actions: 'clear' } },
    },
  },
});
