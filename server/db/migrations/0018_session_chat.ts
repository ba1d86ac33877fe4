import { type Kysely, sql } from 'kysely';

/**
 * Session chat (docs/classroom.md "Session chat"): `chat_messages` holds the
 * messages of each session's chat, plain text of 1 to 1000 characters. A deleted message keeps its
 * row (`deleted_at`, `deleted_by`) and leaves the history. Indexes: the history pages by
 * (session, id); the per-user rate limit counts a user's recent messages (user, created_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 1000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('chat_messages_session_idx').on('chat_messages').columns(['session_id', 'id']).execute();
  await db.schema
    .createIndex('chat_messages_user_idx')
    .on('chat_messages')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').ifExists().execute();
}
