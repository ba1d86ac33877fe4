import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** An e-mail to send. `text` is plain text; recipients are addresses. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** user who caused the mail, for the outbox record */
  sentBy?: number | null;
}

/**
 * Sends mail with nodemailer. Embedded default (DESIGN.md §2): a stream transport writing each
 * message as an RFC 5322 `.eml` file into `DATA_DIR/outbox` (null: nothing written); with
 * `SMTP_URL`, nodemailer's SMTP transport. Every message is also recorded in the `outbox` table.
 */
export class Mailer {
  private readonly transport: nodemailer.Transporter;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly outboxDir: string | null,
    smtpUrl: string | null,
    private readonly from = 'Halaqa <no-reply@halaqa.test>',
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    if (outboxDir) mkdirSync(outboxDir, { recursive: true });
  }

  /** Sends one message; @returns the outbox id. @throws when the transport fails. */
  async send(message: MailMessage): Promise<number> {
    const info = await this.transport.sendMail({ from: this.from, to: message.to.join(', '), subject: message.subject, text: message.text });
    const { id } = await this.db
      .insertInto('outbox')
      .values({ to_addresses: JSON.stringify(message.to), subject: message.subject, body: message.text, sent_by: message.sentBy ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const raw = (info as { message?: Buffer }).message;
    if (this.outboxDir && Buffer.isBuffer(raw)) writeFileSync(join(this.outboxDir, `${String(id).padStart(6, '0')}.eml`), raw);
    return id;
  }
}
