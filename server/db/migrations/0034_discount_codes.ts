import { type Kysely, sql } from 'kysely';

/**
 * Discount codes (docs/product.md "Discount codes", docs/decisions.md "Discount codes"): a code
 * takes a percent (1–100) or a fixed amount (cents) off one course's price, optionally for one
 * session only, valid from/to two instants, usable `max_uses` times in all and
 * `max_uses_per_learner` times by one learner. A partner's code has `company_id`: only that
 * company's members may use it. `uses` is counted by a conditional UPDATE (`uses < max_uses`) in the
 * transaction that enrolls, and the check keeps it there whatever a statement does;
 * `discount_code_uses` keeps one row a use (who, which session, which payment). A payment intent
 * keeps the code it was priced with and the cents it took off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent','fixed')`))
    .addColumn('percent_off', 'integer', (c) => c.check(sql`percent_off between 1 and 100`))
    .addColumn('amount_off_cents', 'integer', (c) => c.check(sql`amount_off_cents > 0`))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id'))
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_to', 'timestamptz', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull().check(sql`max_uses > 0`))
    .addColumn('max_uses_per_learner', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_uses_per_learner > 0`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('discount_codes_uses_bounded', sql`uses between 0 and max_uses`)
    .addCheckConstraint('discount_codes_window', sql`valid_from < valid_to`)
    .addCheckConstraint(
      'discount_codes_value',
      sql`(kind = 'percent' and percent_off is not null and amount_off_cents is null) or (kind = 'fixed' and amount_off_cents is not null and percent_off is null)`,
    )
    .execute();
  await db.schema.createIndex('discount_codes_course_idx').on('discount_codes').column('course_id').execute();
  await db.schema
    .createTable('discount_code_uses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code_id', 'integer', (c) => c.notNull().references('discount_codes.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('payment_intent_id', 'text', (c) => c.notNull().references('payment_intents.id'))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().check(sql`discount_cents >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('discount_code_uses_code_user_idx')
    .on('discount_code_uses')
    .columns(['code_id', 'user_id'])
    .execute();
  await sql`alter table payment_intents add column discount_code_id integer references discount_codes(id)`.execute(db);
  await sql`alter table payment_intents add column discount_cents integer not null default 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_intents drop column if exists discount_cents`.execute(db);
  await sql`alter table payment_intents drop column if exists discount_code_id`.execute(db);
  await db.schema.dropTable('discount_code_uses').ifExists().execute();
  await db.schema.dropTable('discount_codes').ifExists().execute();
}
