import { mailTemplateFile } from '../../platform/mail/templates.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/**
 * The mails of session moderation (product.md#roles: approve, reject, delete) and of the waitlist
 * (a course's new session is open), in English and Arabic.
 */

/** The waitlist's mails live with the waitlist (courses/waitlist-mails.ts); re-exported for the template tests. */
export { waitlistSessionOpen } from '../courses/waitlist-mails.js';

/** To the educator when an admin approves their session; `message` is the moderator's, or null. */
export const sessionApproved = mailTemplateFile<{
  firstName: string;
  sessionId: number;
  title: string;
  message: string | null;
}>(TEMPLATES, 'session-approved');

/** To the educator when an admin rejects their session, with the reason. */
export const sessionRejected = mailTemplateFile<{
  firstName: string;
  sessionId: number;
  title: string;
  message: string;
}>(TEMPLATES, 'session-rejected');

/** To each enrolled learner when a session is deleted (what they paid is back in their wallet). */
export const sessionCancelledForLearner = mailTemplateFile<{
  firstName: string;
  sessionId: number;
  title: string;
  message: string;
}>(TEMPLATES, 'session-cancelled-learner');

/** To the educator when their session is deleted. */
export const sessionDeletedForEducator = mailTemplateFile<{ sessionId: number; title: string; message: string }>(
  TEMPLATES,
  'session-deleted-educator',
);
