import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutContext,
  type CheckoutData,
  type CheckoutInput,
  type PaymentResult,
  checkoutMachine,
  isOpenIntent,
  toCents,
} from '@machines/checkout.machine';
import { describeModelBased, pendingActors } from './model';

const SEED = 'seed';
const quote = { price: 149, fee: 7.95, total: 156.95, amount: 15695, currency: 'USD' as const };
const visa = { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };
const added = { id: 'pm_new', brand: 'visa', last4: '3155', expMonth: 12, expYear: 2031, isDefault: false };
const config = {
  gateway: 'sandbox' as const,
  publishableKey: null,
  holdMinutes: 15,
  testCards: [{ token: 'tok_visa', brand: 'visa', last4: '4242', outcome: 'succeeds' as const }],
};
const data: CheckoutData = { quote, cards: [visa], wallet: { balance: 200, currency: 'USD' }, config };

const intent = (status: PaymentResult['status'], extra: Partial<PaymentResult> = {}): PaymentResult => ({
  id: 'pi_1',
  status,
  amount: 15695,
  enrollmentId: status === 'succeeded' ? 301 : null,
  expiresAt: status === 'succeeded' ? null : '2031-03-01T10:15:00Z',
  nextAction: status === 'requires_action' ? { type: 'three_d_secure', url: '/3ds/pi_1' } : null,
  lastPaymentError: null,
  ...extra,
});
const declined = intent('requires_payment_method', {
  lastPaymentError: { code: 'card_declined', message: 'Your card was declined.' },
});
const authFailed = intent('requires_payment_method', {
  lastPaymentError: { code: 'authentication_failed', message: 'The 3-D Secure authentication failed.' },
});

const twenty = {
  code: 'WELCOME20',
  listPrice: 149,
  discount: 29.8,
  price: 119.2,
  fee: 6.46,
  total: 125.66,
  amount: 12566,
  currency: 'USD' as const,
};
const free = { ...twenty, code: 'FREE100', discount: 149, price: 0, fee: 0, total: 0, amount: 0 };
const exhausted = {
  status: 409,
  serverMessage: 'This discount code has been used up',
  fieldErrors: { discountCode: 'exhausted' },
};

const events: AnyEventObject[] = [
  { type: 'code.submitted', code: ' welcome20 ' },
  { type: 'code.submitted', code: '   ' },
  { type: 'code.removed' },
  { type: 'xstate.done.actor.quoteCode', output: twenty },
  { type: 'xstate.done.actor.quoteCode', output: free },
  {
    type: 'xstate.error.actor.quoteCode',
    error: { status: 422, serverMessage: 'This discount code has expired', fieldErrors: { discountCode: 'expired' } },
  },
  { type: 'xstate.error.actor.payWithWallet', error: exhausted },
  { type: 'xstate.error.actor.createIntent', error: exhausted },
  { type: 'xstate.error.actor.confirmIntent', error: exhausted },
  { type: 'xstate.error.actor.authenticate', error: exhausted },
  { type: 'xstate.done.actor.prepare', output: data },
  { type: 'xstate.error.actor.prepare', error: { status: 503, serverMessage: 'Try later' } },
  { type: 'method.selected', method: { kind: 'card', cardId: 'pm_visa' } },
  { type: 'method.selected', method: { kind: 'wallet' } },
  { type: 'method.selected', method: { kind: 'newCard' } },
  { type: 'method.selected', method: { kind: 'card', cardId: 'pm_unknown' } },
  { type: 'card.submitted', token: 'tok_visa' },
  { type: 'card.submitted', token: '  ' },
  { type: 'xstate.done.actor.addCard', output: added },
  { type: 'xstate.error.actor.addCard', error: { status: 422, serverMessage: 'Your card was refused.' } },
  { type: 'payment.submitted' },
  { type: 'xstate.done.actor.createIntent', output: intent('requires_payment_method') },
  { type: 'xstate.error.actor.createIntent', error: { status: 409, serverMessage: 'Session is full' } },
  { type: 'xstate.error.actor.createIntent', error: { status: 0 } },
  { type: 'xstate.error.actor.createIntent', error: { status: 422, serverMessage: 'Amount does not match' } },
  { type: 'xstate.done.actor.confirmIntent', output: intent('succeeded') },
  { type: 'xstate.done.actor.confirmIntent', output: intent('requires_action') },
  { type: 'xstate.done.actor.confirmIntent', output: declined },
  {
    type: 'xstate.error.actor.confirmIntent',
    error: { status: 402, serverMessage: 'Your card has insufficient funds.' },
  },
  { type: 'xstate.error.actor.confirmIntent', error: { status: 502 } },
  { type: 'xstate.error.actor.confirmIntent', error: { status: 404, serverMessage: 'Not found' } },
  { type: 'authentication.submitted', result: 'succeed' },
  { type: 'authentication.submitted', result: 'fail' },
  { type: 'xstate.done.actor.authenticate', output: intent('succeeded') },
  { type: 'xstate.done.actor.authenticate', output: intent('requires_action') },
  { type: 'xstate.done.actor.authenticate', output: authFailed },
  { type: 'xstate.error.actor.authenticate', error: { status: 402, serverMessage: 'Authentication failed' } },
  { type: 'xstate.error.actor.authenticate', error: { status: 0 } },
  { type: 'xstate.error.actor.authenticate', error: { status: 409, serverMessage: 'Intent canceled' } },
  { type: 'xstate.done.actor.cancelIntent', output: intent('canceled') },
  { type: 'xstate.error.actor.cancelIntent', error: { status: 500 } },
  { type: 'xstate.done.actor.releaseIntent', output: intent('canceled') },
  { type: 'xstate.error.actor.releaseIntent', error: { status: 0 } },
  {
    type: 'xstate.done.actor.payWithWallet',
    output: { id: 'pi_w', status: 'succeeded', amount: 15695, enrollmentId: 301 },
  },
  {
    type: 'xstate.done.actor.payWithWallet',
    output: { id: 'pi_w', status: 'processing', amount: 15695, enrollmentId: null },
  },
  { type: 'xstate.error.actor.payWithWallet', error: { status: 409, serverMessage: 'Session is full' } },
  { type: 'xstate.error.actor.payWithWallet', error: { status: 0 } },
  { type: 'xstate.error.actor.payWithWallet', error: { status: 422, serverMessage: 'Insufficient wallet balance' } },
];

