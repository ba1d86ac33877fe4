import { fieldErrorsOf, messageOf, statusOf } from './support/errors';
import type {
  CheckoutContext,
  CheckoutData,
  CheckoutInput,
  CheckoutFailure,
  CheckoutFailureCode,
  CheckoutMethod,
  CheckoutStep,
  CodeError,
  DiscountRefusal,
  PaymentResult,
} from './checkout.types';

/**
 * The checkout's pure rules (money in cents, open intents, the method to preselect, failures) and the transition
 * lists its payment calls share (checkout.machine.ts).
 */

/** Payment amount in integer cents for an amount in dollars (product.md#limits: price × 100). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** True while a card intent can still be confirmed or must be released. */
export function isOpenIntent(intent: PaymentResult | null): intent is PaymentResult {
  return Boolean(intent && intent.status !== 'succeeded' && intent.status !== 'canceled');
}

function randomSeed(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The context a checkout starts with: nothing loaded, no attempt yet (keys seeded from `input.keySeed` or a random UUID). */
export function initialContext(input: CheckoutInput): CheckoutContext {
  return {
    sessionId: input.sessionId,
    price: input.price,
    keySeed: input.keySeed ?? randomSeed(),
    attempt: 0,
    attemptKey: null,
    quote: null,
    listQuote: null,
    discount: null,
    codeError: null,
    cards: [],
    wallet: null,
    config: null,
    method: input.method === 'wallet' ? { kind: 'wallet' } : null,
    intent: null,
    authResult: null,
    cardError: null,
    error: null,
    releaseFailed: false,
  };
}

/** A failure from whatever an actor threw (an `ApiError`: status, serverMessage) or an intent's last error. */
export function checkoutFailureOf(
  code: CheckoutFailureCode,
  step: CheckoutStep,
  error?: unknown,
  intent?: PaymentResult | null,
): CheckoutFailure {
  const status = statusOf(error);
  const message = messageOf(error) ?? intent?.lastPaymentError?.message ?? undefined;
  const declineCode = intent?.lastPaymentError?.code;
  return {
    code,
    step,
    ...(status !== undefined ? { status } : {}),
    ...(message ? { message } : {}),
    ...(declineCode ? { declineCode } : {}),
  };
}

/** The method to preselect: the current one if still available, else the default card, else the wallet if it covers the total, else a new card. */
export function initialMethod(data: CheckoutData, current: CheckoutMethod | null): CheckoutMethod {
  if (current && (current.kind !== 'card' || data.cards.some((c) => c.id === current.cardId))) return current;
  const card = data.cards.find((c) => c.isDefault) ?? data.cards[0];
  if (card) return { kind: 'card', cardId: card.id };
  if (toCents(data.wallet.balance) >= data.quote.amount) return { kind: 'wallet' };
  return { kind: 'newCard' };
}

const REFUSALS: readonly DiscountRefusal[] = [
  'unknown',
  'notYetValid',
  'expired',
  'exhausted',
  'learnerLimit',
  'otherCompany',
  'wrongCourse',
  'wrongSession',
];

/** The server's reason when it refused a discount code (`errors[0]` = `{path: discountCode, message: reason}`), else null. */
export function codeRefusalOf(error: unknown): DiscountRefusal | null {
  const reason = fieldErrorsOf(error).discountCode;
  return (REFUSALS as readonly string[]).includes(reason ?? '') ? (reason as DiscountRefusal) : null;
}

/** A refused (or failed) code check for the context: the reason (`failed` when the server gave none) and its message. */
export function codeErrorOf(error: unknown): CodeError {
  const message = messageOf(error);
  return { reason: codeRefusalOf(error) ?? 'failed', ...(message ? { message } : {}) };
}

/** No answer (status 0 or none) or a server error (5xx): the call may or may not have taken effect. */
export const unknownOutcome = (error: unknown) => {
  const status = statusOf(error);
  return status === undefined || status === 0 || status >= 500;
};

/** What a failed invoke brings: the actor's error. */
type WithError = { event: { error: unknown } };
/** What a finished payment call brings: the intent it answered. */
type WithIntent = { event: { output: PaymentResult } };

const errorOf = ({ event }: WithError) => ({ error: event.error });
const fail = (code: CheckoutFailureCode, step: CheckoutStep) =>
  ({ type: 'assignFailure', params: ({ event }: WithError) => ({ code, step, error: event.error }) }) as const;

/**
 * The failure paths of a payment call (`onError`), in order: a refused discount code (→ `failed` at 'refused',
 * the code dropped), `first` (409 → the session is `full`; or 402 → the
 * card was declined, failed with `declinedCode`), then no answer / 5xx → `failed` at `unknownStep` (a retry resends
 * the same Idempotency-Key), then any other refusal → `failed` at 'refused', the intent forgotten when
 * `forgetIntent` (the server refused it, so it cannot be confirmed again).
 */
export function paymentCallFailed(
  code: CheckoutFailureCode,
  unknownStep: CheckoutStep,
  first: { full: true } | { declinedCode: CheckoutFailureCode },
  forgetIntent = false,
) {
  const firstPath =
    'full' in first
      ? ({ guard: { type: 'isConflict', params: errorOf }, target: 'full' } as const)
      : ({
          guard: { type: 'isDeclined', params: errorOf },
          target: 'failed',
          actions: fail(first.declinedCode, 'declined'),
        } as const);
  const refused = fail(code, 'refused');
  // A refused discount code (used up meanwhile, expired…): the code is dropped and the full price shown again.
  const codeRefused = {
    guard: { type: 'isCodeRefused', params: errorOf },
    target: 'failed',
    actions: [
      ...(forgetIntent ? (['forgetIntent'] as const) : []),
      { type: 'dropCode', params: errorOf },
      fail('checkout.codeRefused', 'refused'),
    ],
  } as const;
  return [
    codeRefused,
    firstPath,
    { guard: { type: 'outcomeUnknown', params: errorOf }, target: 'failed', actions: fail(code, unknownStep) },
    { target: 'failed', actions: forgetIntent ? (['forgetIntent', refused] as const) : refused },
  ] as const;
}

/**
 * The outcomes of a card intent's answer (`onDone` of confirming and of 3-D Secure): 'succeeded' → `paid`;
 * requires_action → `authenticating`; any other status is a failure (product.md#states) at 'declined', with the
 * intent kept so that it may be confirmed again.
 */
export function cardIntentAnswered(code: CheckoutFailureCode) {
  const keep = { type: 'assignIntent', params: ({ event }: WithIntent) => event.output } as const;
  return [
    {
      guard: { type: 'paymentSucceeded', params: ({ event }: WithIntent) => event.output },
      target: 'paid',
      actions: keep,
    },
    {
      guard: { type: 'requiresAction', params: ({ event }: WithIntent) => event.output },
      target: 'authenticating',
      actions: keep,
    },
    {
      target: 'failed',
      actions: [
        keep,
        {
          type: 'assignFailure',
          params: ({ event }: WithIntent) => ({ code, step: 'declined' as const, intent: event.output }),
        },
      ],
    },
  ] as const;
}
