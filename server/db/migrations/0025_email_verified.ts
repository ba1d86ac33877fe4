import { type Kysely, sql } from 'kysely';

/**
 * When an account's e-mail address was proven to be its owner's (`users.email_verified_at`). A
 * self-service sign-up (learner, educator, company partner) starts unverified and is verified by
 * the mailed link (server/modules/auth/verification.ts); until then its address claims nothing: a
 * directory user with that address signs in over it (docs/decisions.md "E-mail ownership").
 * Every other way an account is made proves the address or is trusted — demo data, invitation
 * links, directories, administrators — so the column defaults to the time of insert, and accounts
 * made before this migration count as verified.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column email_verified_at timestamptz default now()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column if exists email_verified_at`.execute(db);
}
