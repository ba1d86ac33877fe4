import type { SnapshotFrom } from 'xstate';
import type { PayoutFailure, PayoutResult, payoutMachine } from './payout.machine';

/** A snapshot of the payout machine. */
export type PayoutSnapshot = SnapshotFrom<typeof payoutMachine>;

/** True while the payout call runs (the button shows a spinner and ignores clicks). */
export const isPayingOut = (s: PayoutSnapshot): boolean => s.hasTag('busy');

/** The last attempt's failure (in `failed`), else null. */
export const payoutFailure = (s: PayoutSnapshot): PayoutFailure | null =>
  s.matches('failed') ? s.context.error : null;

/** True when the last attempt's outcome is unknown: the next click resends the same Idempotency-Key. */
export const isRetryOfUnknownPayout = (s: PayoutSnapshot): boolean => s.matches({ failed: 'unknown' });

/** The payout just made (in `paid`), else null. */
export const payoutMade = (s: PayoutSnapshot): PayoutResult | null => (s.matches('paid') ? s.context.result : null);
