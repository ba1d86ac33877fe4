import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * A message written by an educator, partner or admin (POST /mail/send, spec §7 Mail): the
 * sender's own words, framed in the recipient's language.
 */
export const userMessage = defineMailTemplate({
  name: 'user-message',
  example: { senderName: 'Karim Haddad', message: 'The meeting starts at 18:00 today.' },
  en: {
    subject: 'Message from {{senderName}} on Halaqa',
    text: '{{message}}\n\n{{senderName}}, via Halaqa',
    html: '<p style="white-space:pre-wrap">{{message}}</p><p>{{senderName}}, via Halaqa</p>',
  },
  ar: {
    subject: 'رسالة من {{senderName}} على حلقة',
    text: '{{message}}\n\n{{senderName}}، عبر حلقة',
    html: '<p style="white-space:pre-wrap">{{message}}</p><p>{{senderName}}، عبر حلقة</p>',
  },
});
