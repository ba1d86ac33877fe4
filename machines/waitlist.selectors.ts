import type { SnapshotFrom } from 'xstate';
import type { waitlistMachine } from './waitlist.machine';

/** A snapshot of the waitlist machine. */
export type WaitlistSnapshot = SnapshotFrom<typeof waitlistMachine>;

/** True while a call runs (the button spins, the field is locked). */
export const isBusy = (s: WaitlistSnapshot): boolean => s.hasTag('busy');

/** True while a guest's address form is shown (typing, sending, or after a refusal). */
export const showsForm = (s: WaitlistSnapshot): boolean => s.hasTag('form');

/** True once the caller is on the list (toast 'You are now on the waitlist!'). */
export const hasJoined = (s: WaitlistSnapshot): boolean => s.matches('joined') || s.matches('confirmed');

/** True once a guest was mailed a confirmation link. */
export const awaitsConfirmation = (s: WaitlistSnapshot): boolean => s.matches('pending');

/** True when joining was refused (toast with the server's message). */
export const joinFailed = (s: WaitlistSnapshot): boolean => s.matches('failed');

/** True when a confirmation link did not work (unknown, expired, or the server failed). */
export const confirmFailed = (s: WaitlistSnapshot): boolean => s.matches('confirmFailed');
