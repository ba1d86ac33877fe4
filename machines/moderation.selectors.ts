import type { SnapshotFrom } from 'xstate';
import type { moderationMachine } from './moderation.machine';

/** A snapshot of the moderation machine (sessions board, users and invitations). */
export type ModerationSnapshot = SnapshotFrom<typeof moderationMachine>;

/** True while the queue (a page of items) is loading. */
export const isLoading = (s: ModerationSnapshot): boolean => s.hasTag('loading');

/** True while an action on an item runs (approve, reject, delete, duplicate). */
export const isBusy = (s: ModerationSnapshot): boolean => s.hasTag('busy');

/** True when the queue could not be loaded. */
export const loadFailed = (s: ModerationSnapshot): boolean => s.matches('loadFailed');

/** True while the approve / reject / delete dialog is open on the target. */
export const isConfirming = (s: ModerationSnapshot): boolean => s.matches('confirming');

/** True when the confirmed action failed (the dialog stays open with the reason). */
export const confirmFailed = (s: ModerationSnapshot): boolean => s.matches({ confirming: 'failed' });

/** True while the duplicate (request-session) form is open on the target. */
export const isDuplicating = (s: ModerationSnapshot): boolean => s.matches('duplicating');

/** True when the duplicate request failed (the form stays open). */
export const duplicateFailed = (s: ModerationSnapshot): boolean => s.matches({ duplicating: 'failed' });
