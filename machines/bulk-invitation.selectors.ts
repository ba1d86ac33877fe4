import type { SnapshotFrom } from 'xstate';
import type { bulkInvitationMachine } from './bulk-invitation.machine';

/** A snapshot of the bulk invitation machine. */
export type BulkInvitationSnapshot = SnapshotFrom<typeof bulkInvitationMachine>;

/** True while the file is being sent or read by the server (the progress bar shows). */
export const isSending = (s: BulkInvitationSnapshot): boolean => s.hasTag('busy');

/** True once every byte is sent and the server is reading the file and mailing the invitations. */
export const isProcessing = (s: BulkInvitationSnapshot): boolean => s.matches({ sending: 'processing' });

/** Whole percent of the file sent (0–100), or null when nothing is being sent. */
export const uploadPercent = (s: BulkInvitationSnapshot): number | null => {
  const p = s.context.progress;
  if (!s.hasTag('busy') || !p) return null;
  if (s.matches({ sending: 'processing' })) return 100;
  return p.total > 0 ? Math.min(100, Math.floor((p.loaded / p.total) * 100)) : 0;
};

/** The per-row report, once the server answered. */
export const reportOf = (s: BulkInvitationSnapshot) => (s.matches('report') ? s.context.report : null);

/** True when the file was refused or nothing answered (message and Retry shown). */
export const hasFailed = (s: BulkInvitationSnapshot): boolean => s.matches('failed');
