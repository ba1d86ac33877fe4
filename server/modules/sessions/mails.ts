import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * The mails of session moderation (product.md#roles: approve, reject, delete) and of the waitlist
 * (a course's new session is open), in English and Arabic.
 */

/** The waitlist's mails live with the waitlist (courses/waitlist-mails.ts); re-exported for the template tests. */
export { waitlistSessionOpen } from '../courses/waitlist-mails.js';

/** To the educator when an admin approves their session; `message` is the moderator's, or null. */
export const sessionApproved = defineMailTemplate({
  name: 'session-approved',
  example: {
    firstName: 'Karim',
    sessionId: 7,
    title: 'Intro to Algorithms',
    message: 'Great syllabus.' as string | null,
  },
  en: {
    subject: 'Your session of "{{title}}" is approved',
    text: 'Hello {{firstName}},\n\nYour session #{{sessionId}} of "{{title}}" was approved and learners can now enroll.{{#if message}}\n\nMessage from the moderator:\n{{message}}{{/if}}',
    html: '<p>Hello {{firstName}},</p><p>Your session #{{sessionId}} of “{{title}}” was approved and learners can now enroll.</p>{{#if message}}<p>Message from the moderator:</p><blockquote>{{message}}</blockquote>{{/if}}',
  },
  ar: {
    subject: 'تمت الموافقة على جلستك من «{{title}}»',
    text: 'مرحبًا {{firstName}}،\n\nتمت الموافقة على جلستك رقم {{sessionId}} من «{{title}}» ويمكن للمتعلمين التسجيل الآن.{{#if message}}\n\nرسالة من المشرف:\n{{message}}{{/if}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>تمت الموافقة على جلستك رقم {{sessionId}} من «{{title}}» ويمكن للمتعلمين التسجيل الآن.</p>{{#if message}}<p>رسالة من المشرف:</p><blockquote>{{message}}</blockquote>{{/if}}',
  },
});

/** To the educator when an admin rejects their session, with the reason. */
export const sessionRejected = defineMailTemplate({
  name: 'session-rejected',
  example: { firstName: 'Karim', sessionId: 7, title: 'Intro to Algorithms', message: 'Add a syllabus for week 2.' },
  en: {
    subject: 'Your session of "{{title}}" was not approved',
    text: 'Hello {{firstName}},\n\nYour session #{{sessionId}} of "{{title}}" was not approved.\n\nReason:\n{{message}}',
    html: '<p>Hello {{firstName}},</p><p>Your session #{{sessionId}} of “{{title}}” was not approved.</p><p>Reason:</p><blockquote>{{message}}</blockquote>',
  },
  ar: {
    subject: 'لم تتم الموافقة على جلستك من «{{title}}»',
    text: 'مرحبًا {{firstName}}،\n\nلم تتم الموافقة على جلستك رقم {{sessionId}} من «{{title}}».\n\nالسبب:\n{{message}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>لم تتم الموافقة على جلستك رقم {{sessionId}} من «{{title}}».</p><p>السبب:</p><blockquote>{{message}}</blockquote>',
  },
});

/** To each enrolled learner when a session is deleted (what they paid is back in their wallet). */
export const sessionCancelledForLearner = defineMailTemplate({
  name: 'session-cancelled-learner',
  example: { firstName: 'Sara', sessionId: 7, title: 'Intro to Algorithms', message: 'The educator is unavailable.' },
  en: {
    subject: 'Session of "{{title}}" cancelled',
    text: 'Hello {{firstName}},\n\nThe session #{{sessionId}} of "{{title}}" was cancelled. Anything you paid is back in your Halaqa wallet.\n\n{{message}}',
    html: '<p>Hello {{firstName}},</p><p>The session #{{sessionId}} of “{{title}}” was cancelled. Anything you paid is back in your Halaqa wallet.</p><blockquote>{{message}}</blockquote>',
  },
  ar: {
    subject: 'أُلغيت جلسة «{{title}}»',
    text: 'مرحبًا {{firstName}}،\n\nأُلغيت الجلسة رقم {{sessionId}} من «{{title}}». كل ما دفعته عاد إلى محفظتك في حلقة.\n\n{{message}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>أُلغيت الجلسة رقم {{sessionId}} من «{{title}}». كل ما دفعته عاد إلى محفظتك في حلقة.</p><blockquote>{{message}}</blockquote>',
  },
});

/** To the educator when their session is deleted. */
export const sessionDeletedForEducator = defineMailTemplate({
  name: 'session-deleted-educator',
  example: { sessionId: 7, title: 'Intro to Algorithms', message: 'Duplicate of session #6.' },
  en: {
    subject: 'Session of "{{title}}" deleted',
    text: 'Session #{{sessionId}} was deleted.\n\n{{message}}',
    html: '<p>Session #{{sessionId}} of “{{title}}” was deleted.</p><blockquote>{{message}}</blockquote>',
  },
  ar: {
    subject: 'حُذفت جلسة «{{title}}»',
    text: 'حُذفت الجلسة رقم {{sessionId}}.\n\n{{message}}',
    html: '<p>حُذفت الجلسة رقم {{sessionId}} من «{{title}}».</p><blockquote>{{message}}</blockquote>',
  },
});
