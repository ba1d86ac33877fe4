import { type Kysely, sql } from 'kysely';

/**
 * Sign-ins that sign-out can end, and rate-limit counters shared by every instance.
 * - `auth_sessions`: one row per sign-in (password or directory). Access tokens carry its id
 *   (claim `sid`) and are accepted only while the row is neither revoked nor expired (OWASP ASVS
 *   3.3.1: sign-out invalidates the session). `last_used_at` is when the sign-in last got a token
 *   (sign-in or refresh): requests do not write it, so checking a token stays one read.
 * - `auth_refresh_tokens`: the refresh tokens of a sign-in, stored as SHA-256, each used once
 *   (ASVS 3.5, rotation): a used one presented again ends the sign-in (reuse detection).
 * - `federated_sessions.session_id` links a directory's tokens to their sign-in; the old
 *   `refresh_hash` goes: refresh cookies issued before this migration refresh no more (their
 *   users sign in again), as access tokens without `sid` are refused.
 * - `rate_limit_counters`: fixed-window counters of the sign-in protection, one row per key
 *   (server/platform/rate-limits.ts), so several instances count together.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('password', 'federated')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();
  await db.schema.createIndex('auth_sessions_expires_idx').on('auth_sessions').column('expires_at').execute();
  await db.schema
    .createTable('auth_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('auth_refresh_tokens_session_idx')
    .on('auth_refresh_tokens')
    .column('session_id')
    .execute();
  await sql`update federated_sessions set ended_at = now() where ended_at is null`.execute(db);
  await sql`alter table federated_sessions drop column refresh_hash`.execute(db);
  await sql`alter table federated_sessions add column session_id uuid references auth_sessions (id) on delete cascade`.execute(
    db,
  );
  await db.schema.createIndex('federated_sessions_session_idx').on('federated_sessions').column('session_id').execute();
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_idx')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').ifExists().execute();
  await sql`alter table federated_sessions drop column if exists session_id`.execute(db);
  await sql`alter table federated_sessions add column if not exists refresh_hash text unique`.execute(db);
  await db.schema.dropTable('auth_refresh_tokens').ifExists().execute();
  await db.schema.dropTable('auth_sessions').ifExists().execute();
}
