import { type Kysely, sql } from 'kysely';

/**
 * Company sign-up and the captcha:
 * - `addresses.company_id`: a company's postal address lives in `addresses` beside the users'
 *   ones, owned by the company instead of a person (`user_id` becomes nullable; exactly one owner).
 *   docs/decisions.md "Company sign-up" says why.
 * - `companies.phone`: the phone number given at company sign-up (optional).
 * - `captcha_uses`: the signatures of solved ALTCHA challenges already used, until they expire,
 *   so a payload works once across every server instance (single use lives in the database).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('phone', 'text').execute();
  await db.schema
    .alterTable('addresses')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('addresses')
    .alterColumn('user_id', (c) => c.dropNotNull())
    .execute();
  await sql`alter table addresses add constraint addresses_one_owner check ((user_id is null) <> (company_id is null))`.execute(
    db,
  );
  await db.schema.createIndex('addresses_company_idx').on('addresses').column('company_id').execute();

  await db.schema
    .createTable('captcha_uses')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_uses_expires_idx').on('captcha_uses').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_uses').ifExists().execute();
  await db.deleteFrom('addresses').where('company_id', 'is not', null).execute();
  await sql`alter table addresses drop constraint if exists addresses_one_owner`.execute(db);
  await db.schema.alterTable('addresses').dropColumn('company_id').execute();
  await db.schema
    .alterTable('addresses')
    .alterColumn('user_id', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('companies').dropColumn('phone').execute();
}
