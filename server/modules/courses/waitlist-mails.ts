import { mailTemplateFile } from '../../platform/mail/templates.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/**
 * The mails of a course's waitlist (decisions.md Waitlist), in English and Arabic:
 * a guest's confirmation link, a new session open, a seat freed in an open session.
 */

/** To a guest who joined a waitlist: the link that confirms the address (valid 72 hours). */
export const waitlistConfirm = mailTemplateFile<{ title: string; url: string; hours: number }>(
  TEMPLATES,
  'waitlist-confirm',
);

/** To a person on a course's waitlist when a new session of it is approved. */
export const waitlistSessionOpen = mailTemplateFile<{ title: string; url: string }>(TEMPLATES, 'waitlist-session-open');

/** To a person on a course's waitlist when a seat of an open session of it frees. */
export const waitlistSeatFreed = mailTemplateFile<{ title: string; url: string }>(TEMPLATES, 'waitlist-seat-freed');
