import type { Kysely } from 'kysely';
import type { Database, Language } from '../../db/types.js';

/**
 * The mail language of each address that belongs to an account (`users.language`, migration 0007).
 * Addresses with no account (a waitlist e-mail, an invitee) are absent: the caller picks their
 * fallback (the company's language for an invitee, English otherwise).
 * @param emails addresses as stored (compared case-insensitively)
 * @returns a map from each given address to its language
 */
export async function mailLanguages(db: Kysely<Database>, emails: readonly string[]): Promise<Map<string, Language>> {
  const out = new Map<string, Language>();
  if (emails.length === 0) return out;
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await db
    .selectFrom('users')
    .select(['email', 'language'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', lower))
    .execute();
  const byLower = new Map(rows.map((r) => [r.email.toLowerCase(), r.language]));
  for (const e of emails) {
    const l = byLower.get(e.toLowerCase());
    if (l) out.set(e, l);
  }
  return out;
}
