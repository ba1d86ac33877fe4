import { type Kysely, sql } from 'kysely';

/**
 * When an invitation's mail was sent: the transactional outbox of invitation mails
 * (server/modules/users/invitations.ts, docs/decisions.md "Invitations and company members").
 * A partner's invite writes the row with `mailed_at` null in its transaction; after the commit
 * the server's invitation-mail queue (AppContext.invitationMails) claims it (`mailed_at` set, one
 * statement), mails it, and gives the claim back (null) if sending fails; the periodic jobs mail
 * the ones left null for a minute (a crash between the commit and the mail, a mail server down).
 * A resend sets it null again. Invitations made before this migration were mailed in their
 * request, and rows written without saying otherwise (the demo data) count as mailed: the column
 * defaults to now().
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invitations add column mailed_at timestamptz default now()`.execute(db);
  await sql`create index invitations_unmailed on invitations (created_at) where mailed_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists invitations_unmailed`.execute(db);
  await sql`alter table invitations drop column if exists mailed_at`.execute(db);
}
