import { type Kysely, sql } from 'kysely';

/**
 * Learning goals (product.md#calls "Learning goals", DESIGN.md #overview): a learner's target
 * skills, one row per (user, skill). Progress is not stored: it is derived when read from the
 * learner's enrollments and the courses' gained skills (docs/decisions.md "Learning goals").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('learning_goals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('learning_goals_user_skill_key', ['user_id', 'skill_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('learning_goals').ifExists().execute();
}
