import { assign, setup } from 'xstate';
import { notProvided } from './support/actors';
import { type Failure, failureOf } from './support/errors';

/**
 * The public verification of a certificate (docs/product.md "Certificates"): the page at
 * `/certificates/{id}` reads the signed credential and checks, in the browser, its signature
 * against the platform's published keys and its bit in the revocation status list. An admin may
 * revoke it from there, with a reason; the page then checks again.
 *
 *   verifying ─▶ valid | revoked | invalid     (the `verify` actor's verdict)
 *       └─ error ─▶ failed ─retry─▶ verifying  (the keys or the list could not be read)
 *   valid ─revoke.requested─▶ revoking ─▶ verifying   (error: back to valid with the failure)
 *
 * Pure: the reading and the cryptography are the `verify` actor, the revocation the `revoke`
 * actor (certificate-verification.actors.ts).
 */

/** What a verified credential says, for the page (dates 'YYYY-MM-DD'; `hours` of live instruction). */
export interface CertificateView {
  learnerName: string;
  courseTitle: string;
  startDate: string;
  endDate: string;
  hours: number;
  skills: string[];
  educatorName: string;
  issuerName: string;
  /** 'YYYY-MM-DD'. */
  issuedOn: string;
  /** The credential's id: its verification page's URL. */
  url: string;
}

/**
 * The verdict: VALID (signature and status good), REVOKED (signature good, status bit set) or
 * INVALID (unknown certificate, altered or not signed by a published key); `credential` is what a
 * good signature vouches for (null when INVALID), `jwt` the credential as read (for download).
 */
export interface Verification {
  status: 'VALID' | 'REVOKED' | 'INVALID';
  credential: CertificateView | null;
  jwt: string | null;
}

export type VerificationFailure = Failure<'verify.failed' | 'revoke.failed'>;

export interface VerificationContext {
  id: string;
  verification: Verification | null;
  error: VerificationFailure | null;
}

export type VerificationEvent = { type: 'retry' } | { type: 'revoke.requested'; reason: string };

export const certificateVerificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as { id: string },
    tags: {} as 'busy',
  },
  actors: {
    /** Reads and checks the certificate. Rejects only when it could not be checked (network, 5xx). */
    verify: notProvided<Verification, { id: string }>(
      'certificate-verification',
      'verify',
      'createCertificateVerificationActors',
    ),
    /** POST /certificates/{id}/revoke {reason} (admins). */
    revoke: notProvided<unknown, { id: string; reason: string }>(
      'certificate-verification',
      'revoke',
      'createCertificateVerificationActors',
    ),
  },
  actions: {
    assignVerification: assign((_, params: Verification) => ({ verification: params, error: null })),
    assignFailure: assign((_, params: { code: VerificationFailure['code']; error: unknown }) => ({
      error: failureOf(params.code, params.error),
    })),
    clearError: assign({ error: null }),
  },
  guards: {
    isValid: (_, params: Verification) => params.status === 'VALID',
    isRevoked: (_, params: Verification) => params.status === 'REVOKED',
    hasReason: (_, params: { reason: string }) => params.reason.trim().length > 0,
  },
}).createMachine({
  id: 'certificateVerification',
  initial: 'verifying',
  context: ({ input }) => ({ id: input.id, verification: null, error: null }),
  states: {
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isValid', params: ({ event }) => event.output },
            target: 'valid',
            actions: { type: 'assignVerification', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isRevoked', params: ({ event }) => event.output },
            target: 'revoked',
            actions: { type: 'assignVerification', params: ({ event }) => event.output },
          },
          { target: 'invalid', actions: { type: 'assignVerification', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'verify.failed', error: event.error }) },
        },
      },
    },
    valid: {
      on: {
        'revoke.requested': {
          guard: { type: 'hasReason', params: ({ event }) => ({ reason: event.reason }) },
          target: 'revoking',
          actions: 'clearError',
        },
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context, event }) => ({
          id: context.id,
          reason: event.type === 'revoke.requested' ? event.reason.trim() : '',
        }),
        onDone: { target: 'verifying' },
        onError: {
          target: 'valid',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'revoke.failed', error: event.error }) },
        },
      },
    },
    revoked: {},
    invalid: {},
    failed: {
      on: { retry: { target: 'verifying', actions: 'clearError' } },
    },
  },
});
