import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * The mails of account decisions (product.md#roles: user approve, reject, delete), in English and Arabic.
 * `forPartner` words the approval for a company's partner (invite your people) or an educator
 * (publish your courses); `message` is the admin's, or null.
 */

/** To a PENDING user (educator or partner) an admin approved. */
export const accountApproved = defineMailTemplate({
  name: 'account-approved',
  example: {
    firstName: 'Nadia',
    forPartner: true,
    message: 'Welcome aboard.' as string | null,
    url: 'http://localhost:3000/login',
  },
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

/**
 * To an invitee (decisions.md Invitations): a partner invited this e-mail into the
 * company as a learner or an educator. `url` is the single-use link (`${publicUrl}/invitations/<token>`),
 * `expiresOn` the last day it works (YYYY-MM-DD, UTC). Sent in the invitee's language, or the
 * company's when they have no account.
 */
export const invitationMail = defineMailTemplate({
  name: 'invitation',
  example: {
    companyName: 'National Center for AI',
    inviterName: 'Nadia Benali',
    asEducator: false,
    url: 'http://localhost:3000/invitations/abc',
    expiresOn: '2025-02-17',
  },
  en: {
    subject: '{{inviterName}} invites you to {{companyName}} on Halaqa',
    text: 'Hello,\n\n{{inviterName}} invites you to join {{companyName}} on Halaqa as {{#if asEducator}}an educator{{else}}a learner{{/if}}.\n\nOpen this link to accept (it works once, until {{expiresOn}}):\n{{url}}\n\nIf you did not expect this invitation, you can ignore this mail.',
    html: '<p>Hello,</p><p>{{inviterName}} invites you to join <strong>{{companyName}}</strong> on Halaqa as {{#if asEducator}}an educator{{else}}a learner{{/if}}.</p><p><a href="{{url}}">Accept the invitation</a> (the link works once, until {{expiresOn}}).</p><p>If you did not expect this invitation, you can ignore this mail.</p>',
  },
  ar: {
    subject: 'يدعوك {{inviterName}} للانضمام إلى {{companyName}} في حلقة',
    text: 'مرحبًا،\n\nيدعوك {{inviterName}} للانضمام إلى {{companyName}} في حلقة {{#if asEducator}}بصفة مُعلّم{{else}}بصفة متعلّم{{/if}}.\n\nافتح هذا الرابط لقبول الدعوة (يعمل مرة واحدة، حتى {{expiresOn}}):\n{{url}}\n\nإن لم تكن تتوقع هذه الدعوة فيمكنك تجاهل هذه الرسالة.',
    html: '<p>مرحبًا،</p><p>يدعوك {{inviterName}} للانضمام إلى <strong>{{companyName}}</strong> في حلقة {{#if asEducator}}بصفة مُعلّم{{else}}بصفة متعلّم{{/if}}.</p><p><a href="{{url}}">اقبل الدعوة</a> (يعمل الرابط مرة واحدة، حتى {{expiresOn}}).</p><p>إن لم تكن تتوقع هذه الدعوة فيمكنك تجاهل هذه الرسالة.</p>',
  },
});
