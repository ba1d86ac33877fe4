import { type Kysely, sql } from 'kysely';

/**
 * Course authoring and moderation: uploaded files, the course's picture/video uploads,
 * per-session syllabus content, soft deletion of sessions, moderation messages, the audit log,
 * invitations (listed by admins), and the outbox of sent mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('COURSEPICTURE','COURSEVIDEO','PROFILEPICTURE','RESUME','SIGNATURE','LESSON','COMPANYLOGO','QUESTIONPICTURE')`,
        ),
    )
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('original_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('courses')
    .addColumn('picture_upload_id', 'integer', (c) => c.references('uploads.id'))
    .addColumn('video_upload_id', 'integer', (c) => c.references('uploads.id'))
    .addColumn('moderation_message', 'text')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('content', 'jsonb')
    .addColumn('moderation_message', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id']).execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to_addresses', 'jsonb', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute();
  await db.schema.dropTable('invitations').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema
    .alterTable('sessions')
    .dropColumn('content')
    .dropColumn('moderation_message')
    .dropColumn('deleted_at')
    .execute();
  await db.schema
    .alterTable('courses')
    .dropColumn('picture_upload_id')
    .dropColumn('video_upload_id')
    .dropColumn('moderation_message')
    .execute();
  await db.schema.dropTable('uploads').ifExists().execute();
}
