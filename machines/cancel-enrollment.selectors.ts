import type { SnapshotFrom } from 'xstate';
import type { cancelEnrollmentMachine } from './cancel-enrollment.machine';

/** A snapshot of the cancel-enrollment machine. */
export type CancelEnrollmentSnapshot = SnapshotFrom<typeof cancelEnrollmentMachine>;

/** True while the confirmation dialog is open (loading the quote, asking, cancelling, or told it was too late). */
export const isDialogOpen = (s: CancelEnrollmentSnapshot): boolean => s.hasTag('open');

/** True while a call runs (the quote loads, or the cancellation is sent). */
export const isBusy = (s: CancelEnrollmentSnapshot): boolean => s.hasTag('busy');

/** True while the quote loads (the dialog shows a spinner, not an amount). */
export const isQuoting = (s: CancelEnrollmentSnapshot): boolean => s.matches('quoting');

/** True when the quote could not be loaded (the dialog offers "Try again"). */
export const quoteFailed = (s: CancelEnrollmentSnapshot): boolean => s.matches('quoteFailed');

/** True while the learner can confirm (the amount and the destination are shown), and while it is sent. */
export const canConfirm = (s: CancelEnrollmentSnapshot): boolean => s.matches('confirming');

/** True while the cancellation is being sent. */
export const isCancelling = (s: CancelEnrollmentSnapshot): boolean => s.matches('cancelling');

/** True once the enrollment is cancelled and refunded. */
export const isCancelled = (s: CancelEnrollmentSnapshot): boolean => s.matches('cancelled');

/** True when the server said the enrollment was already cancelled (409). */
export const wasAlreadyCancelled = (s: CancelEnrollmentSnapshot): boolean => s.matches('alreadyCancelled');

/** The quote shown, once loaded. */
export const quoteOf = (s: CancelEnrollmentSnapshot) => s.context.quote;

/** Where the refund goes. */
export const destinationOf = (s: CancelEnrollmentSnapshot) => s.context.destination;

/** The last failure (the quote's or the cancellation's), with the server's message when there was one. */
export const errorOf = (s: CancelEnrollmentSnapshot) => s.context.error;
