import type { Schema } from '../../platform/handlers.js';
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, EnrollmentsTable } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, conflict, notFound, paymentRequired } from '../../platform/errors.js';
import { sessionSummaries } from '../courses/read-model.js';
import { activeEnrollmentsOf, enrollmentsWithCourses } from './queries.js';
import { OPEN_INTENT_STATUSES } from '../../platform/session-lifecycle.js';
import { courseVisible, tenantScopeOf } from '../../platform/tenancy.js';

/** The contract's Enrollment. `paidAmount` is integer cents (what the learner paid, fee included). */
export type EnrollmentView = Schema<'Enrollment'>;

/** Builds Enrollment views for ids, in order. */
export async function enrollmentsByIds(app: AppContext, ids: number[]): Promise<EnrollmentView[]> {
  if (ids.length === 0) return [];
  const rows = await enrollmentsWithCourses(app.db)
    .select([
      'e.id',
      'e.session_id',
      'e.user_id',
      'e.status',
      'e.created_at',
      'e.paid_amount_cents',
      'c.id as course_id',
      'c.title',
      'c.picture_url',
    ])
    .where('e.id', 'in', ids)
    .execute();
  const sessions = new Map(
    (await sessionSummaries(app.db, [...new Set(rows.map((r) => r.session_id))], app.now())).map((s) => [s.id, s]),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    const session = r && sessions.get(r.session_id);
    if (!r || !session) return [];
    return [
      {
        id: r.id,
        sessionId: r.session_id,
        userId: r.user_id,
        status: r.status,
        enrolledAt: r.created_at.toISOString(),
        paidAmount: r.paid_amount_cents,
        session,
        course: { id: r.course_id, title: r.title, pictureUrl: r.picture_url ?? '' },
      },
    ];
  });
}

/** GET /sessions/enrollments: the caller's enrollments, sessions starting soonest first. */
export async function listMyEnrollments(app: AppContext, caller: Caller): Promise<EnrollmentView[]> {
  const rows = await activeEnrollmentsOf(app.db, caller.userId)
    .select('e.id')
    .orderBy('s.end_date')
    .orderBy('s.start_date')
    .orderBy('e.id')
    .execute();
  return enrollmentsByIds(
    app,
    rows.map((r) => r.id),
  );
}

/** A session read for a seat check ({@link readOpenSession}, {@link lockOpenSession}), with what enrollment needs. */
export interface OpenSession {
  id: number;
  priceCents: number;
  maxSeats: number;
  seatsTaken: number;
  educatorId: number;
  /** How many unfinished card payments (open intents, expired or not) the caller has for the session. */
  ownHolds: number;
  /** The caller's enrollment in the session, if any (ACTIVE, or CANCELLED to reactivate), read with the seats. */
  enrollment: { id: number; status: Selectable<EnrollmentsTable>['status'] } | null;
}

/**
 * Reads the session for a seat check without locking it: the last committed state, checked open for
 * enrollment at `now` and visible to the caller, seats counted with the holds unexpired at `now`.
 * A pre-check that refuses a full session (or any other refusal) without queueing behind every
 * checkout of that session; never a substitute for {@link lockOpenSession} before a write.
 * @throws 404 unknown/invisible session; 422 session not open (pending, rejected or ended).
 */
export function readOpenSession(
  trx: Transaction<Database>,
  caller: Caller,
  sessionId: number,
  now: Date,
): Promise<OpenSession> {
  return openSession(trx, caller, sessionId, { now, lock: false });
}

/**
 * Locks the session row (FOR NO KEY UPDATE) for the rest of the transaction, then makes the checks of
 * {@link readOpenSession} (decisions.md: the seat check and the insert are one transaction).
 * @throws 404 unknown/invisible session; 422 session not open (pending, rejected or ended).
 */
export function lockOpenSession(
  trx: Transaction<Database>,
  caller: Caller,
  sessionId: number,
  now: Date,
): Promise<OpenSession> {
  return openSession(trx, caller, sessionId, { now, lock: true });
}

async function openSession(
  trx: Transaction<Database>,
  caller: Caller,
  sessionId: number,
  { now, lock }: { now: Date; lock: boolean },
): Promise<OpenSession> {
  // One round trip (migrations 0022, 0027: session_seats): the row locked FOR NO KEY UPDATE, then the
  // seats counted by a statement that starts after the lock is granted. The lock is held until
  // commit, so every round trip under it lengthens the checkout queue.
  // FOR NO KEY UPDATE, not FOR UPDATE: it still serialises the checkouts of one session and waits
  // for any change to the session's row, but not for the key-share locks that inserting an
  // enrollment or a payment intent takes on it (their foreign key). A checkout that writes those
  // first and locks the session last (payments/intents.ts) would otherwise deadlock with another.
  // Seats held for other people's unfinished card payments are taken too; the caller's own hold is theirs.
  const s = await trx
    .selectFrom(
      sql<SessionSeats>`session_seats(${sessionId}, ${caller.userId}, ${[...OPEN_INTENT_STATUSES]}::text[], ${lock}, ${now})`.as(
        'seats',
      ),
    )
    .selectAll('seats')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('courses as c')
          .innerJoin('sessions as s', 's.course_id', 'c.id')
          .select('c.id')
          .where('s.id', '=', sessionId)
          .where((eb) => courseVisible(eb, tenantScopeOf(caller))),
      ),
    )
    .executeTakeFirst();
  if (!s) throw notFound('Session');
  if ((s.status !== 'APPROVED' && s.status !== 'ACTIVE') || !s.not_ended) {
    throw new HttpError(422, 'This session is not open for enrollment');
  }
  return {
    id: sessionId,
    priceCents: s.price_cents,
    maxSeats: s.max_seats,
    seatsTaken: s.seats_taken,
    educatorId: s.educator_id,
    ownHolds: s.own_holds,
    enrollment:
      s.enrollment_id === null
        ? null
        : { id: s.enrollment_id, status: s.enrollment_status as Selectable<EnrollmentsTable>['status'] },
  };
}