const input: CheckoutInput = { sessionId: 41, price: 149, keySeed: SEED };

/**
 * Attempts grow without bound (each press of Pay is a new key): the traversal identifies states
 * without the attempt number, and without messages; the replay still checks every real value.
 */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as CheckoutContext;
  return JSON.stringify({
    value: s.value,
    status: s.status,
    quote: c.quote !== null,
    // The code matters to what can happen next only while the learner chooses (the free path, removing it);
    // once a payment runs it is only an input of the calls, checked on every replayed path.
    discount: s.matches('choosing') ? (c.discount?.code ?? null) : null,
    cards: c.cards.map((card) => card.id),
    method: c.method,
    intent: c.intent ? [c.intent.status, c.intent.lastPaymentError?.code ?? null] : null,
    authResult: c.authResult,
    error: c.error ? [c.error.code, c.error.step] : null,
    cardError: c.cardError?.code ?? null,
    keyed: c.attemptKey !== null,
    releaseFailed: c.releaseFailed,
  });
};

const ACTORS = [
  'prepare',
  'quoteCode',
  'addCard',
  'createIntent',
  'confirmIntent',
  'authenticate',
  'cancelIntent',
  'payWithWallet',
];
const LOADING = [
  'preparing',
  'applyingCode',
  'addingCard',
  'releasingIntent',
  'payingWithWallet',
  'creatingIntent',
  'confirming',
  'verifying',
  'cancelling',
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as CheckoutContext;
  expect(s.hasTag('loading'), String(s.value)).toBe(LOADING.some((v) => s.matches(v)));
  expect(s.matches('retrying')).toBe(false); // transient
  // Double clicks: a payment can only be submitted while choosing.
  if (!s.matches('choosing')) expect(s.can({ type: 'payment.submitted' })).toBe(false);
  if (s.matches('choosing')) {
    expect(c.quote).not.toBeNull();
    expect(c.method).not.toBeNull();
    const covers = c.wallet !== null && toCents(c.wallet.balance) >= c.quote!.amount;
    const free = c.discount !== null && c.quote!.amount === 0;
    expect(s.can({ type: 'payment.submitted' })).toBe(
      free || c.method!.kind === 'card' || (c.method!.kind === 'wallet' && covers),
    );
    // Without a code the learner pays the session's own quote; a code only changes it while no intent is open.
    if (c.discount === null) expect(c.quote).toEqual(c.listQuote);
    expect(s.can({ type: 'code.submitted', code: 'X' })).toBe(!isOpenIntent(c.intent));
  }
  if (s.matches('failed') && c.error?.code === 'checkout.codeRefused') {
    expect(c.discount).toBeNull();
    expect(c.codeError?.reason).toBe('exhausted');
    expect(c.quote).toEqual(c.listQuote);
    if (c.method!.kind === 'card')
      expect(c.cards.map((card) => card.id)).toContain((c.method as { cardId: string }).cardId);
  }
  if (s.hasTag('paying')) {
    expect(c.attempt).toBeGreaterThan(0);
    expect(c.attemptKey).toBe(`${SEED}-${c.attempt}`);
  }
  if (s.hasTag('authenticating') && s.matches('authenticating')) {
    expect(c.intent?.status).toBe('requires_action');
    expect(c.intent?.nextAction?.type).toBe('three_d_secure');
  }
  if (s.matches('failed') || s.matches('loadFailed')) {
    expect(c.error).not.toBeNull();
    expect(s.can({ type: 'checkout.retried' })).toBe(true);
    expect(s.can({ type: 'checkout.cancelled' })).toBe(true);
  }
  if (s.matches('failed')) {
    // Another method only once the outcome is known (never while a charge may have happened).
    expect(s.can({ type: 'method.changed' })).toBe(['declined', 'refused', 'release'].includes(c.error!.step));
  }
  if (s.matches('paid')) {
    expect(s.status).toBe('done');
    expect(s.output).toEqual({ outcome: 'paid', payment: c.intent });
    expect(c.intent!.status).toBe('succeeded');
  }
  if (s.matches('full')) expect(s.output).toEqual({ outcome: 'full' });
  if (s.matches('canceled')) {
    expect(s.output).toMatchObject({ outcome: 'canceled', releaseFailed: c.releaseFailed });
    if (!c.releaseFailed) expect(c.intent === null || !isOpenIntent(c.intent)).toBe(true);
  }
}

