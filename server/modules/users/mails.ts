import { mailTemplateFile } from '../../platform/mail/templates.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/**
 * The mails of account decisions (product.md#roles: user approve, reject, delete), in English and Arabic.
 * `forPartner` words the approval for a company's partner (invite your people) or an educator
 * (publish your courses); `message` is the admin's, or null.
 */

/** To a PENDING user (educator or partner) an admin approved. */
export const accountApproved = mailTemplateFile<{
  firstName: string;
  forPartner: boolean;
  message: string | null;
  url: string;
}>(TEMPLATES, 'account-approved');

/** To a PENDING user an admin rejected, with the reason. */
export const accountRejected = mailTemplateFile<{ firstName: string; message: string }>(TEMPLATES, 'account-rejected');

/** To a user whose account an admin closed. */
export const accountDeleted = mailTemplateFile<{ firstName: string; message: string }>(TEMPLATES, 'account-deleted');

/**
 * To an invitee (decisions.md Invitations): a partner invited this e-mail into the
 * company as a learner or an educator. `url` is the single-use link (`${publicUrl}/invitations/<token>`),
 * `expiresOn` the last day it works (YYYY-MM-DD, UTC). Sent in the invitee's language, or the
 * company's when they have no account.
 */
export const invitationMail = mailTemplateFile<{
  companyName: string;
  inviterName: string;
  asEducator: boolean;
  url: string;
  expiresOn: string;
}>(TEMPLATES, 'invitation');
