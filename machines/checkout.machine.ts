import { assign, emit, setup } from 'xstate';
import { notProvided } from './support/actors';
import { statusOf } from './support/errors';
import {
  cardIntentAnswered,
  checkoutFailureOf,
  codeErrorOf,
  codeRefusalOf,
  initialMethod,
  isOpenIntent,
  paymentCallFailed,
  initialContext,
  toCents,
  unknownOutcome,
} from './checkout.transitions';
import type {
  AuthenticateInput,
  CheckoutContext,
  CheckoutData,
  CheckoutEmitted,
  CheckoutEvent,
  CheckoutFailureCode,
  CheckoutInput,
  CheckoutMethod,
  CheckoutOutput,
  CheckoutStep,
  ConfirmIntentInput,
  CreateIntentInput,
  DiscountQuote,
  PaymentResult,
  QuoteCodeInput,
  SavedCard,
  WalletPaymentInput,
} from './checkout.types';

export type * from './checkout.types';
export { isOpenIntent, toCents } from './checkout.transitions';

/**
 * Paying for one session (product.md#entities payment method kinds card | wallet; #states "status 'succeeded' is
 * success, anything else is failure", resets of payment intent and add payment method; #limits amounts × 100;
 * decisions.md Money). Invoked by the enrollment machine for paid sessions; its output tells the parent how it ended.
 * Pure: the HTTP calls are the named actors of `checkout.actors.ts`.
 *
 *   preparing (fee quote + saved cards + wallet + gateway config) ─▶ choosing | loadFailed
 *   choosing ─method.selected─▶ choosing            (saved card | wallet | new card)
 *            ─code.submitted{code}─▶ applyingCode ─▶ choosing (the discounted quote | the refusal shown)
 *            ─code.removed─▶ choosing                (the session's quote again)
 *              (a code is applied or removed only while no card intent is open: an intent keeps its price)
 *            ─card.submitted{token}─▶ addingCard ─▶ choosing (the new card selected | the refusal shown)
 *            ─payment.submitted─▶ (a code made it free) payingWithWallet with amount 0, whatever the method
 *                                 (card)   creatingIntent ─▶ confirming
 *                                 (card, intent still open after a decline) confirming
 *                                 (wallet) payingWithWallet   (an open card intent is released first)
 *   confirming ─succeeded─▶ paid ; ─requires_action─▶ authenticating (3-D Secure) ; ─402 / other─▶ failed
 *   authenticating ─authentication.submitted{succeed|fail}─▶ verifying ─succeeded─▶ paid ; else failed
 *   failed ─checkout.retried─▶ retrying ─▶ the step whose outcome is unknown (SAME Idempotency-Key),
 *                                          confirming again (declined card: a new attempt, new key),
 *                                          or preparing (refused: a fresh quote)
 *          ─method.changed─▶ choosing (only once the outcome is known)
 *   choosing | failed | authenticating ─checkout.cancelled─▶ cancelling (releases the held seat) ─▶ canceled
 *   final states: paid | full | canceled; the machine's output is `CheckoutOutput`.
 *
 * Double submits: `payment.submitted` is only accepted in `choosing`; while an intent is being created, confirmed or
 * authenticated a second click changes nothing. Every press of "Pay" is one attempt with its own Idempotency-Key
 * (`<keySeed>-<attempt>`; card calls add `-intent` / `-confirm` because the server binds a key to one operation); a
 * retry of the same attempt resends the same key, so the server replays the first answer and never charges twice.
 * Money: quote `price/fee/total` and wallet `balance` are dollars; `amount` is cents (round(total × 100)).
 * Discount codes (product.md "Discount codes"): the server prices the code (the fee on the discounted price) and
 * counts its use only when the payment enrolls; a code refused then (409/422 naming `discountCode`) fails the
 * payment at 'refused' and drops the code, so the learner sees the full price and the reason.
 */

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutput,
    emitted: {} as CheckoutEmitted,
    tags: {} as 'loading' | 'choosing' | 'paying' | 'authenticating',
  },
  actors: {
    /** POST /payments/fee {price} + GET /payments/cards + GET /payments/wallets/me + GET /payments/config. */
    prepare: notProvided<CheckoutData, { price: number }>('checkout', 'prepare', 'createCheckoutActors'),
    /** POST /payments/discount-codes/quote {sessionId, code}; 409/422 = the code is refused (reason in errors[0]). */
    quoteCode: notProvided<DiscountQuote, QuoteCodeInput>('checkout', 'quoteCode', 'createCheckoutActors'),
    /** POST /payments/cards {source: token}; 422 = the gateway refused the card. */
    addCard: notProvided<SavedCard, { token: string }>('checkout', 'addCard', 'createCheckoutActors'),
    /** POST /payments/intents {sessionId, amount} + Idempotency-Key; 409 full, 422 amount mismatch. */
    createIntent: notProvided<PaymentResult, CreateIntentInput>('checkout', 'createIntent', 'createCheckoutActors'),
    /** POST /payments/intents/{id}/confirm {paymentMethod} + Idempotency-Key; 402 declined. */
    confirmIntent: notProvided<PaymentResult, ConfirmIntentInput>('checkout', 'confirmIntent', 'createCheckoutActors'),
    /** POST /payments/intents/{id}/authenticate {result} (sandbox 3-D Secure); 402 when it failed. */
    authenticate: notProvided<PaymentResult, AuthenticateInput>('checkout', 'authenticate', 'createCheckoutActors'),
    /** POST /payments/intents/{id}/cancel: releases the held seat. */
    cancelIntent: notProvided<PaymentResult, { intentId: string }>('checkout', 'cancelIntent', 'createCheckoutActors'),
    /** POST /payments/intents/wallet {sessionId, amount} + Idempotency-Key; 409 full, 422 balance. */
    payWithWallet: notProvided<PaymentResult, WalletPaymentInput>('checkout', 'payWithWallet', 'createCheckoutActors'),
  },
  actions: {
    assignPrepared: assign(({ context }, params: CheckoutData) => ({
      quote: params.quote,
      listQuote: params.quote,
      discount: null,
      cards: [...params.cards].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
      wallet: params.wallet,
      config: params.config,
      method: initialMethod(params, context.method),
    })),
    selectMethod: assign((_, params: CheckoutMethod) => ({ method: params, cardError: null })),
    /** The code's quote becomes what the learner pays. */
    assignDiscount: assign((_, params: DiscountQuote) => ({
      quote: {
        price: params.price,
        fee: params.fee,
        total: params.total,
        amount: params.amount,
        currency: params.currency,
      },
      discount: { code: params.code, listPrice: params.listPrice, discount: params.discount },
      codeError: null,
    })),
    assignCodeError: assign((_, params: { error: unknown }) => ({ codeError: codeErrorOf(params.error) })),
    clearCodeError: assign({ codeError: null }),
    /** Back to the session's own quote (the code removed by the learner). */
    removeCode: assign(({ context }) => ({ quote: context.listQuote, discount: null, codeError: null })),
    /** The server refused the code when paying: back to the session's own quote, with the reason. */
    dropCode: assign(({ context }, params: { error: unknown }) => ({
      quote: context.listQuote,
      discount: null,
      codeError: codeErrorOf(params.error),
    })),
    /** The added card joins the list (once) and becomes the chosen method. */
    assignAddedCard: assign(({ context }, params: SavedCard) => ({
      cards: [...context.cards.filter((c) => c.id !== params.id), params],
      method: { kind: 'card', cardId: params.id } as CheckoutMethod,
      cardError: null,
    })),
    assignCardError: assign((_, params: { error: unknown }) => ({
      cardError: checkoutFailureOf(
        statusOf(params.error) === 422 ? 'checkout.cardRefused' : 'checkout.addCardFailed',
        'refused',
        params.error,
      ),
    })),
    clearCardError: assign({ cardError: null }),
    /** A new attempt: a fresh Idempotency-Key, kept while this attempt is retried. */
    startAttempt: assign(({ context }) => ({
      attempt: context.attempt + 1,
      attemptKey: `${context.keySeed}-${context.attempt + 1}`,
      error: null,
      cardError: null,
    })),
    assignIntent: assign((_, params: PaymentResult) => ({ intent: params })),
    /** product.md#states payment intent reset: the intent is gone (released, refused or unknown to the server). */
    forgetIntent: assign({ intent: null, authResult: null }),
    assignAuthResult: assign((_, params: { result: 'succeed' | 'fail' }) => ({ authResult: params.result })),
    assignFailure: assign(
      (
        _,
        params: { code: CheckoutFailureCode; step: CheckoutStep; error?: unknown; intent?: PaymentResult | null },
      ) => ({
        error: checkoutFailureOf(params.code, params.step, params.error, params.intent),
      }),
    ),
    clearError: assign({ error: null }),
    emitLoadFailed: emit(({ context }) => ({ type: 'checkout.loadFailed' as const, error: context.error })),
    emitFailed: emit(({ context }) => ({ type: 'checkout.failed' as const, error: context.error })),
    /** Back to a fresh quote (a refused payment): a new attempt will get a new key. */
    resetForQuote: assign({
      error: null,
      quote: null,
      listQuote: null,
      discount: null,
      intent: null,
      authResult: null,
      cardError: null,
    }),
    markReleaseFailed: assign({ releaseFailed: true }),
  },
  guards: {
    isAvailableMethod: ({ context }, params: CheckoutMethod) =>
      params.kind !== 'card' || context.cards.some((c) => c.id === params.cardId),
    hasToken: (_, params: { token: string }) => params.token.trim().length > 0,
    /** A code may be applied (non-empty) while no card intent is open: an open intent keeps the price it was created with. */
    canApplyCode: ({ context }, params: { code: string }) =>
      params.code.trim().length > 0 && !isOpenIntent(context.intent),
    canRemoveCode: ({ context }) => context.discount !== null && !isOpenIntent(context.intent),
    /** A code took the whole price off: enrolled by the wallet route with nothing to pay (no card, any balance). */
    freeWithCode: ({ context }) => context.discount !== null && context.quote?.amount === 0,
    /** The server refused the discount code (409/422 with `errors[0].path` = discountCode). */
    isCodeRefused: (_, params: { error: unknown }) => codeRefusalOf(params.error) !== null,
    walletCovers: ({ context }) =>
      context.method?.kind === 'wallet' &&
      Boolean(context.quote && context.wallet && toCents(context.wallet.balance) >= context.quote.amount),
    walletCoversWithOpenIntent: ({ context }) =>
      context.method?.kind === 'wallet' &&
      isOpenIntent(context.intent) &&
      Boolean(context.quote && context.wallet && toCents(context.wallet.balance) >= context.quote.amount),
    cardChosen: ({ context }) => context.method?.kind === 'card' && context.quote !== null,
    cardChosenWithOpenIntent: ({ context }) =>
      context.method?.kind === 'card' && context.quote !== null && isOpenIntent(context.intent),
    hasOpenIntent: ({ context }) => isOpenIntent(context.intent),
    /** product.md#states: status 'succeeded' is success, anything else is failure. */
    paymentSucceeded: (_, params: PaymentResult) => params.status === 'succeeded',
    requiresAction: (_, params: PaymentResult) => params.status === 'requires_action',
    /** 409: the session is full (or the learner is already in it). */
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    /** 402: the card was declined; the intent stays open. */
    isDeclined: (_, params: { error: unknown }) => statusOf(params.error) === 402,
    /** No answer or a server error: the payment may or may not have happened. */
    outcomeUnknown: (_, params: { error: unknown }) => unknownOutcome(params.error),
    /** The learner may pick another method only once the last call's outcome is known. */
    outcomeKnown: ({ context }) =>
      context.error?.step === 'declined' || context.error?.step === 'refused' || context.error?.step === 'release',
    failedAt: ({ context }, params: { step: CheckoutStep }) => context.error?.step === params.step,
    canRetryDeclined: ({ context }) =>
      context.error?.step === 'declined' && context.method?.kind === 'card' && isOpenIntent(context.intent),
  },
}).createMachine({
  id: 'checkout',
  initial: 'preparing',
  context: ({ input }) => initialContext(input),
  output: ({ event }) => (event as unknown as { output: CheckoutOutput }).output,
  states: {
    preparing: {
      tags: ['loading'],
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => ({ price: context.price }),
        onDone: { target: 'choosing', actions: { type: 'assignPrepared', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'assignFailure',
            params: ({ event }) => ({ code: 'checkout.loadFailed', step: 'load', error: event.error }),
          },
        },
      },
    },
    loadFailed: {
      entry: 'emitLoadFailed',
      on: {
        'checkout.retried': { target: 'preparing', actions: 'clearError' },
        'checkout.cancelled': { target: 'canceled' },
      },
    },
    choosing: {
      tags: ['choosing'],
      on: {
        'method.selected': {
          guard: { type: 'isAvailableMethod', params: ({ event }) => event.method },
          actions: { type: 'selectMethod', params: ({ event }) => event.method },
        },
        'card.submitted': {
          guard: { type: 'hasToken', params: ({ event }) => ({ token: event.token }) },
          target: 'addingCard',
          actions: 'clearCardError',
        },
        'code.submitted': {
          guard: { type: 'canApplyCode', params: ({ event }) => ({ code: event.code }) },
          target: 'applyingCode',
          actions: 'clearCodeError',
        },
        'code.removed': { guard: 'canRemoveCode', actions: 'removeCode' },
        'payment.submitted': [
          { guard: 'freeWithCode', target: 'payingWithWallet', actions: 'startAttempt' },
          // A wallet payment after a declined card: the card intent's seat is released first.
          { guard: 'walletCoversWithOpenIntent', target: 'releasingIntent', actions: 'startAttempt' },
          { guard: 'walletCovers', target: 'payingWithWallet', actions: 'startAttempt' },
          // The intent survived a decline: confirm it again with the chosen card.
          { guard: 'cardChosenWithOpenIntent', target: 'confirming', actions: 'startAttempt' },
          { guard: 'cardChosen', target: 'creatingIntent', actions: 'startAttempt' },
        ],
        'checkout.cancelled': [{ guard: 'hasOpenIntent', target: 'cancelling' }, { target: 'canceled' }],
      },
    },
    addingCard: {
      tags: ['choosing', 'loading'],
      invoke: {
        id: 'addCard',
        src: 'addCard',
        input: ({ event }) => ({ token: event.type === 'card.submitted' ? event.token.trim() : '' }),
        onDone: { target: 'choosing', actions: { type: 'assignAddedCard', params: ({ event }) => event.output } },
        onError: {
          target: 'choosing',
          actions: { type: 'assignCardError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    applyingCode: {
      tags: ['choosing', 'loading'],
      invoke: {
        id: 'quoteCode',
        src: 'quoteCode',
        input: ({ context, event }) => ({
          sessionId: context.sessionId,
          code: event.type === 'code.submitted' ? event.code.trim() : '',
        }),
        onDone: { target: 'choosing', actions: { type: 'assignDiscount', params: ({ event }) => event.output } },
        onError: {
          target: 'choosing',
          actions: { type: 'assignCodeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    releasingIntent: {
      tags: ['paying', 'loading'],
      invoke: {
        id: 'releaseIntent',
        src: 'cancelIntent',
        input: ({ context }) => ({ intentId: context.intent?.id ?? '' }),
        onDone: { target: 'payingWithWallet', actions: 'forgetIntent' },
        onError: {
          target: 'failed',
          actions: {
            type: 'assignFailure',
            params: ({ event }) => ({ code: 'checkout.releaseFailed', step: 'release', error: event.error }),
          },
        },
      },
    },
    payingWithWallet: {
      tags: ['paying', 'loading'],
      invoke: {
        id: 'payWithWallet',
        src: 'payWithWallet',
        input: ({ context }) => ({
          sessionId: context.sessionId,
          amount: context.quote ? context.quote.amount || toCents(context.quote.total) : 0,
          idempotencyKey: context.attemptKey ?? `${context.keySeed}-${context.attempt}`,
          ...(context.discount ? { discountCode: context.discount.code } : {}),
        }),
        onDone: [
          {
            guard: { type: 'paymentSucceeded', params: ({ event }) => event.output },
            target: 'paid',
            actions: { type: 'assignIntent', params: ({ event }) => event.output },
          },
          {
            // Not kept as `intent`: a wallet payment holds no seat and is never confirmed or cancelled.
            target: 'failed',
            actions: {
              type: 'assignFailure',
              params: ({ event }) => ({ code: 'checkout.walletFailed', step: 'refused', intent: event.output }),
            },
          },
        ],
        onError: paymentCallFailed('checkout.walletFailed', 'walletUnknown', { full: true }),
      },
    },
    creatingIntent: {
      tags: ['paying', 'loading'],
      invoke: {
        id: 'createIntent',
        src: 'createIntent',
        input: ({ context }) => ({
          sessionId: context.sessionId,
          amount: context.quote ? context.quote.amount || toCents(context.quote.total) : 0,
          idempotencyKey: `${context.attemptKey ?? `${context.keySeed}-${context.attempt}`}-intent`,
          ...(context.discount ? { discountCode: context.discount.code } : {}),
        }),
        onDone: { target: 'confirming', actions: { type: 'assignIntent', params: ({ event }) => event.output } },
        onError: paymentCallFailed('checkout.intentFailed', 'intentUnknown', { full: true }),
      },
    },
    confirming: {
      tags: ['paying', 'loading'],
      invoke: {
        id: 'confirmIntent',
        src: 'confirmIntent',
        input: ({ context }) => ({
          intentId: context.intent?.id ?? '',
          paymentMethod: context.method?.kind === 'card' ? context.method.cardId : '',
          idempotencyKey: `${context.attemptKey ?? `${context.keySeed}-${context.attempt}`}-confirm`,
        }),
        onDone: cardIntentAnswered('checkout.paymentFailed'),
        onError: paymentCallFailed(
          'checkout.paymentFailed',
          'confirmUnknown',
          { declinedCode: 'checkout.cardDeclined' },
          true,
        ),
      },
    },
    /** The bank's 3-D Secure step (a dialog in sandbox mode). */
    authenticating: {
      tags: ['authenticating'],
      on: {
        'authentication.submitted': {
          target: 'verifying',
          actions: { type: 'assignAuthResult', params: ({ event }) => ({ result: event.result }) },
        },
        'checkout.cancelled': { target: 'cancelling' },
      },
    },
    verifying: {
      tags: ['authenticating', 'loading'],
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ intentId: context.intent?.id ?? '', result: context.authResult ?? 'fail' }),
        onDone: cardIntentAnswered('checkout.authenticationFailed'),
        onError: paymentCallFailed(
          'checkout.authenticationFailed',
          'authUnknown',
          { declinedCode: 'checkout.authenticationFailed' },
          true,
        ),
      },
    },
    failed: {
      entry: 'emitFailed',
      on: {
        'checkout.retried': { target: 'retrying' },
        'method.changed': { guard: 'outcomeKnown', target: 'choosing', actions: 'clearError' },
        'checkout.cancelled': [{ guard: 'hasOpenIntent', target: 'cancelling' }, { target: 'canceled' }],
      },
    },
    /** Goes back to the step that failed. */
    retrying: {
      always: [
        // Same attempt, same Idempotency-Key: the server replays the first answer.
        {
          guard: { type: 'failedAt', params: { step: 'intentUnknown' } },
          target: 'creatingIntent',
          actions: 'clearError',
        },
        {
          guard: { type: 'failedAt', params: { step: 'confirmUnknown' } },
          target: 'confirming',
          actions: 'clearError',
        },
        { guard: { type: 'failedAt', params: { step: 'authUnknown' } }, target: 'verifying', actions: 'clearError' },
        {
          guard: { type: 'failedAt', params: { step: 'walletUnknown' } },
          target: 'payingWithWallet',
          actions: 'clearError',
        },
        { guard: { type: 'failedAt', params: { step: 'release' } }, target: 'releasingIntent', actions: 'clearError' },
        // A declined card: a new attempt (new key) on the same open intent.
        { guard: 'canRetryDeclined', target: 'confirming', actions: 'startAttempt' },
        // Refused: start over with a fresh quote, cards and balance.
        { target: 'preparing', actions: 'resetForQuote' },
      ],
    },
    /** product.md#states payment intent reset: the open intent is cancelled so its seat is released at once. */
    cancelling: {
      tags: ['loading'],
      invoke: {
        id: 'cancelIntent',
        src: 'cancelIntent',
        input: ({ context }) => ({ intentId: context.intent?.id ?? '' }),
        onDone: { target: 'canceled', actions: 'forgetIntent' },
        // The hold expires by itself (config.holdMinutes); the parent tells the learner.
        onError: { target: 'canceled', actions: 'markReleaseFailed' },
      },
    },
    paid: {
      type: 'final',
      output: ({ context }) => ({ outcome: 'paid' as const, payment: context.intent! }),
    },
    full: {
      type: 'final',
      output: () => ({ outcome: 'full' as const }),
    },
    canceled: {
      type: 'final',
      output: ({ context }) => ({
        outcome: 'canceled' as const,
        releaseFailed: context.releaseFailed,
        heldUntil: context.releaseFailed ? (context.intent?.expiresAt ?? null) : null,
      }),
    },
  },
});