describeModelBased(checkoutMachine, {
  name: 'checkout.machine',
  input,
  events,
  serialize: serializeState,
  actors: ACTORS,
  check: ({ snapshot, event }) => {
    checkState(snapshot);
    const c = snapshot.context as CheckoutContext;
    // product.md#states: only 'succeeded' is a successful payment.
    if (/^xstate\.done\.actor\.(confirmIntent|authenticate|payWithWallet)$/.test(event.type)) {
      const status = (event as unknown as { output: PaymentResult }).output.status;
      expect(snapshot.matches('paid')).toBe(status === 'succeeded');
      if (status !== 'succeeded' && status !== 'requires_action') expect(snapshot.matches('failed')).toBe(true);
    }
    if (event.type === 'xstate.error.actor.quoteCode') {
      // A refused code changes nothing of the price (an earlier code, if any, stays applied).
      expect(snapshot.matches('choosing')).toBe(true);
      expect(c.codeError).not.toBeNull();
    }
    if (event.type === 'xstate.done.actor.quoteCode') expect(c.discount).not.toBeNull();
    if (
      event.type.startsWith('xstate.error.actor.') &&
      event.type !== 'xstate.error.actor.quoteCode' &&
      (event as unknown as { error: { status: number } }).error.status === 409
    ) {
      expect(snapshot.matches('full') || snapshot.matches('failed')).toBe(true);
    }
    if (snapshot.matches('failed') && event.type.startsWith('xstate.error.actor.')) {
      const message = (event as unknown as { error: { serverMessage?: string } }).error.serverMessage;
      if (message) expect(c.error!.message).toBe(message);
    }
  },
  setup: () => {
    const keys = { createIntent: [] as string[], confirmIntent: [] as string[], payWithWallet: [] as string[] };
    return {
      check: ({ snapshot, previous, started }) => {
        const c = snapshot.context as CheckoutContext;
        for (const [name, raw] of started) {
          const i = raw as Record<string, unknown>;
          if (name === 'prepare') expect(i).toEqual({ price: 149 });
          if (name === 'addCard') expect(i).toEqual({ token: 'tok_visa' });
          if (name === 'quoteCode') expect(i).toEqual({ sessionId: 41, code: 'welcome20' });
          if (name === 'createIntent' || name === 'payWithWallet') {
            // product.md#limits: the amount is the quote's total in cents (the discounted one with a code).
            expect(i.sessionId).toBe(41);
            expect(i.amount).toBe(Math.round(c.quote!.total * 100));
            expect(i.discountCode).toBe(c.discount?.code);
          }
          if (name === 'confirmIntent') {
            expect(i.intentId).toBe(c.intent!.id);
            expect(c.method?.kind).toBe('card');
            expect(i.paymentMethod).toBe((c.method as { cardId: string }).cardId);
          }
          if (name === 'authenticate') expect(i).toEqual({ intentId: c.intent!.id, result: c.authResult });
          if (name === 'cancelIntent') expect(i).toEqual({ intentId: 'pi_1' });
          if (name === 'createIntent' || name === 'confirmIntent' || name === 'payWithWallet') {
            const suffix = name === 'createIntent' ? '-intent' : name === 'confirmIntent' ? '-confirm' : '';
            const key = i.idempotencyKey as string;
            expect(key).toBe(`${c.attemptKey}${suffix}`);
            const seen = keys[name];
            const resent =
              previous.matches('failed') && /Unknown$/.test((previous.context as CheckoutContext).error!.step);
            if (resent) {
              expect(key, 'a retry of the same attempt resends the same key').toBe(seen.at(-1));
            } else {
              expect(seen, 'a new attempt gets a fresh key').not.toContain(key);
            }
            seen.push(key);
          }
        }
      },
    };
  },
});

