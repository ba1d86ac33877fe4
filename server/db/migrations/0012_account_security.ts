import { type Kysely, sql } from 'kysely';

/**
 * Account security:
 * - `users.token_version`: a counter carried by every access token (claim `tv`); changing or
 *   resetting the password increments it, so the account's other sign-ins stop working (their
 *   tokens carry the old number; server/platform/authn.ts compares on every request).
 * - `password_resets`: one row per reset request. Only the SHA-256 of the mailed token is kept;
 *   a token is valid for one hour (`expires_at`) and once (`used_at`). Requests for addresses with
 *   no account are recorded too (`user_id` null, never usable), so both cases do the same work.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
