import { mailTemplateFile } from '../../platform/mail/templates.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/**
 * A message written by an educator, partner or admin (POST /mail/send, product.md#calls Mail): the
 * sender's own words, framed in the recipient's language.
 */
export const userMessage = mailTemplateFile<{ senderName: string; message: string }>(TEMPLATES, 'user-message');

/**
 * A contact-form message (POST /contact, product.md#screens contact us), mailed to each admin in their
 * language; the sender's words and address as typed (Handlebars escapes them in the HTML part).
 */
export const contactReceived = mailTemplateFile<{
  name: string;
  email: string;
  subject: string;
  message: string;
  url: string;
}>(TEMPLATES, 'contact-received');
