import type { SnapshotFrom } from 'xstate';
import type { sessionLearnersMachine } from './session-learners.machine';

/** A snapshot of the session-learners machine. */
export type SessionLearnersSnapshot = SnapshotFrom<typeof sessionLearnersMachine>;

/** True while the e-mail dialog is open (editing, sending, sent or failed). */
export const isMailOpen = (s: SessionLearnersSnapshot): boolean => !s.matches({ mail: 'closed' });

/** True while the e-mail is being sent. */
export const isSendingMail = (s: SessionLearnersSnapshot): boolean => s.hasTag('sendingMail');

/** True once the e-mail was sent (the dialog says so, then closes). */
export const isMailSent = (s: SessionLearnersSnapshot): boolean => s.matches({ mail: 'sent' });

/** True when sending the e-mail failed. */
export const mailFailed = (s: SessionLearnersSnapshot): boolean => s.matches({ mail: 'failed' });

/** True while "Reset the syllabus?" is open: asked, resetting, or failed. */
export const isContentDialogOpen = (s: SessionLearnersSnapshot): boolean => !s.matches({ content: 'idle' });

/** True while the session's syllabus is being reset. */
export const isResettingContent = (s: SessionLearnersSnapshot): boolean => s.hasTag('resettingContent');

/** True when resetting the syllabus failed. */
export const contentFailed = (s: SessionLearnersSnapshot): boolean => s.matches({ content: 'failed' });
