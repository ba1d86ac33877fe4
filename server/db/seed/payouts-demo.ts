import type { Transaction } from 'kysely';
import { postLedgerTransaction } from '../../platform/money/ledger.js';
import type { Database } from '../types.js';
import { DEMO_COURSES, type DemoCourse } from './demo-courses.js';
import { extraLearner } from './demo-users.js';
import { type SeedContext, addDays, feeCents } from './seed-context.js';

/**
 * The delivered paid cohorts whose earnings are ready to pay out, one per educator: their e-mail
 * and the learners who paid by card. Educators no other demo journey uses, so that one paying out
 * changes nobody else's figures; learners enrolled in nothing else that has ended.
 */
export const PAYOUTS_DEMO_COHORTS = [
  { educator: 'educator4@halaqa.test', learners: [extraLearner(13), extraLearner(14)] },
  { educator: 'educator3@halaqa.test', learners: [extraLearner(13), extraLearner(14)] },
] as const;

/** Days between the end of a payout demo cohort and the seeding day. */
const ENDED_DAYS_AGO = 14;

/**
 * Delivered paid cohorts (docs/product.md "Payouts"), so an educator has earnings ready to pay out
 * on a fresh start: for each of PAYOUTS_DEMO_COHORTS, a session of the educator's first paid course
 * (DEMO_COURSES order) with fewer than three sessions (a course offers at most three), that ended ENDED_DAYS_AGO days before `ctx.today`, at the price of that
 * course's first session, whose learners paid by card — a succeeded intent, an ACTIVE enrollment,
 * and the ledger transaction a card payment posts (`postLedgerTransaction`: funding −total,
 * educator earnings +price, platform fees +fee, `ctx.feeRule`), dated the day they enrolled.
 * @returns the number of sessions added (a cohort whose course or accounts are missing is skipped).
 */
export async function seedPayoutsDemo(trx: Transaction<Database>, ctx: SeedContext): Promise<number> {
  let added = 0;
  for (const cohort of PAYOUTS_DEMO_COHORTS) {
    const demo = DEMO_COURSES.find(
      (c: DemoCourse) =>
        c.educator === cohort.educator && c.sessions.length < 3 && c.sessions.some((s) => s.priceCents > 0),
    );
    const course = demo
      ? await trx
          .selectFrom('courses')
          .select(['id', 'educator_id', 'title'])
          .where('title', '=', demo.title)
          .executeTakeFirst()
      : undefined;
    const model = course
      ? await trx
          .selectFrom('sessions')
          .select(['schedule', 'timezone', 'price_cents', 'max_seats'])
          .where('course_id', '=', course.id)
          .where('price_cents', '>', 0)
          .orderBy('id')
          .executeTakeFirst()
      : undefined;
    const learners = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', [...cohort.learners])
      .execute();
    if (!demo || !course || !model || learners.length !== cohort.learners.length) continue;

    const endDate = addDays(ctx.today, -ENDED_DAYS_AGO);
    const startDate = addDays(endDate, -(demo.weeks.length * 7 - 1));
    const { id: sessionId } = await trx
      .insertInto('sessions')
      .values({
        course_id: course.id,
        educator_id: course.educator_id,
        start_date: startDate,
        end_date: endDate,
        timezone: model.timezone,
        schedule: JSON.stringify(model.schedule),
        max_seats: model.max_seats,
        price_cents: model.price_cents,
        status: 'ACTIVE',
        created_at: new Date(`${addDays(startDate, -30)}T12:00:00Z`),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    added++;

    const price = model.price_cents;
    const fee = feeCents(price, ctx.feeRule);
    for (const [i, learner] of learners.entries()) {
      const paidAt = new Date(`${addDays(startDate, -10 + i)}T10:00:00Z`);
      const intentId = `pi_demo_${sessionId}_${learner.id}`;
      await trx
        .insertInto('payment_intents')
        .values({
          id: intentId,
          user_id: learner.id,
          session_id: sessionId,
          amount_cents: price + fee,
          fee_cents: fee,
          currency: 'USD',
          status: 'succeeded',
          payment_method: 'card',
          enrollment_id: null,
          created_at: paidAt,
          receipt_mailed_at: paidAt,
        })
        .execute();
      const { id: enrollmentId } = await trx
        .insertInto('enrollments')
        .values({
          session_id: sessionId,
          user_id: learner.id,
          status: 'ACTIVE',
          paid_amount_cents: price + fee,
          payment_intent_id: intentId,
          created_at: paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('payment_intents')
        .set({ enrollment_id: enrollmentId })
        .where('id', '=', intentId)
        .execute();
      const txId = await postLedgerTransaction(
        trx,
        'CARD_PAYMENT',
        [
          {
            account: 'FUNDING',
            ownerId: null,
            amountCents: -(price + fee),
            reason: 'PAYMENT',
            sessionId,
            description: `Card payment ${intentId}`,
          },
          {
            account: 'EARNINGS',
            ownerId: course.educator_id,
            amountCents: price,
            reason: 'EARNING',
            sessionId,
            description: `Enrollment in session #${sessionId}`,
          },
          {
            account: 'PLATFORM_FEES',
            ownerId: null,
            amountCents: fee,
            reason: 'FEE',
            sessionId,
            description: `Platform fee for session #${sessionId}`,
          },
        ],
        intentId,
      );
      // Booked when the learner paid, not when the demo was loaded.
      await trx.updateTable('ledger_transactions').set({ created_at: paidAt }).where('id', '=', txId).execute();
      await trx.updateTable('ledger_entries').set({ created_at: paidAt }).where('transaction_id', '=', txId).execute();
    }
  }
  return added;
}
