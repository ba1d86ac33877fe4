import type { SnapshotFrom } from 'xstate';
import type { sessionRequestMachine } from './session-request.machine';

/** A snapshot of the session-request machine. */
export type SessionRequestSnapshot = SnapshotFrom<typeof sessionRequestMachine>;

/** True while the request is being sent (the form's submit button spins). */
export const isSubmitting = (s: SessionRequestSnapshot): boolean => s.hasTag('busy');

/** True when the server refused the request (its message and field errors are shown). */
export const hasFailed = (s: SessionRequestSnapshot): boolean => s.matches('failed');
