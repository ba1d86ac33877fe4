import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * A message written by an educator, partner or admin (POST /mail/send, product.md#calls Mail): the
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

/**
 * A contact-form message (POST /contact, product.md#screens contact us), mailed to each admin in their
 * language; the sender's words and address as typed (Handlebars escapes them in the HTML part).
 */
export const contactReceived = defineMailTemplate({
  name: 'contact-received',
  example: {
    name: 'Leila Amrani',
    email: 'leila@example.org',
    subject: 'Company accounts',
    message: 'We would like accounts for 40 employees.',
    url: 'http://localhost:3000/dashboard/inbox',
  },
  en: {
    subject: 'Contact form: {{subject}}',
    text: '{{name}} <{{email}}> wrote through the contact form:\n\n{{message}}\n\nRead and answer it from the inbox: {{url}}',
    html: '<p>{{name}} &lt;{{email}}&gt; wrote through the contact form:</p><blockquote style="white-space:pre-wrap">{{message}}</blockquote><p><a href="{{url}}">Open the inbox</a></p>',
  },
  ar: {
    subject: 'نموذج الاتصال: {{subject}}',
    text: 'كتب {{name}} <{{email}}> عبر نموذج الاتصال:\n\n{{message}}\n\nاقرأها وأجب عنها من صندوق الوارد: {{url}}',
    html: '<p>كتب {{name}} &lt;{{email}}&gt; عبر نموذج الاتصال:</p><blockquote style="white-space:pre-wrap">{{message}}</blockquote><p><a href="{{url}}">افتح صندوق الوارد</a></p>',
  },
});
