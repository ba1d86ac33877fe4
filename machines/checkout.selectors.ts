import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type CheckoutFailure, type SavedCard, type checkoutMachine, isOpenIntent, toCents } from './checkout.machine';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** The checkout's screen (one value per layout). */
export type CheckoutView =
  | 'preparing'
  | 'loadFailed'
  | 'choosing'
  | 'paying'
  | 'authenticating'
  | 'failed'
  | 'closing'
  | 'done';

export function selectCheckoutView(s: CheckoutSnapshot): CheckoutView {
  if (s.status === 'done') return 'done';
  if (s.matches('preparing')) return 'preparing';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.hasTag('authenticating')) return 'authenticating';
  if (s.hasTag('choosing')) return 'choosing';
  if (s.hasTag('paying')) return 'paying';
  if (s.matches('failed')) return 'failed';
  return 'closing'; // cancelling: the seat is being released
}

/** True while a call runs (buttons disabled, spinners shown). */
export const selectBusy = (s: CheckoutSnapshot): boolean => s.hasTag('loading');

/** True while a card payment's result is being verified with the server (after 3-D Secure). */
export const selectVerifying = (s: CheckoutSnapshot): boolean => s.matches('verifying');

/** True while a payment runs (wallet or card, before any 3-D Secure step). */
export const selectPaying = (s: CheckoutSnapshot): boolean => s.hasTag('paying');

/** True while a card is being added. */
export const selectAddingCard = (s: CheckoutSnapshot): boolean => s.matches('addingCard');

/** The Pay button is enabled exactly when the machine would accept `payment.submitted`. */
export const selectCanPay = (s: CheckoutSnapshot): boolean => s.can({ type: 'payment.submitted' });

/** "Use another payment method" is offered once the failed call's outcome is known. */
export const selectCanChangeMethod = (s: CheckoutSnapshot): boolean => s.can({ type: 'method.changed' });

export function selectChosenCard(s: CheckoutSnapshot): SavedCard | null {
  const { method, cards } = s.context;
  return method?.kind === 'card' ? (cards.find((c) => c.id === method.cardId) ?? null) : null;
}

/** Balance minus total in dollars (negative = missing), when both are known. */
export function selectWalletShortfall(s: CheckoutSnapshot): number | null {
  const { quote, wallet } = s.context;
  if (!quote || !wallet) return null;
  return (toCents(wallet.balance) - quote.amount) / 100;
}

/** Until when the seat is held for the open card intent (ISO instant), else null. */
export function selectHeldUntil(s: CheckoutSnapshot): string | null {
  const { intent } = s.context;
  return isOpenIntent(intent) ? (intent.expiresAt ?? null) : null;
}

/** True when the failed call may or may not have happened (no answer / server error): retrying is safe. */
export function isUnknownOutcome(error: CheckoutFailure): boolean {
  return error.step.endsWith('Unknown');
}

/** True while a discount code is being checked. */
export const selectApplyingCode = (s: CheckoutSnapshot): boolean => s.matches('applyingCode');

/** A code may be entered now (choosing, no card intent open). */
export const selectCanApplyCode = (s: CheckoutSnapshot): boolean => s.can({ type: 'code.submitted', code: 'X' });

/** The applied code may be removed now. */
export const selectCanRemoveCode = (s: CheckoutSnapshot): boolean => s.can({ type: 'code.removed' });

/** True when a code took the whole price off: the learner enrolls without paying. */
export const selectFreeWithCode = (s: CheckoutSnapshot): boolean =>
  s.context.discount !== null && s.context.quote?.amount === 0;
