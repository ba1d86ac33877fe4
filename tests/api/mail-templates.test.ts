import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineMailTemplate, renderMail } from '../../server/platform/mail/templates.js';
import { accountApproved, accountDeleted, accountRejected, invitationMail } from '../../server/modules/users/mails.js';
import { paymentReceipt } from '../../server/modules/payments/mails.js';
import {
  sessionApproved,
  sessionCancelledForLearner,
  sessionDeletedForEducator,
  sessionRejected,
  waitlistSessionOpen,
} from '../../server/modules/sessions/mails.js';
import { contactReceived, userMessage } from '../../server/modules/messaging/mails.js';
import {
  courseApproved,
  coursePublished,
  courseRejected,
  courseUnpublished,
} from '../../server/modules/courses/mails.js';
import { waitlistConfirm, waitlistSeatFreed } from '../../server/modules/courses/waitlist-mails.js';
import { emailVerificationLink } from '../../server/modules/auth/mails.js';
import { certificateIssued } from '../../server/modules/certificates/mails.js';
import { Mailer } from '../../server/platform/mailer.js';
import { startTestApp } from './harness.js';

const ALL = [
  paymentReceipt,
  certificateIssued,
  accountApproved,
  accountRejected,
  accountDeleted,
  invitationMail,
  sessionApproved,
  sessionRejected,
  sessionCancelledForLearner,
  sessionDeletedForEducator,
  waitlistSessionOpen,
  waitlistConfirm,
  waitlistSeatFreed,
  userMessage,
  contactReceived,
  courseApproved,
  courseRejected,
  courseUnpublished,
  coursePublished,
  emailVerificationLink,
];

describe('mail templates (mails in the recipient language)', () => {
  it.each(ALL.map((t) => [t.name, t] as const))(
    '%s renders fully in English and in Arabic (right-to-left)',
    (_name, template) => {
      const en = renderMail(template, template.example, 'en');
      const ar = renderMail(template, template.example, 'ar');
      expect(en.subject).not.toBe('');
      expect(en.html).toContain('<html lang="en" dir="ltr">');
      expect(ar.html).toContain('<html lang="ar" dir="rtl">');
      expect(ar.text).toMatch(/[\u0600-\u06FF]/);
      expect(ar.subject).toMatch(/[\u0600-\u06FF]/);
      expect(en.text).not.toMatch(/[\u0621-\u064A]{3}/);
      expect(en.text.endsWith('— Halaqa\n')).toBe(true);
      expect(ar.text.endsWith('— حلقة\n')).toBe(true);
    },
  );

  it('escapes data in the HTML part but not in the plain-text part', () => {
    const m = renderMail(userMessage, { senderName: 'Eve <script>', message: 'a < b & "c"' }, 'en');
    expect(m.html).toContain('Eve &lt;script&gt;');
    expect(m.html).not.toContain('<script>');
    expect(m.text).toContain('a < b & "c"');
  });

  it('refuses to render when a field the template uses is missing (strict mode)', () => {
    const t = defineMailTemplate({
      name: 't',
      example: { who: 'x' },
      en: { subject: 'Hi {{who}}', text: '{{who}}', html: '{{who}}' },
      ar: { subject: 'مرحبا {{who}}', text: '{{who}}', html: '{{who}}' },
    });
    expect(() => renderMail(t, {} as { who: string }, 'ar')).toThrow(/who/);
  });

  it('a templated mail lands in the outbox table and as an .eml with text and HTML parts', async () => {
    const t = await startTestApp();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'halaqa-outbox-'));
      const mailer = new Mailer(t.db, dir, null);
      const id = await mailer.sendTemplate(
        sessionRejected,
        sessionRejected.example,
        { email: 'karim@example.org', language: 'ar' },
        null,
      );
      const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.subject).toBe('لم تتم الموافقة على جلستك من «Intro to Algorithms»');
      expect(row.body).toContain('السبب:');
      const [file] = readdirSync(dir);
      const eml = readFileSync(join(dir, file), 'utf8');
      expect(eml).toMatch(/Content-Type: text\/plain/);
      expect(eml).toMatch(/Content-Type: text\/html/);
      expect(eml).toMatch(/multipart\/alternative/);
    } finally {
      await t.close();
    }
  });
});
