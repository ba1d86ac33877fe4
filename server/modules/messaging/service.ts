import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import { userMessage } from './mails.js';

/**
 * POST /mail/send {message, userIdsTo}: educators mail learners of their sessions, partners their
 * company's users (a partner without a company mails nobody), admins anyone.
 * @returns how many mails were queued.
 * @throws 400 unknown recipients; 403 a recipient the caller may not mail, or a partner without company.
 */
export async function sendMail(
  app: AppContext,
  caller: Caller,
  input: { message: string; userIdsTo: number[] },
): Promise<{ recipients: number }> {
  const users = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'company_id', 'language'])
    .where('id', 'in', input.userIdsTo)
    .where('status', '!=', 'DELETED')
    .execute();
  const found = new Set(users.map((u) => u.id));
  const unknown = input.userIdsTo.filter((id) => !found.has(id));
  if (unknown.length)
    throw badRequest('Some fields are invalid', [
      { path: 'userIdsTo', message: `unknown users: ${unknown.join(', ')}` },
    ]);
  if (caller.role === 'EDUCATOR') {
    const mine = new Set(
      (
        await app.db
          .selectFrom('enrollments as e')
          .innerJoin('sessions as s', 's.id', 'e.session_id')
          .select('e.user_id')
          .where('s.educator_id', '=', caller.userId)
          .where('e.user_id', 'in', input.userIdsTo)
          .execute()
      ).map((r) => r.user_id),
    );
    if (users.some((u) => !mine.has(u.id))) throw forbidden('Educators can only write to learners of their sessions');
  } else if (caller.role === 'PARTNER') {
    // No company is not a company: null would equal every other user's null (admins included).
    if (caller.companyId === null) throw forbidden('Partners without a company cannot write to anyone');
    if (users.some((u) => u.company_id !== caller.companyId))
      throw forbidden('Partners can only write to users of their company');
  }
  const sender = await app.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow();
  const name = `${sender.first_name} ${sender.last_name}`.trim();
  for (const u of users) {
    await app.mailer.sendTemplate(
      userMessage,
      { senderName: name, message: input.message },
      { email: u.email, language: u.language },
      caller.userId,
    );
  }
  return { recipients: users.length };
}
