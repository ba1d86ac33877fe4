import { assign, emit, setup } from 'xstate';
import { notProvided } from './support/actors';
import { messageOf, statusOf } from './support/errors';
import { type CheckoutInput, type CheckoutOutput, type PaymentResult, checkoutMachine } from './checkout.machine';
import type { Schema } from './support/contract';

export type { PaymentResult } from './checkout.machine';

/**
 * Enrolling in a session (product.md#states enrollment and its reset, DESIGN #overview enrollment and money).
 * Pure: the HTTP calls are the named actors of `enrollment.actors.ts`; paying is the checkout
 * machine (`checkout.machine.ts`), invoked as the child `checkout` for paid sessions.
 *
 *   checking ─▶ enrolled | full | idle
 *   idle ─enrollment.requested─▶ (free) enrolling
 *                               (paid) checkout ─paid─▶ enrolling ─▶ enrolled
 *                                               ─full─▶ full
 *                                               ─canceled─▶ idle (a seat hold that could not be
 *                                                           released is noted)
 *   enrolling: POST /sessions/{id}/enroll (after a payment it answers 200 with the enrollment the
 *              payment created); 409 ─▶ full; other failures ─▶ failed
 *   failed ─enrollment.retried─▶ the step that failed (checkout: a new checkout; enroll: enrolling)
 *          ─enrollment.cancelled─▶ idle
 *   enrollment.reset (anywhere) ─▶ checking, forgetting the payment, enrollment, error and notice
 *
 * The UI talks to the checkout child directly (`snapshot.children.checkout`). Each checkout run
 * gets its own key seed (`<keySeed>-<run>`), so two runs never share an Idempotency-Key.
 */

export interface EnrollmentSession {
  id: number;
  /** Decimal US dollars; 0 = free. */
  price: number;
  seatsLeft: number;
}

export interface EnrollmentInput {
  session: EnrollmentSession;
  /** The caller is already enrolled (from `SessionInfo.enrollment`). */
  enrolled?: boolean;
  /**
   * Random prefix of the Idempotency-Keys of this machine (checkout run n uses `<seed>-<n>`).
   * Defaults to a random UUID; tests pass a fixed one.
   */
  keySeed?: string;
  /** The checkout starts on the wallet (the learner comes back from topping it up). */
  payWith?: 'wallet';
}

/** What the machine keeps of the contract's `Enrollment`: its id, session and `paidAmount` (integer cents). */
export type EnrollmentResult = Pick<Schema<'Enrollment'>, 'id' | 'sessionId' | 'paidAmount'>;

/** The step that failed; decides where `enrollment.retried` goes. */
export type FailedStep = 'checkout' | 'enroll';

export interface EnrollmentFailure {
  code: 'enrollment.checkoutFailed' | 'enrollment.enrollFailed';
  step: FailedStep;
  /** The server's message, when it sent one. */
  message?: string;
  /** HTTP status (0 = network error). */
  status?: number;
}

/** Something the idle panel tells the learner after a cancelled checkout. */
export interface EnrollmentNotice {
  code: 'enrollment.holdNotReleased';
  /** ISO instant until which the seat stays held, when known. */
  heldUntil: string | null;
}

/**
 * What the machine announces for the panel's toasts (product.md#messages), on the transitions a request
 * takes (not on the initial check of an enrollment that already exists).
 */
export type EnrollmentEmitted =
  | { type: 'enrollment.enrolled' }
  | { type: 'enrollment.full' }
  | { type: 'enrollment.failed'; error: EnrollmentFailure | null };

export interface EnrollmentContext {
  session: EnrollmentSession;
  enrolled: boolean;
  keySeed: string;
  /** The method the checkouts start on (after a wallet top-up), else null: a saved card. */
  payWith: 'wallet' | null;
  /** Checkout runs started (each gets its own key seed). */
  checkoutRun: number;
  /** The successful payment (wallet or card). */
  payment: PaymentResult | null;
  enrollment: EnrollmentResult | null;
  error: EnrollmentFailure | null;
  notice: EnrollmentNotice | null;
}

export type EnrollmentEvent =
  | { type: 'enrollment.requested' }
  | { type: 'enrollment.cancelled' }
  | { type: 'enrollment.retried' }
  | { type: 'enrollment.reset' };

