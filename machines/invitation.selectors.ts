import type { SnapshotFrom } from 'xstate';
import type { invitationMachine } from './invitation.machine';

/** A snapshot of the invitation machine. */
export type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;

/** True while the invitation is being sent (the button spins, the fields are locked). */
export const isSending = (s: InvitationSnapshot): boolean => s.hasTag('busy');

/** True once the server made the invitation (toast 'User Invited !'). */
export const wasSent = (s: InvitationSnapshot): boolean => s.matches('sent');

/** True when the server refused it (toast 'Could not invite the user…'). */
export const hasFailed = (s: InvitationSnapshot): boolean => s.matches('failed');
