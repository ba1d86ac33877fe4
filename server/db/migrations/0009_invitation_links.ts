import { type Kysely, sql } from 'kysely';

/**
 * Invitation links:
 * - `invitations.accepted_at`: when the invitee joined (the members list shows it as "joined");
 * - `invitations.withdrawn_at`: a partner withdrew it (`deleteInvite`); its link then reads as
 *   EXPIRED and it leaves the invitations list (the row stays, so the link never turns into a 404);
 * - an index on the company and the lower-cased e-mail (the "already invited" check of every row
 *   of a bulk file).
 * `invitations.token` holds the SHA-256 (hex) of the link's random token, never the token itself
 * (docs/decisions.md, "Invitations").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invitations')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();
  await sql`create index invitations_company_email_idx on invitations (company_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists invitations_company_email_idx`.execute(db);
  await db.schema.alterTable('invitations').dropColumn('accepted_at').dropColumn('withdrawn_at').execute();
}
