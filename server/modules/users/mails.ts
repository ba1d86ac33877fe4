import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * The mails of account decisions (spec §6: user approve, reject, delete), in English and Arabic.
 * `forPartner` words the approval for a company's partner (invite your people) or an educator
 * (publish your courses); `message` is the admin's, or null.
 */

/** To a PENDING user (educator or partner) an admin approved. */
export const accountApproved = defineMailTemplate({
  name: 'account-approved',
  example: { firstName: 'Nadia', forPartner: true, message: 'Welcome aboard.' as string | null, url: 'http://localhost:3000/login' },
  en: {
    subject: 'Your Halaqa account is approved',
    text: 'Hello {{firstName}},\n\nYour Halaqa account is approved: you can now sign in at {{url}} and {{#if forPartner}}invite your people{{else}}publish your courses{{/if}}.{{#if message}}\n\n{{message}}{{/if}}',
    html: '<p>Hello {{firstName}},</p><p>Your Halaqa account is approved: you can now <a href="{{url}}">sign in</a> and {{#if forPartner}}invite your people{{else}}publish your courses{{/if}}.</p>{{#if message}}<blockquote>{{message}}</blockquote>{{/if}}',
  },
  ar: {
    subject: 'تمت الموافقة على حسابك في حلقة',
    text: 'مرحبًا {{firstName}}،\n\nتمت الموافقة على حسابك في حلقة: يمكنك الآن تسجيل الدخول على {{url}} و{{#if forPartner}}دعوة فريقك{{else}}نشر دوراتك{{/if}}.{{#if message}}\n\n{{message}}{{/if}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>تمت الموافقة على حسابك في حلقة: يمكنك الآن <a href="{{url}}">تسجيل الدخول</a> و{{#if forPartner}}دعوة فريقك{{else}}نشر دوراتك{{/if}}.</p>{{#if message}}<blockquote>{{message}}</blockquote>{{/if}}',
  },
});

/** To a PENDING user an admin rejected, with the reason. */
export const accountRejected = defineMailTemplate({
  name: 'account-rejected',
  example: { firstName: 'Nadia', message: 'We could not verify the company.' },
  en: {
    subject: 'About your Halaqa account',
    text: 'Hello {{firstName}},\n\nYour Halaqa account request was not approved.\n\nReason:\n{{message}}',
    html: '<p>Hello {{firstName}},</p><p>Your Halaqa account request was not approved.</p><p>Reason:</p><blockquote>{{message}}</blockquote>',
  },
  ar: {
    subject: 'بخصوص حسابك في حلقة',
    text: 'مرحبًا {{firstName}}،\n\nلم تتم الموافقة على طلب حسابك في حلقة.\n\nالسبب:\n{{message}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>لم تتم الموافقة على طلب حسابك في حلقة.</p><p>السبب:</p><blockquote>{{message}}</blockquote>',
  },
});

/** To a user whose account an admin closed. */
export const accountDeleted = defineMailTemplate({
  name: 'account-deleted',
  example: { firstName: 'Omar', message: 'Closed at your request.' },
  en: {
    subject: 'About your Halaqa account',
    text: 'Hello {{firstName}},\n\nYour Halaqa account was closed.\n\n{{message}}',
    html: '<p>Hello {{firstName}},</p><p>Your Halaqa account was closed.</p><blockquote>{{message}}</blockquote>',
  },
  ar: {
    subject: 'بخصوص حسابك في حلقة',
    text: 'مرحبًا {{firstName}}،\n\nأُغلق حسابك في حلقة.\n\n{{message}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>أُغلق حسابك في حلقة.</p><blockquote>{{message}}</blockquote>',
  },
});
