import type { Kysely } from 'kysely';
import type { Database, Language } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { mailLanguages } from '../../platform/mail/recipients.js';
import { invitationMail } from './mails.js';
import { invitationExpiresAt, invitationUrl, linkWorks, newInvitationToken } from './invitation-links.js';

/**
 * The transactional outbox of invitation mails: the server's queue mails an invitation after its
 * commit, the periodic jobs mail the ones a crash or a refusing mail server left (migration 0026).
 */

/** What mailing an invitation needs of the app (the request's context, or the periodic jobs'). */
export type InvitationMailContext = Pick<AppContext, 'db' | 'mailer' | 'config' | 'log' | 'now'>;

/**
 * Mails an invitation, once per (re)send: the transactional outbox of invitation mails
 * (migration 0026). One statement claims the row (`mailed_at` set) if it is still unmailed,
 * PENDING, not withdrawn and not expired, gives it a fresh link token (only its SHA-256 is kept,
 * so the link of an earlier mail stops working) and reads the mail's data; the mail goes in the
 * invitee's language (their account's, else the company's). If sending fails the claim is given
 * back (`mailed_at` null again, unless a resend has claimed it since), and the periodic jobs
 * ({@link unmailedInvitations}) try again. Called by the server's invitation-mail queue after the
 * answer (AppContext.invitationMails) and by the jobs, never inside a request's transaction.
 * A failure is logged, never thrown. A crash between the claim and the send loses that one mail
 * (a mail server cannot be part of the transaction): the partner's Resend sends it again.
 * @returns whether a mail was sent
 */
export async function mailInvitation(app: InvitationMailContext, invitationId: number): Promise<boolean> {
  try {
    const { token, hash } = newInvitationToken();
    const now = app.now();
    const row = await app.db
      .updateTable('invitations as i')
      .from(['companies as c', 'users as u'])
      .set({ mailed_at: now, token: hash })
      .whereRef('c.id', '=', 'i.company_id')
      .whereRef('u.id', '=', 'i.invited_by')
      .where('i.id', '=', invitationId)
      .where('i.mailed_at', 'is', null)
      .where((eb) => linkWorks(eb, now))
      .returning([
        'i.id',
        'i.email',
        'i.role',
        'i.created_at',
        'i.invited_by',
        'c.name as company_name',
        'c.language as company_language',
        'u.first_name',
        'u.last_name',
      ])
      .executeTakeFirst();
    if (!row) return false;
    try {
      const language: Language = (await mailLanguages(app.db, [row.email])).get(row.email) ?? row.company_language;
      await app.mailer.sendTemplate(
        invitationMail,
        {
          companyName: row.company_name,
          inviterName: `${row.first_name} ${row.last_name}`.trim(),
          asEducator: row.role === 'EDUCATOR',
          url: invitationUrl(app, token),
          expiresOn: invitationExpiresAt(row.created_at).toISOString().slice(0, 10),
        },
        { email: row.email, language },
        row.invited_by,
      );
      return true;
    } catch (err) {
      await app.db
        .updateTable('invitations')
        .set({ mailed_at: null })
        .where('id', '=', invitationId)
        .where('token', '=', hash)
        .execute();
      throw err;
    }
  } catch (err) {
    app.log.error({ err, invitationId }, 'mailing an invitation failed; the jobs will retry');
    return false;
  }
}

/**
 * The periodic jobs' part: invitations made a minute or more before `now` whose mail was not sent (the
 * server stopped before its queue ran, or the mail server refused), still usable, up to 500,
 * oldest first; the jobs mail each with {@link mailInvitation}, which claims it.
 */
export async function unmailedInvitations(db: Kysely<Database>, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('invitations as i')
    .select('i.id')
    .where('i.mailed_at', 'is', null)
    .where((eb) => linkWorks(eb, now))
    .where('i.created_at', '<=', new Date(now.getTime() - 60_000))
    .orderBy('i.created_at')
    .orderBy('i.id')
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}
