import { type Kysely, sql } from 'kysely';

/**
 * Initial schema: companies (tenants), users, reference data, courses with their syllabus,
 * sessions (cohorts), enrollments, payment intents, the double-entry ledger, idempotency keys
 * and reviews. Money columns are integer cents (USD); see docs/decisions.md "Money".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('acronym', 'text', (c) => c.notNull().unique())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('USER','LEARNER','EDUCATOR','PARTNER','ADMIN','SUPER_ADMIN')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('APPROVED').check(sql`status in ('PENDING','APPROVED','REJECTED','DELETED')`),
    )
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('picture_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('languages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('skills')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('lesson_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('educator_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('about', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id'))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('num_hours', 'integer', (c) => c.notNull())
    .addColumn('difficulty_level', 'text', (c) =>
      c.notNull().check(sql`difficulty_level in ('BEGINNER','INTERMEDIATE','ADVANCED')`),
    )
    .addColumn('has_multi_instructors', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_private', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('picture_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('DRAFT')
        .check(sql`status in ('DRAFT','PENDING','APPROVED','REJECTED','PUBLISHED','UNPUBLISHED')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('course_skills')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('REQUIRED','GAINED')`))
    .addPrimaryKeyConstraint('course_skills_pkey', ['course_id', 'skill_id', 'type'])
    .execute();
  await db.schema
    .createTable('sections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('week', 'integer', (c) => c.notNull().check(sql`week >= 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lessons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('lesson_type_id', 'integer', (c) => c.notNull().references('lesson_types.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes >= 0`))
    .addColumn('link', 'text')
    .addColumn('day', 'text', (c) =>
      c.check(sql`day in ('sunday','monday','tuesday','wednesday','thursday','friday','saturday')`),
    )
    .addColumn('start_time', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('educator_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('schedule', 'jsonb', (c) => c.notNull())
    .addColumn('max_seats', 'integer', (c) => c.notNull().check(sql`max_seats >= 1`))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING','APPROVED','REJECTED','ACTIVE','EXPIRED')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sessions_dates_ordered', sql`end_date >= start_date`)
    .execute();

  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('card','wallet')`))
    .addColumn('enrollment_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('enrollments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(sql`status in ('ACTIVE','CANCELLED')`))
    .addColumn('paid_amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_intent_id', 'text', (c) => c.references('payment_intents.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('enrollments_session_user_key', ['session_id', 'user_id'])
    .execute();

  // Double-entry ledger: a transaction groups entries whose amounts sum to zero.
  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text', (c) => c.references('payment_intents.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account', 'text', (c) =>
      c.notNull().check(sql`account in ('WALLET','EARNINGS','PLATFORM_FEES','FUNDING')`),
    )
    .addColumn('owner_id', 'integer', (c) => c.references('users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ledger_entries_owner_idx')
    .on('ledger_entries')
    .columns(['account', 'owner_id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('rating_value', 'integer', (c) => c.notNull().check(sql`rating_value between 1 and 5`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reviews_course_user_key', ['course_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'reviews',
    'idempotency_keys',
    'ledger_entries',
    'ledger_transactions',
    'enrollments',
    'payment_intents',
    'sessions',
    'lessons',
    'sections',
    'course_skills',
    'courses',
    'lesson_types',
    'skills',
    'languages',
    'categories',
    'users',
    'companies',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
