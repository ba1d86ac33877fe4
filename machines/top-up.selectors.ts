import type { SnapshotFrom } from 'xstate';
import {
  type TopUpCard,
  type TopUpFailure,
  type TopUpResult,
  isTopUpAmount,
  type topUpMachine,
} from './top-up.machine';

/** A snapshot of the top-up machine. */
export type TopUpSnapshot = SnapshotFrom<typeof topUpMachine>;

/** What the screen shows: the form (with a charge or the card being added in progress), the 3-D Secure step, the outcome. */
export type TopUpView = 'preparing' | 'loadFailed' | 'form' | 'authenticating' | 'failed' | 'credited';

export function selectTopUpView(s: TopUpSnapshot): TopUpView {
  if (s.matches('preparing')) return 'preparing';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('authenticating') || s.matches('verifying')) return 'authenticating';
  if (s.matches('failed')) return 'failed';
  if (s.matches('credited')) return 'credited';
  return 'form';
}

/** True while the card is being charged (the button shows a spinner and ignores clicks). */
export const selectCharging = (s: TopUpSnapshot): boolean => s.matches('charging');
/** True while a new card is being saved. */
export const selectAddingCard = (s: TopUpSnapshot): boolean => s.matches('addingCard');
/** True while the 3-D Secure answer is being sent. */
export const selectVerifying = (s: TopUpSnapshot): boolean => s.matches('verifying');
/** Whether "Top up" may be pressed: an amount within the limits and a saved card chosen. */
export const selectCanTopUp = (s: TopUpSnapshot): boolean =>
  s.matches('choosing') && isTopUpAmount(s.context.amount) && s.context.cards.some((c) => c.id === s.context.cardId);
/** The failure to show (load, charge, 3-D Secure step), else null. */
export const selectTopUpFailure = (s: TopUpSnapshot): TopUpFailure | null => s.context.error;
/** The refusal of the card being added, else null. */
export const selectCardFailure = (s: TopUpSnapshot): TopUpFailure | null => s.context.cardError;
/** True when the last charge's outcome is unknown: "Try again" resends the same Idempotency-Key. */
export const selectUnknownOutcome = (s: TopUpSnapshot): boolean =>
  s.matches('failed') && s.context.error?.code === 'unknown';
/** The credited top-up (in `credited`), else null. */
export const selectCredited = (s: TopUpSnapshot): TopUpResult | null =>
  s.matches('credited') ? s.context.topUp : null;
/** The chosen saved card, else null. */
export const selectChosenCard = (s: TopUpSnapshot): TopUpCard | null =>
  s.context.cards.find((c) => c.id === s.context.cardId) ?? null;
