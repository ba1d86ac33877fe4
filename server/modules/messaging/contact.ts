import { sql } from 'kysely';
import type { AppContext, Caller } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { contactReceived } from './mails.js';

/**
 * The contact form and the admins' inbox (product.md#screens contact us, #calls `POST /contact
 * {fields}`, #messages 'Contact us failed!'). The captcha and the rate limits are applied at the edge
 * (server/platform/routes.ts, rate-limits.ts); here the message is stored, then mailed to the admins.
 */

/** The contract's ContactMessage. */
export type ContactMessageView = Schema<'ContactMessage'>;

type Row = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
};

const toView = (r: Row): ContactMessageView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
});

/**
 * POST /contact {name, email, subject, message}: stores the message (trimmed) for the inbox and
 * mails it to every ADMIN and SUPER_ADMIN not deleted, each in their language. A mail that fails
 * is logged: the message is in the inbox all the same.
 * @returns the acknowledgement shown to the sender.
 */
export async function sendContactMessage(
  app: AppContext,
  input: { name: string; email: string; subject: string; message: string },
) {
  const row = await app.db
    .insertInto('contact_messages')
    .values({
      name: input.name.trim(),
      email: input.email.trim(),
      subject: input.subject.trim(),
      message: input.message.trim(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const admins = await app.db
    .selectFrom('users')
    .select(['email', 'language'])
    .where('role', 'in', ['ADMIN', 'SUPER_ADMIN'])
    .where('status', '!=', 'DELETED')
    .execute();
  const url = `${app.config.publicUrl.replace(/\/$/, '')}/dashboard/inbox`;
  for (const admin of admins) {
    await app.mailer
      .sendTemplate(
        contactReceived,
        { name: row.name, email: row.email, subject: row.subject, message: row.message, url },
        admin,
      )
      .catch((err) => app.log.error({ err, contactMessage: row.id }, 'contact mail to an admin failed'));
  }
  return { message: 'Thank you, we will get back to you soon.' };
}

/**
 * GET /contact/messages?unread&page&pageSize: admins. Newest first.
 * @returns a page of messages, the total of the filter and the number unread overall.
 */
export async function listContactMessages(app: AppContext, q: { unread?: boolean; page: number; pageSize: number }) {
  let base = app.db.selectFrom('contact_messages');
  if (q.unread) base = base.where('read_at', 'is', null);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const { unread } = await app.db
    .selectFrom('contact_messages')
    .select(sql<number>`count(*) filter (where read_at is null)`.as('unread'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'name', 'email', 'subject', 'message', 'created_at', 'read_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { items: rows.map(toView), total: Number(total), unread: Number(unread), page: q.page, pageSize: q.pageSize };
}

/**
 * PUT /contact/messages/{id}/read: admins. Idempotent: the first reading time and reader are kept.
 * @throws 404 'Contact message not found'.
 */
export async function markContactMessageRead(app: AppContext, caller: Caller, id: number): Promise<ContactMessageView> {
  const row = await app.db
    .updateTable('contact_messages')
    .set((eb) => ({
      read_at: eb.fn.coalesce('read_at', sql<Date>`${app.now()}::timestamptz`),
      read_by: eb.fn.coalesce('read_by', sql<number>`${caller.userId}`),
    }))
    .where('id', '=', id)
    .returning(['id', 'name', 'email', 'subject', 'message', 'created_at', 'read_at'])
    .executeTakeFirst();
  if (!row) throw notFound('Contact message');
  return toView(row);
}
