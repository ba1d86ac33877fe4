import { type Kysely, sql } from 'kysely';

/**
 * Verifiable certificates (docs/product.md "Certificates"):
 * - `signing_keys`: the platform's key pairs (JWK, ES256) that sign the credentials and the status
 *   list; made on first need, never deleted (a retired key still verifies what it signed).
 * - `certificate_rules`: a session's completion rule set by its educator (minimum attendance and
 *   graded-work total, percent); a session without a row uses the defaults (docs/decisions.md).
 * - `certificate_decisions`: the educator's exception for one learner (WITHHOLD a candidate or ADD
 *   one who missed the rule) with its reason; also written to the audit log.
 * - `certificates`: one per (session, learner): its public id (uuid, the verification page's),
 *   the signed credential (VC-JWT) and its JSON, `status_index` (its bit in the revocation status
 *   list: the row's serial number), who issued and when, and the revocation (when, by whom, why).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('certificate_rules')
    .addColumn('session_id', 'integer', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('min_attendance', 'integer', (c) => c.notNull().check(sql`min_attendance between 0 and 100`))
    .addColumn('min_grade', 'integer', (c) => c.notNull().check(sql`min_grade between 0 and 100`))
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('certificate_decisions')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('decision', 'text', (c) => c.notNull().check(sql`decision in ('WITHHOLD','ADD')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('decided_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('certificate_decisions_pk', ['session_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('certificates')
    .addColumn('status_index', 'serial', (c) => c.primaryKey())
    .addColumn('id', 'uuid', (c) => c.notNull().unique())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('jwt', 'text', (c) => c.notNull())
    .addColumn('credential', 'jsonb', (c) => c.notNull())
    .addColumn('issued_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id'))
    .addColumn('revocation_reason', 'text')
    .addUniqueConstraint('certificates_session_user', ['session_id', 'user_id'])
    .execute();
  await db.schema.createIndex('certificates_user').on('certificates').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['certificates', 'certificate_decisions', 'certificate_rules', 'signing_keys']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