describe('checkout.machine (specific behaviour)', () => {
  function start(prepared: CheckoutData = data) {
    const { actors, starts } = pendingActors(ACTORS);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const actor = createActor(checkoutMachine.provide({ actors: actors as any }), { input }).start();
    actor.send({ type: 'xstate.done.actor.prepare', output: prepared } as unknown as AnyEventObject as never);
    return { actor, starts };
  }
  const send = (actor: { send: (e: never) => void }, event: AnyEventObject) => actor.send(event as never);

  it('preselects the default card, else the wallet when it covers the total, else a new card', () => {
    expect(start().actor.getSnapshot().context.method).toEqual({ kind: 'card', cardId: 'pm_visa' });
    expect(start({ ...data, cards: [] }).actor.getSnapshot().context.method).toEqual({ kind: 'wallet' });
    expect(
      start({ ...data, cards: [], wallet: { balance: 10, currency: 'USD' } }).actor.getSnapshot().context.method,
    ).toEqual({
      kind: 'newCard',
    });
  });

  it('a wallet that does not cover the total cannot be submitted', () => {
    const { actor, starts } = start({ ...data, wallet: { balance: 156.94, currency: 'USD' } });
    send(actor, { type: 'method.selected', method: { kind: 'wallet' } });
    expect(actor.getSnapshot().can({ type: 'payment.submitted' })).toBe(false);
    send(actor, { type: 'payment.submitted' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(starts.filter(([n]) => n === 'payWithWallet')).toHaveLength(0);
  });

  it('a double click creates one intent: the second submit is ignored while creating and confirming', () => {
    const { actor, starts } = start();
    send(actor, { type: 'payment.submitted' });
    send(actor, { type: 'payment.submitted' });
    expect(actor.getSnapshot().value).toBe('creatingIntent');
    send(actor, { type: 'xstate.done.actor.createIntent', output: intent('requires_payment_method') });
    send(actor, { type: 'payment.submitted' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(starts.filter(([n]) => n === 'createIntent')).toEqual([
      ['createIntent', { sessionId: 41, amount: 15695, idempotencyKey: 'seed-1-intent' }],
    ]);
    expect(starts.filter(([n]) => n === 'confirmIntent')).toEqual([
      ['confirmIntent', { intentId: 'pi_1', paymentMethod: 'pm_visa', idempotencyKey: 'seed-1-confirm' }],
    ]);
  });

  it('a declined card keeps the intent: another card confirms it again under a new key (no second intent)', () => {
    const { actor, starts } = start({ ...data, cards: [visa, { ...added, id: 'pm_other' }] });
    send(actor, { type: 'payment.submitted' });
    send(actor, { type: 'xstate.done.actor.createIntent', output: intent('requires_payment_method') });
    send(actor, {
      type: 'xstate.error.actor.confirmIntent',
      error: { status: 402, serverMessage: 'Your card was declined.' },
    });
    const failed = actor.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toEqual({
      code: 'checkout.cardDeclined',
      step: 'declined',
      status: 402,
      message: 'Your card was declined.',
    });
    send(actor, { type: 'method.changed' });
    send(actor, { type: 'method.selected', method: { kind: 'card', cardId: 'pm_other' } });
    send(actor, { type: 'payment.submitted' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(starts.filter(([n]) => n === 'createIntent')).toHaveLength(1);
    expect(starts.filter(([n]) => n === 'confirmIntent').map(([, i]) => i)).toEqual([
      { intentId: 'pi_1', paymentMethod: 'pm_visa', idempotencyKey: 'seed-1-confirm' },
      { intentId: 'pi_1', paymentMethod: 'pm_other', idempotencyKey: 'seed-2-confirm' },
    ]);
  });

  it('3-D Secure: requires_action → the learner completes the step → paid', () => {
    const { actor, starts } = start();
    send(actor, { type: 'payment.submitted' });
    send(actor, { type: 'xstate.done.actor.createIntent', output: intent('requires_payment_method') });
    send(actor, { type: 'xstate.done.actor.confirmIntent', output: intent('requires_action') });
    expect(actor.getSnapshot().hasTag('authenticating')).toBe(true);
    send(actor, { type: 'authentication.submitted', result: 'succeed' });
    expect(starts.at(-1)).toEqual(['authenticate', { intentId: 'pi_1', result: 'succeed' }]);
    send(actor, { type: 'xstate.done.actor.authenticate', output: intent('succeeded') });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'paid', payment: intent('succeeded') });
  });

  it('a 20 % code: the discounted total is paid by card with the code; removing it restores the price', () => {
    const { actor, starts } = start();
    send(actor, { type: 'code.submitted', code: 'welcome20' });
    expect(actor.getSnapshot().value).toBe('applyingCode');
    send(actor, { type: 'xstate.done.actor.quoteCode', output: twenty });
    expect(actor.getSnapshot().context.quote).toMatchObject({ total: 125.66, amount: 12566 });
    send(actor, { type: 'code.removed' });
    expect(actor.getSnapshot().context.quote).toEqual(quote);
    send(actor, { type: 'code.submitted', code: 'welcome20' });
    send(actor, { type: 'xstate.done.actor.quoteCode', output: twenty });
    send(actor, { type: 'payment.submitted' });
    expect(starts.at(-1)).toEqual([
      'createIntent',
      { sessionId: 41, amount: 12566, idempotencyKey: 'seed-1-intent', discountCode: 'WELCOME20' },
    ]);
    // With the intent open, the code stays what the intent was priced with.
    send(actor, { type: 'xstate.done.actor.createIntent', output: intent('requires_payment_method') });
    send(actor, { type: 'xstate.done.actor.confirmIntent', output: declined });
    send(actor, { type: 'method.changed' });
    expect(actor.getSnapshot().can({ type: 'code.removed' })).toBe(false);
  });

  it('a 100 % code enrolls through the wallet route with amount 0, whatever the method', () => {
    const { actor, starts } = start({ ...data, wallet: { balance: 0, currency: 'USD' } });
    send(actor, { type: 'method.selected', method: { kind: 'newCard' } });
    send(actor, { type: 'code.submitted', code: 'free100' });
    send(actor, { type: 'xstate.done.actor.quoteCode', output: free });
    send(actor, { type: 'payment.submitted' });
    expect(starts.at(-1)).toEqual([
      'payWithWallet',
      { sessionId: 41, amount: 0, idempotencyKey: 'seed-1', discountCode: 'FREE100' },
    ]);
  });

  it('a code used up while paying: the payment fails, the code is dropped and the full price shown', () => {
    const { actor } = start();
    send(actor, { type: 'method.selected', method: { kind: 'wallet' } });
    send(actor, { type: 'code.submitted', code: 'welcome20' });
    send(actor, { type: 'xstate.done.actor.quoteCode', output: twenty });
    send(actor, { type: 'payment.submitted' });
    send(actor, { type: 'xstate.error.actor.payWithWallet', error: exhausted });
    const failed = actor.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(failed.context.error?.code).toBe('checkout.codeRefused');
    expect(failed.context.codeError).toEqual({ reason: 'exhausted', message: 'This discount code has been used up' });
    send(actor, { type: 'method.changed' });
    expect(actor.getSnapshot().context.quote).toEqual(quote);
  });

  it('cancelling with an open intent releases its seat', () => {
    const { actor, starts } = start();
    send(actor, { type: 'payment.submitted' });
    send(actor, { type: 'xstate.done.actor.createIntent', output: intent('requires_payment_method') });
    send(actor, { type: 'xstate.done.actor.confirmIntent', output: declined });
    send(actor, { type: 'checkout.cancelled' });
    expect(actor.getSnapshot().value).toBe('cancelling');
    expect(starts.at(-1)).toEqual(['cancelIntent', { intentId: 'pi_1' }]);
    send(actor, { type: 'xstate.error.actor.cancelIntent', error: { status: 500 } });
    expect(actor.getSnapshot().output).toEqual({
      outcome: 'canceled',
      releaseFailed: true,
      heldUntil: '2031-03-01T10:15:00Z',
    });
  });
});
