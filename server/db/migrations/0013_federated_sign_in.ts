import { type Kysely, sql } from 'kysely';

/**
 * MA and QA single sign-on (product.md#overview–#states, #limits):
 * - `federated_logins`: authorization requests under way (state → PKCE verifier, nonce, where to
 *   return, the hash of the browser-binding cookie), single use, kept 10 minutes;
 * - `federated_identities`: which Halaqa user a directory subject is (provisioned on first sign-in);
 * - `federated_sessions`: one per federated sign-in: the hashes of Halaqa's hand-off code and
 *   refresh token, and the provider's refresh and ID tokens (refresh, RP-initiated logout).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federated_logins')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('redirect', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('federated_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('federated_identities_pkey', ['provider', 'subject'])
    .execute();
  await db.schema
    .createTable('federated_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('handoff_hash', 'text', (c) => c.unique())
    .addColumn('handoff_expires_at', 'timestamptz')
    .addColumn('provider_refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('refreshed_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('federated_sessions_user_idx').on('federated_sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federated_sessions').ifExists().execute();
  await db.schema.dropTable('federated_identities').ifExists().execute();
  await db.schema.dropTable('federated_logins').ifExists().execute();
}
