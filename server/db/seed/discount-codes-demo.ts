import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

/** The demo discount code: 20 % off the course of the first open paid public session (docs/product.md "Discount codes"). */
export const DEMO_DISCOUNT_CODE = 'WELCOME20';

/**
 * Inserts {@link DEMO_DISCOUNT_CODE}: 20 % off every session of the published public course whose open paid
 * session (price under 150 dollars) comes first by id, created by its educator, valid from the day before
 * `today` ('YYYY-MM-DD') for a year, 1,000 uses in all, one per learner. Does nothing without such a session.
 */
export async function seedDiscountCodes(db: Kysely<Database>, today: string): Promise<void> {
  const session = await db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['c.id as course_id', 'c.educator_id'])
    .where('c.status', '=', 'PUBLISHED')
    .where('c.is_private', '=', false)
    .where('s.status', 'in', ['APPROVED', 'ACTIVE'])
    .where('s.price_cents', '>', 0)
    .where('s.price_cents', '<', 15_000)
    .where('s.end_date', '>=', today)
    .orderBy('s.id')
    .executeTakeFirst();
  if (!session) return;
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 1);
  const to = new Date(from);
  to.setUTCFullYear(to.getUTCFullYear() + 1);
  await db
    .insertInto('discount_codes')
    .values({
      code: DEMO_DISCOUNT_CODE,
      kind: 'percent',
      percent_off: 20,
      amount_off_cents: null,
      course_id: session.course_id,
      session_id: null,
      company_id: null,
      created_by: session.educator_id,
      valid_from: from,
      valid_to: to,
      max_uses: 1000,
      max_uses_per_learner: 1,
      created_at: from,
    })
    .execute();
}
