import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * The mails of course moderation (product.md#entities course statuses: PENDING → APPROVED | REJECTED with a
 * message → PUBLISHED ⇄ UNPUBLISHED), to the course's educator in their language (docs/decisions.md
 * "Course moderation"). `message` is the moderator's words (required for reject and unpublish).
 */

/** To the educator when an admin approves their course; `message` is an optional note, or null. */
export const courseApproved = defineMailTemplate({
  name: 'course-approved',
  example: {
    firstName: 'Karim',
    title: 'Intro to Algorithms',
    url: 'http://localhost:3000/dashboard/courses',
    message: 'Clear syllabus.' as string | null,
  },
  en: {
    subject: 'Your course "{{title}}" is approved',
    text: 'Hello {{firstName}},\n\nYour course "{{title}}" was approved. Publish it from your courses page to open it to learners ({{url}}); it is also published when a session of it is approved.{{#if message}}\n\nMessage from the moderator:\n{{message}}{{/if}}',
    html: '<p>Hello {{firstName}},</p><p>Your course “{{title}}” was approved. <a href="{{url}}">Publish it from your courses page</a> to open it to learners; it is also published when a session of it is approved.</p>{{#if message}}<p>Message from the moderator:</p><blockquote>{{message}}</blockquote>{{/if}}',
  },
  ar: {
    subject: 'تمت الموافقة على دورتك «{{title}}»',
    text: 'مرحبًا {{firstName}}،\n\nتمت الموافقة على دورتك «{{title}}». انشرها من صفحة دوراتك لتفتحها للمتعلمين ({{url}})، وتُنشر أيضًا عند الموافقة على إحدى جلساتها.{{#if message}}\n\nرسالة من المشرف:\n{{message}}{{/if}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>تمت الموافقة على دورتك «{{title}}». <a href="{{url}}">انشرها من صفحة دوراتك</a> لتفتحها للمتعلمين، وتُنشر أيضًا عند الموافقة على إحدى جلساتها.</p>{{#if message}}<p>رسالة من المشرف:</p><blockquote>{{message}}</blockquote>{{/if}}',
  },
});

/** To the educator when an admin rejects their course, with the reason (they edit and send it again). */
export const courseRejected = defineMailTemplate({
  name: 'course-rejected',
  example: {
    firstName: 'Karim',
    title: 'Intro to Algorithms',
    url: 'http://localhost:3000/courses/live/edit?id=7',
    message: 'Week 2 has no lessons.' as string | null,
  },
  en: {
    subject: 'Your course "{{title}}" was not approved',
    text: 'Hello {{firstName}},\n\nYour course "{{title}}" was not approved.\n\nReason:\n{{message}}\n\nEdit it and send it for review again: {{url}}',
    html: '<p>Hello {{firstName}},</p><p>Your course “{{title}}” was not approved.</p><p>Reason:</p><blockquote>{{message}}</blockquote><p><a href="{{url}}">Edit it and send it for review again</a></p>',
  },
  ar: {
    subject: 'لم تتم الموافقة على دورتك «{{title}}»',
    text: 'مرحبًا {{firstName}}،\n\nلم تتم الموافقة على دورتك «{{title}}».\n\nالسبب:\n{{message}}\n\nعدّلها وأرسلها للمراجعة من جديد: {{url}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>لم تتم الموافقة على دورتك «{{title}}».</p><p>السبب:</p><blockquote>{{message}}</blockquote><p><a href="{{url}}">عدّلها وأرسلها للمراجعة من جديد</a></p>',
  },
});

/** To the educator when an admin takes their course out of the catalog, with the reason. */
export const courseUnpublished = defineMailTemplate({
  name: 'course-unpublished',
  example: {
    firstName: 'Karim',
    title: 'Intro to Algorithms',
    url: 'http://localhost:3000/courses/live/edit?id=7',
    message: 'Outdated material.' as string | null,
  },
  en: {
    subject: 'Your course "{{title}}" was unpublished',
    text: 'Hello {{firstName}},\n\nYour course "{{title}}" was taken out of the catalog: learners can no longer find it or enroll. Sessions already running go on for their learners.\n\nReason:\n{{message}}\n\nEdit it and send it for review again: {{url}}',
    html: '<p>Hello {{firstName}},</p><p>Your course “{{title}}” was taken out of the catalog: learners can no longer find it or enroll. Sessions already running go on for their learners.</p><p>Reason:</p><blockquote>{{message}}</blockquote><p><a href="{{url}}">Edit it and send it for review again</a></p>',
  },
  ar: {
    subject: 'أُلغي نشر دورتك «{{title}}»',
    text: 'مرحبًا {{firstName}}،\n\nسُحبت دورتك «{{title}}» من الدليل: لم يعد بإمكان المتعلمين العثور عليها أو التسجيل فيها. تستمر الجلسات الجارية لمتعلميها.\n\nالسبب:\n{{message}}\n\nعدّلها وأرسلها للمراجعة من جديد: {{url}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>سُحبت دورتك «{{title}}» من الدليل: لم يعد بإمكان المتعلمين العثور عليها أو التسجيل فيها. تستمر الجلسات الجارية لمتعلميها.</p><p>السبب:</p><blockquote>{{message}}</blockquote><p><a href="{{url}}">عدّلها وأرسلها للمراجعة من جديد</a></p>',
  },
});

/** To the educator when an admin publishes their course (again); `message` is an optional note, or null. */
export const coursePublished = defineMailTemplate({
  name: 'course-published',
  example: {
    firstName: 'Karim',
    title: 'Intro to Algorithms',
    url: 'http://localhost:3000/courses/7',
    message: null as string | null,
  },
  en: {
    subject: 'Your course "{{title}}" is published',
    text: 'Hello {{firstName}},\n\nYour course "{{title}}" is in the catalog: learners can find it at {{url}}{{#if message}}\n\nMessage from the moderator:\n{{message}}{{/if}}',
    html: '<p>Hello {{firstName}},</p><p>Your course “{{title}}” is in the catalog: <a href="{{url}}">learners can find it</a>.</p>{{#if message}}<p>Message from the moderator:</p><blockquote>{{message}}</blockquote>{{/if}}',
  },
  ar: {
    subject: 'نُشرت دورتك «{{title}}»',
    text: 'مرحبًا {{firstName}}،\n\nدورتك «{{title}}» في الدليل: يمكن للمتعلمين العثور عليها على {{url}}{{#if message}}\n\nرسالة من المشرف:\n{{message}}{{/if}}',
    html: '<p>مرحبًا {{firstName}}،</p><p>دورتك «{{title}}» في الدليل: <a href="{{url}}">يمكن للمتعلمين العثور عليها</a>.</p>{{#if message}}<p>رسالة من المشرف:</p><blockquote>{{message}}</blockquote>{{/if}}',
  },
});