function randomSeed(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export const enrollmentMachine = setup({
  types: {
    context: {} as EnrollmentContext,
    events: {} as EnrollmentEvent,
    input: {} as EnrollmentInput,
    emitted: {} as EnrollmentEmitted,
    children: {} as { checkout: 'checkout' },
    tags: {} as 'loading',
  },
  actors: {
    /** The checkout (provide it with its actors: `createEnrollmentActors`). */
    checkout: checkoutMachine,
    /** POST /sessions/{id}/enroll. */
    enroll: notProvided<EnrollmentResult, { sessionId: number }>('enrollment', 'enroll', 'createEnrollmentActors'),
  },
  actions: {
    startCheckout: assign(({ context }) => ({ checkoutRun: context.checkoutRun + 1, error: null, notice: null })),
    assignPayment: assign((_, params: PaymentResult) => ({ payment: params })),
    assignEnrollment: assign((_, params: EnrollmentResult) => ({ enrollment: params, enrolled: true, error: null })),
    assignFailure: assign((_, params: { code: EnrollmentFailure['code']; step: FailedStep; error?: unknown }) => {
      const status = statusOf(params.error);
      const message = messageOf(params.error);
      return {
        error: {
          code: params.code,
          step: params.step,
          ...(status !== undefined ? { status } : {}),
          ...(message ? { message } : {}),
        },
      };
    }),
    assignCanceled: assign((_, params: CheckoutOutput) => ({
      notice:
        params.outcome === 'canceled' && params.releaseFailed
          ? { code: 'enrollment.holdNotReleased' as const, heldUntil: params.heldUntil }
          : null,
    })),
    markFull: assign(({ context }) => ({ session: { ...context.session, seatsLeft: 0 } })),
    emitEnrolled: emit({ type: 'enrollment.enrolled' as const }),
    emitFull: emit({ type: 'enrollment.full' as const }),
    emitFailed: emit(({ context }) => ({ type: 'enrollment.failed' as const, error: context.error })),
    clearError: assign({ error: null }),
    /** product.md#states resets: enrollment and payment intent. */
    resetWorkflow: assign({ payment: null, enrollment: null, error: null, notice: null }),
  },
  guards: {
    isEnrolled: ({ context }) => context.enrolled,
    isFull: ({ context }) => context.session.seatsLeft <= 0,
    isFree: ({ context }) => context.session.price <= 0,
    checkoutPaid: (_, params: CheckoutOutput) => params.outcome === 'paid',
    checkoutFull: (_, params: CheckoutOutput) => params.outcome === 'full',
    /** 409: the session is full (or the seat was taken meanwhile). */
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    failedAtCheckout: ({ context }) => context.error?.step === 'checkout',
  },
}).createMachine({
  id: 'enrollment',
  initial: 'checking',
  context: ({ input }) => ({
    session: { id: input.session.id, price: input.session.price, seatsLeft: input.session.seatsLeft },
    enrolled: input.enrolled ?? false,
    keySeed: input.keySeed ?? randomSeed(),
    payWith: input.payWith ?? null,
    checkoutRun: 0,
    payment: null,
    enrollment: null,
    error: null,
    notice: null,
  }),
  on: {
    'enrollment.reset': { target: '.checking', actions: 'resetWorkflow' },
  },
  states: {
    checking: {
      always: [{ guard: 'isEnrolled', target: 'enrolled' }, { guard: 'isFull', target: 'full' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'enrollment.requested': [
          { guard: 'isFree', target: 'enrolling', actions: 'resetWorkflow' },
          { target: 'checkout', actions: 'startCheckout' },
        ],
      },
    },
    /** Paying: the checkout machine runs as the child `checkout`. */
    checkout: {
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }): CheckoutInput => ({
          sessionId: context.session.id,
          price: context.session.price,
          keySeed: `${context.keySeed}-${context.checkoutRun}`,
          ...(context.payWith ? { method: context.payWith } : {}),
        }),
        onDone: [
          {
            guard: { type: 'checkoutPaid', params: ({ event }) => event.output },
            target: 'enrolling',
            actions: {
              type: 'assignPayment',
              params: ({ event }) => (event.output as Extract<CheckoutOutput, { outcome: 'paid' }>).payment,
            },
          },
          {
            guard: { type: 'checkoutFull', params: ({ event }) => event.output },
            target: 'full',
            actions: ['markFull', 'emitFull'],
          },
          { target: 'idle', actions: { type: 'assignCanceled', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: [
            {
              type: 'assignFailure',
              params: ({ event }) => ({ code: 'enrollment.checkoutFailed', step: 'checkout', error: event.error }),
            },
            'emitFailed',
          ],
        },
      },
    },
    enrolling: {
      tags: ['loading'],
      invoke: {
        id: 'enroll',
        src: 'enroll',
        input: ({ context }) => ({ sessionId: context.session.id }),
        onDone: {
          target: 'enrolled',
          actions: [{ type: 'assignEnrollment', params: ({ event }) => event.output }, 'emitEnrolled'],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'full',
            actions: ['markFull', 'emitFull'],
          },
          {
            target: 'failed',
            actions: [
              {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'enrollment.enrollFailed', step: 'enroll', error: event.error }),
              },
              'emitFailed',
            ],
          },
        ],
      },
    },
    enrolled: {},
    /** No seat left (waitlist comes later). */
    full: {},
    failed: {
      on: {
        'enrollment.retried': [
          { guard: 'failedAtCheckout', target: 'checkout', actions: 'startCheckout' },
          { target: 'enrolling', actions: 'clearError' },
        ],
        'enrollment.cancelled': { target: 'idle', actions: 'resetWorkflow' },
      },
    },
  },
});
