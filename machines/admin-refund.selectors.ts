import type { SnapshotFrom } from 'xstate';
import type { adminRefundMachine } from './admin-refund.machine';

/** A snapshot of the admin-refund machine. */
export type AdminRefundSnapshot = SnapshotFrom<typeof adminRefundMachine>;

/** True while the refund dialog is open (typing the message, or sending it). */
export const isDialogOpen = (s: AdminRefundSnapshot): boolean => s.hasTag('open');

/** True while the refund is being sent. */
export const isRefunding = (s: AdminRefundSnapshot): boolean => s.hasTag('busy');

/** True once the enrollment is refunded. */
export const isRefunded = (s: AdminRefundSnapshot): boolean => s.matches('refunded');

/** The message's issue (blank, too long), or null. */
export const issueOf = (s: AdminRefundSnapshot) => s.context.issue;

/** The refusal of the last attempt (the server's message), or null. */
export const errorOf = (s: AdminRefundSnapshot) => s.context.error;
