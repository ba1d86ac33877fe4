import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/platform/errors.js';
import { checkSeatAtCommit, seatCheckRefusal, type SeatCheck } from '../../server/modules/sessions/seat-check.js';
import { insertLearner, insertOpenSession } from './course-fixtures.js';
import { t, useTestApp } from './card-payments-setup.js';

useTestApp();

/** A session with `maxSeats` seats at 10,000 cents and `active` learners enrolled; its id, educator and a new learner. */
async function sessionWith(maxSeats: number, active: number) {
  const { id } = await insertOpenSession(t.db, { priceCents: 10_000, maxSeats });
  const { educator_id: educatorId } = await t.db
    .selectFrom('sessions')
    .select('educator_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const learner = async (n: number) =>
    (
      await insertLearner(t.db, {
        email: `seat-${id}-${n}@seats.halaqa.test`,
        firstName: 'Seat',
        lastName: String(n),
      })
    ).id;
  for (let n = 0; n < active; n++)
    await t.db
      .insertInto('enrollments')
      .values({ session_id: id, user_id: await learner(n), paid_amount_cents: 10_000, payment_intent_id: null })
      .execute();
  return { id, educatorId, userId: await learner(active) };
}

/**
 * Runs a transaction that writes a marker (a learning goal of the learner would do; an enrollment
 * is what a checkout writes) and queues `check`; answers the HTTP error of a refused commit, or null.
 */
async function commitWith(check: SeatCheck, enroll: boolean): Promise<HttpError | null> {
  try {
    await t.db.transaction().execute(async (trx) => {
      if (enroll)
        await trx
          .insertInto('enrollments')
          .values({
            session_id: check.sessionId,
            user_id: check.userId,
            paid_amount_cents: 10_000,
            payment_intent_id: null,
          })
          .execute();
      await checkSeatAtCommit(trx, check);
    });
    return null;
  } catch (e) {
    const mapped = seatCheckRefusal(e);
    if (mapped instanceof HttpError) return mapped;
    throw e;
  }
}

const enrolled = async (sessionId: number) =>
  (
    await t.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', sessionId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow()
  ).n;

describe('the seat check made at commit', () => {
  it('commits the last seat, then refuses the next one with 409 and rolls its writes back', async () => {
    const s = await sessionWith(3, 2);
    const check = { sessionId: s.id, userId: s.userId, now: new Date(), priceCents: 10_000, educatorId: s.educatorId };
    expect(await commitWith({ ...check, takes: 0 }, true)).toBeNull();
    expect(Number(await enrolled(s.id))).toBe(3);
    const other = await insertLearner(t.db, {
      email: `seat-${s.id}-x@seats.halaqa.test`,
      firstName: 'S',
      lastName: 'X',
    });
    const refused = await commitWith({ ...check, userId: other.id, takes: 0 }, true);
    expect(refused).toMatchObject({ statusCode: 409, message: 'Session is full' });
    expect(Number(await enrolled(s.id))).toBe(3);
    // A new hold needs a seat beyond those counted.
    expect(await commitWith({ ...check, userId: other.id, takes: 1 }, false)).toMatchObject({ statusCode: 409 });
    // No check outlives its transaction.
    expect(await t.db.selectFrom('seat_checks').selectAll().execute()).toEqual([]);
  });

  it('refuses a session whose price or educator changed (409), closed (422) or deleted (404)', async () => {
    const s = await sessionWith(10, 0);
    const check = {
      sessionId: s.id,
      userId: s.userId,
      now: new Date(),
      priceCents: 10_000,
      educatorId: s.educatorId,
      takes: 1 as const,
    };
    expect(await commitWith({ ...check, priceCents: 9_000 }, false)).toMatchObject({
      statusCode: 409,
      message: 'The price of this session changed: start again',
    });
    expect(await commitWith({ ...check, educatorId: s.educatorId + 1 }, false)).toMatchObject({
      statusCode: 409,
      message: 'This session changed: start again',
    });
    expect(await commitWith({ ...check, educatorId: null }, false)).toBeNull();
    await t.db.updateTable('sessions').set({ status: 'REJECTED' }).where('id', '=', s.id).execute();
    expect(await commitWith(check, false)).toMatchObject({ statusCode: 422 });
    await t.db.updateTable('sessions').set({ deleted_at: new Date() }).where('id', '=', s.id).execute();
    expect(await commitWith(check, false)).toMatchObject({ statusCode: 404 });
  });

  it('keeps a session open until the end of its last day in its own time zone, then refuses it (422)', async () => {
    const s = await sessionWith(10, 0);
    // Its last day is 10 May 2031 in Honolulu (UTC−10): 11 May 05:00 UTC is still 10 May 19:00 there.
    await t.db
      .updateTable('sessions')
      .set({ start_date: '2031-05-01', end_date: '2031-05-10', timezone: 'Pacific/Honolulu' } as never)
      .where('id', '=', s.id)
      .execute();
    const check = {
      sessionId: s.id,
      userId: s.userId,
      priceCents: 10_000,
      educatorId: s.educatorId,
      takes: 1 as const,
    };
    expect(await commitWith({ ...check, now: new Date('2031-05-11T05:00:00Z') }, false)).toBeNull();
    expect(await commitWith({ ...check, now: new Date('2031-05-11T10:30:00Z') }, false)).toMatchObject({
      statusCode: 422,
    });
  });
});