/** A row of the database function session_seats (migrations 0022, 0027): a session and its seats taken. */
interface SessionSeats {
  price_cents: number;
  max_seats: number;
  status: string;
  not_ended: boolean;
  educator_id: number;
  /** ACTIVE enrollments + unexpired holds of other people's unfinished card payments (a bigint, read as a number). */
  seats_taken: number;
  /** The caller's own unfinished card payments for the session (a bigint, read as a number). */
  own_holds: number;
  /** The caller's enrollment in the session (the unique key of enrollments), if any. */
  enrollment_id: number | null;
  enrollment_status: string | null;
}

/** The caller's existing enrollment in a session, if any. */
export async function findEnrollment(db: Kysely<Database>, userId: number, sessionId: number) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Inserts the enrollment inside the caller's transaction, after {@link lockOpenSession}.
 * A USER becomes a LEARNER with their first enrollment.
 * @throws 409 'Session is full' when no seat is left; 409 'You are already enrolled in this session' when
 *   another transaction enrolled the learner meanwhile (the unique key of enrollments).
 */
export async function insertEnrollment(
  trx: Transaction<Database>,
  caller: Caller,
  session: OpenSession,
  paid: { amountCents: number; paymentIntentId: string | null; enrolledAt: Date },
): Promise<number> {
  if (session.seatsTaken >= session.maxSeats) throw conflict('Session is full');
  const row = await trx
    .insertInto('enrollments')
    .values({
      session_id: session.id,
      user_id: caller.userId,
      paid_amount_cents: paid.amountCents,
      payment_intent_id: paid.paymentIntentId,
      created_at: paid.enrolledAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      // Another transaction enrolled this learner in this session meanwhile (enrollments_session_user_key).
      if ((err as { code?: string }).code === '23505') throw conflict('You are already enrolled in this session');
      throw err;
    });
  if (caller.role === 'USER')
    await trx.updateTable('users').set({ role: 'LEARNER' }).where('id', '=', caller.userId).execute();
  return row.id;
}

/**
 * Enrolls the caller for a payment, inside the caller's transaction: their former enrollment in the
 * session (canceled, refunded) is reactivated with the payment, else one is inserted
 * ({@link insertEnrollment}). @returns the enrollment's id. @throws as {@link insertEnrollment}.
 */
export async function enrollPaid(
  trx: Transaction<Database>,
  caller: Caller,
  session: OpenSession,
  paid: { amountCents: number; paymentIntentId: string; enrolledAt: Date },
): Promise<number> {
  const existing = session.enrollment;
  if (!existing) return insertEnrollment(trx, caller, session, paid);
  await trx
    .updateTable('enrollments')
    .set({
      status: 'ACTIVE',
      paid_amount_cents: paid.amountCents,
      payment_intent_id: paid.paymentIntentId,
      created_at: paid.enrolledAt,
    })
    .where('id', '=', existing.id)
    .execute();
  return existing.id;
}

/**
 * POST /sessions/{id}/enroll (no body). Free session → enrolls (201). Already enrolled (for a paid
 * session: by its payment) → 200 with the enrollment. Paid and not paid → 402.
 * @throws 404, 422 as {@link lockOpenSession}; 409 'Session is full'; 402 'Payment required'.
 */
export async function enroll(
  app: AppContext,
  caller: Caller,
  sessionId: number,
): Promise<{ created: boolean; enrollment: EnrollmentView }> {
  const existing = await findEnrollment(app.db, caller.userId, sessionId);
  if (existing && existing.status === 'ACTIVE') {
    const [view] = await enrollmentsByIds(app, [existing.id]);
    return { created: false, enrollment: view };
  }
  const id = await app.db.transaction().execute(async (trx) => {
    const now = app.now();
    const session = await lockOpenSession(trx, caller, sessionId, now);
    const again = session.enrollment;
    if (again && again.status === 'ACTIVE') return again.id;
    if (session.priceCents > 0) throw paymentRequired('Payment required: pay for this session to enroll');
    if (again) {
      if (session.seatsTaken >= session.maxSeats) throw conflict('Session is full');
      await trx
        .updateTable('enrollments')
        .set({ status: 'ACTIVE', created_at: now })
        .where('id', '=', again.id)
        .execute();
      return again.id;
    }
    return insertEnrollment(trx, caller, session, { amountCents: 0, paymentIntentId: null, enrolledAt: now });
  });
  const [view] = await enrollmentsByIds(app, [id]);
  return { created: !existing, enrollment: view };
}
