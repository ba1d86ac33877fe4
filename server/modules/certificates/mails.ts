import { mailTemplateFile } from '../../platform/mail/templates.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/** To a learner when their certificate is issued: the course and the certificate's verification page. */
export const certificateIssued = mailTemplateFile<{ firstName: string; title: string; url: string }>(
  TEMPLATES,
  'certificate-issued',
);
