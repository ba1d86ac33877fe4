import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Mail } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AppMetrics } from './metrics.js';
import { renderMail, type MailData, type MailLocale, type MailTemplate } from './mail/templates.js';

/** Who a templated mail goes to, and in which language (`users.language`, product.md#overview). */
export interface MailRecipient {
  email: string;
  language: MailLocale;
}

/** An e-mail to send. `text` is plain text; recipients are addresses. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** HTML alternative of `text` (a whole document), when the mail comes from a template */
  html?: string;
  /** user who caused the mail, for the outbox record */
  sentBy?: number | null;
}

/**
 * Sends mail with nodemailer. Embedded default (architecture.md): a stream transport writing each
 * message as an RFC 5322 `.eml` file into `DATA_DIR/outbox` (null: nothing written); with
 * `SMTP_URL`, nodemailer's SMTP transport. Every message is also recorded in the `outbox` table.
 * With `metrics`, each message counts as sent or failed by the transport (`halaqa_mails_total`).
 */
export class Mailer {
  private readonly transport: Mail<unknown>;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly outboxDir: string | null,
    smtpUrl: string | null,
    private readonly metrics: Pick<AppMetrics, 'mail'> | null = null,
    private readonly from = 'Halaqa <no-reply@halaqa.test>',
  ) {
    this.transport = smtpUrl
      ? createTransport(smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    if (outboxDir) mkdirSync(outboxDir, { recursive: true });
  }

  /** Sends one message; @returns the outbox id. @throws when the transport fails. */
  async send(message: MailMessage): Promise<number> {
    let info: unknown;
    try {
      info = await this.transport.sendMail({
        from: this.from,
        to: message.to.join(', '),
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    } catch (err) {
      this.metrics?.mail('failed');
      throw err;
    }
    this.metrics?.mail('sent');
    const { id } = await this.db
      .insertInto('outbox')
      .values({
        to_addresses: JSON.stringify(message.to),
        subject: message.subject,
        body: message.text,
        sent_by: message.sentBy ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const raw = (info as { message?: Buffer }).message;
    // Written on libuv's threads: a synchronous write held the event loop for every receipt of the
    // enrollment storm (3% of the server's time there).
    if (this.outboxDir && Buffer.isBuffer(raw))
      await writeFile(join(this.outboxDir, `${String(id).padStart(6, '0')}.eml`), raw);
    return id;
  }

  /**
   * Renders `template` in the recipient's language (server/platform/mail/templates.ts) and sends it
   * as text with an HTML alternative. Every mail the product sends goes through here (* mails in the recipient's language from templates, never string concatenation).
   * @returns the outbox id. @throws when the template lacks data or the transport fails.
   */
  async sendTemplate<D extends MailData>(
    template: MailTemplate<D>,
    data: D,
    to: MailRecipient,
    sentBy: number | null = null,
  ): Promise<number> {
    const mail = renderMail(template, data, to.language);
    return this.send({ to: [to.email], subject: mail.subject, text: mail.text, html: mail.html, sentBy });
  }
}
