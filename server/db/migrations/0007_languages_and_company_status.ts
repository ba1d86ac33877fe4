import { type Kysely, sql } from 'kysely';

/**
 * Companies run their own academy:
 * - `users.language` ('en' | 'ar', default 'en'): the language of the mails a user receives
 *   (product.md#overview, English and Arabic); set at sign-up from the interface language.
 * - `companies.status` ('PENDING' | 'APPROVED' | 'REJECTED', default 'APPROVED' for the companies
 *   that exist): a company that signs up waits for an admin, as its partner account does (product.md#roles).
 * - `companies.language`: the company's language, used for mails to people who have no account yet
 *   (invitations).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en').check(sql`language in ('en', 'ar')`))
    .execute();
  await db.schema
    .alterTable('companies')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('APPROVED').check(sql`status in ('PENDING', 'APPROVED', 'REJECTED')`),
    )
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en').check(sql`language in ('en', 'ar')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('status').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
