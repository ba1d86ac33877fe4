import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * The mails of a course's waitlist (decisions.md Waitlist), in English and Arabic:
 * a guest's confirmation link, a new session open, a seat freed in an open session.
 */

/** To a guest who joined a waitlist: the link that confirms the address (valid 72 hours). */
export const waitlistConfirm = defineMailTemplate({
  name: 'waitlist-confirm',
  example: { title: 'Intro to Algorithms', url: 'http://localhost:3000/waitlist/confirm/abc', hours: 72 },
  en: {
    subject: 'Confirm your place on the waitlist of "{{title}}"',
    text: 'Hello,\n\nSomeone (we hope you) asked to hear when "{{title}}" has a seat for you. Confirm your address within {{hours}} hours at {{url}}\n\nIf it was not you, ignore this mail: nothing will be sent to you.',
    html: '<p>Hello,</p><p>Someone (we hope you) asked to hear when “{{title}}” has a seat for you.</p><p><a href="{{url}}">Confirm my address</a> (within {{hours}} hours)</p><p>If it was not you, ignore this mail: nothing will be sent to you.</p>',
  },
  ar: {
    subject: 'أكّد مكانك في قائمة انتظار «{{title}}»',
    text: 'مرحبًا،\n\nطلب أحدهم (نرجو أن تكون أنت) أن نُعلمه عندما يتوفر مقعد في «{{title}}». أكّد عنوانك خلال {{hours}} ساعة على {{url}}\n\nإن لم تكن أنت، فتجاهل هذه الرسالة: لن نرسل إليك شيئًا.',
    html: '<p>مرحبًا،</p><p>طلب أحدهم (نرجو أن تكون أنت) أن نُعلمه عندما يتوفر مقعد في «{{title}}».</p><p><a href="{{url}}">أكّد عنواني</a> (خلال {{hours}} ساعة)</p><p>إن لم تكن أنت، فتجاهل هذه الرسالة: لن نرسل إليك شيئًا.</p>',
  },
});

/** To a person on a course's waitlist when a new session of it is approved. */
export const waitlistSessionOpen = defineMailTemplate({
  name: 'waitlist-session-open',
  example: { title: 'Intro to Algorithms', url: 'http://localhost:3000/sessions/7' },
  en: {
    subject: 'A new session of "{{title}}" is open',
    text: 'Hello,\n\nYou asked to hear when "{{title}}" opens again: a new session is open for enrollment at {{url}}',
    html: '<p>Hello,</p><p>You asked to hear when “{{title}}” opens again: a new session is open for enrollment.</p><p><a href="{{url}}">See the session</a></p>',
  },
  ar: {
    subject: 'جلسة جديدة من «{{title}}» مفتوحة للتسجيل',
    text: 'مرحبًا،\n\nطلبت أن نُعلمك عندما تُفتح «{{title}}» من جديد: جلسة جديدة مفتوحة للتسجيل على {{url}}',
    html: '<p>مرحبًا،</p><p>طلبت أن نُعلمك عندما تُفتح «{{title}}» من جديد: جلسة جديدة مفتوحة للتسجيل.</p><p><a href="{{url}}">اعرض الجلسة</a></p>',
  },
});

/** To a person on a course's waitlist when a seat of an open session of it frees. */
export const waitlistSeatFreed = defineMailTemplate({
  name: 'waitlist-seat-freed',
  example: { title: 'Intro to Algorithms', url: 'http://localhost:3000/sessions/7' },
  en: {
    subject: 'A seat is free in "{{title}}"',
    text: 'Hello,\n\nA seat just became free in a session of "{{title}}". The first to enroll gets it: {{url}}',
    html: '<p>Hello,</p><p>A seat just became free in a session of “{{title}}”. The first to enroll gets it.</p><p><a href="{{url}}">See the session</a></p>',
  },
  ar: {
    subject: 'مقعد شاغر في «{{title}}»',
    text: 'مرحبًا،\n\nأصبح مقعد شاغرًا للتو في جلسة من «{{title}}». يحصل عليه أول من يسجّل: {{url}}',
    html: '<p>مرحبًا،</p><p>أصبح مقعد شاغرًا للتو في جلسة من «{{title}}». يحصل عليه أول من يسجّل.</p><p><a href="{{url}}">اعرض الجلسة</a></p>',
  },
});
