import { defineMailTemplate } from '../../platform/mail/templates.js';

/**
 * The password mails (product.md#calls POST /account/reset-password/request), in English and
 * Arabic. `url` is the single-use reset link (valid `minutes` minutes).
 */

/** To an account whose owner (or someone) asked to reset its password. */
export const passwordResetLink = defineMailTemplate({
  name: 'password-reset',
  example: {
    firstName: 'Omar',
    url: 'http://localhost:3000/reset-password?email=omar%40example.org&token=abc',
    minutes: 60,
  },
  en: {
    subject: 'Reset your Halaqa password',
    text: 'Hello {{firstName}},\n\nTo choose a new password for your Halaqa account, open this link within {{minutes}} minutes:\n\n{{url}}\n\nThe link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    html: '<p>Hello {{firstName}},</p><p>To choose a new password for your Halaqa account, open this link within {{minutes}} minutes:</p><p><a href="{{url}}">Reset my password</a></p><p>The link works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>',
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور في حلقة',
    text: 'مرحبًا {{firstName}}،\n\nلاختيار كلمة مرور جديدة لحسابك في حلقة، افتح هذا الرابط خلال {{minutes}} دقيقة:\n\n{{url}}\n\nيعمل الرابط مرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    html: '<p>مرحبًا {{firstName}}،</p><p>لاختيار كلمة مرور جديدة لحسابك في حلقة، افتح هذا الرابط خلال {{minutes}} دقيقة:</p><p><a href="{{url}}">إعادة تعيين كلمة المرور</a></p><p>يعمل الرابط مرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.</p>',
  },
});

/** To an address with no account, so that a request for it does the same work as for an account. */
export const passwordResetNoAccount = defineMailTemplate({
  name: 'password-reset-no-account',
  example: { url: 'http://localhost:3000/signup' },
  en: {
    subject: 'Reset your Halaqa password',
    text: 'Hello,\n\nSomeone asked to reset the Halaqa password of this address, but no Halaqa account uses it. If it was you, you may have signed up with another address, or you can create an account: {{url}}\n\nIf you did not ask for it, ignore this mail.',
    html: '<p>Hello,</p><p>Someone asked to reset the Halaqa password of this address, but no Halaqa account uses it. If it was you, you may have signed up with another address, or you can <a href="{{url}}">create an account</a>.</p><p>If you did not ask for it, ignore this mail.</p>',
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور في حلقة',
    text: 'مرحبًا،\n\nطلب أحدهم إعادة تعيين كلمة مرور حلقة لهذا العنوان، لكن لا يوجد حساب في حلقة بهذا العنوان. إن كنت أنت فربما سجلت بعنوان آخر، أو يمكنك إنشاء حساب: {{url}}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.',
    html: '<p>مرحبًا،</p><p>طلب أحدهم إعادة تعيين كلمة مرور حلقة لهذا العنوان، لكن لا يوجد حساب في حلقة بهذا العنوان. إن كنت أنت فربما سجلت بعنوان آخر، أو يمكنك <a href="{{url}}">إنشاء حساب</a>.</p><p>إن لم تطلب ذلك فتجاهل هذه الرسالة.</p>',
  },
});

/**
 * To an account that signs in through its organisation's directory (MA or QA single sign-on): it
 * has no Halaqa password to reset, so the mail says where to sign in instead.
 */
export const passwordResetFederated = defineMailTemplate({
  name: 'password-reset-federated',
  example: { firstName: 'Salma', provider: 'QA', url: 'http://localhost:3000/login?sign-in-with-redirect=QA' },
  en: {
    subject: 'Reset your Halaqa password',
    text: "Hello {{firstName}},\n\nSomeone asked to reset the Halaqa password of this address. This account signs in with your organisation's {{provider}} directory and has no Halaqa password: sign in with {{provider}} at {{url}}. Your password is managed by your organisation.\n\nIf you did not ask for it, ignore this mail.",
    html: '<p>Hello {{firstName}},</p><p>Someone asked to reset the Halaqa password of this address. This account signs in with your organisation’s {{provider}} directory and has no Halaqa password: <a href="{{url}}">sign in with {{provider}}</a>. Your password is managed by your organisation.</p><p>If you did not ask for it, ignore this mail.</p>',
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور في حلقة',
    text: 'مرحبًا {{firstName}}،\n\nطلب أحدهم إعادة تعيين كلمة مرور حلقة لهذا العنوان. يسجّل هذا الحساب الدخول عبر دليل {{provider}} الخاص بمؤسستك وليس له كلمة مرور في حلقة: سجّل الدخول عبر {{provider}} على {{url}}. تدير مؤسستك كلمة مرورك.\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.',
    html: '<p>مرحبًا {{firstName}}،</p><p>طلب أحدهم إعادة تعيين كلمة مرور حلقة لهذا العنوان. يسجّل هذا الحساب الدخول عبر دليل {{provider}} الخاص بمؤسستك وليس له كلمة مرور في حلقة: <a href="{{url}}">سجّل الدخول عبر {{provider}}</a>. تدير مؤسستك كلمة مرورك.</p><p>إن لم تطلب ذلك فتجاهل هذه الرسالة.</p>',
  },
});

/**
 * To the address of a self-service sign-up (learner, educator, company partner): the link that
 * proves it is the owner's (server/modules/auth/verification.ts), valid `days` days.
 */
export const emailVerificationLink = defineMailTemplate({
  name: 'email-verification',
  example: { firstName: 'Omar', url: 'http://localhost:3000/verify-email?token=abc', days: 7 },
  en: {
    subject: 'Confirm your e-mail address for Halaqa',
    text: 'Hello {{firstName}},\n\nTo confirm that this address is yours, open this link within {{days}} days:\n\n{{url}}\n\nIf you did not sign up for Halaqa, ignore this mail: the account stays unconfirmed, and the address keeps working for you.',
    html: '<p>Hello {{firstName}},</p><p>To confirm that this address is yours, open this link within {{days}} days:</p><p><a href="{{url}}">Confirm my address</a></p><p>If you did not sign up for Halaqa, ignore this mail: the account stays unconfirmed, and the address keeps working for you.</p>',
  },
  ar: {
    subject: 'أكّد عنوان بريدك الإلكتروني في حلقة',
    text: 'مرحبًا {{firstName}}،\n\nلتأكيد أن هذا العنوان عنوانك، افتح هذا الرابط خلال {{days}} أيام:\n\n{{url}}\n\nإن لم تسجّل في حلقة فتجاهل هذه الرسالة: يبقى الحساب غير مؤكَّد، ويبقى العنوان متاحًا لك.',
    html: '<p>مرحبًا {{firstName}}،</p><p>لتأكيد أن هذا العنوان عنوانك، افتح هذا الرابط خلال {{days}} أيام:</p><p><a href="{{url}}">تأكيد عنواني</a></p><p>إن لم تسجّل في حلقة فتجاهل هذه الرسالة: يبقى الحساب غير مؤكَّد، ويبقى العنوان متاحًا لك.</p>',
  },
});
