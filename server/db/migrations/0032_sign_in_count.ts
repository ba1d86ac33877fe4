import { type Kysely, sql } from 'kysely';

/**
 * How many times an account has signed in (`users.sign_in_count`), counted when a sign-in
 * session opens (server/platform/sign-in-sessions.ts), so the dashboard greets a first sign-in
 * with "Welcome" and later ones with "Welcome back". Accounts that exist before this migration
 * have signed in before as far as anyone can tell: they start at 1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column sign_in_count integer not null default 0`.execute(db);
  await sql`update users set sign_in_count = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column if exists sign_in_count`.execute(db);
}
