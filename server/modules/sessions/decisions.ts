import { type Transaction } from 'kysely';
import type { Database, Language } from '../../db/types.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, forbidden, notFound } from '../../platform/errors.js';
import { sessionSummaries, type SessionSummary } from '../courses/read-model.js';
import { quoteCents } from '../../platform/money/fees.js';
import { postLedgerTransaction } from '../../platform/money/ledger.js';
import { sessionApproved, sessionCancelledForLearner, sessionDeletedForEducator, sessionRejected } from './mails.js';
import { activeLearners } from './queries.js';
import { liveSessionWithCourse } from '../courses/queries.js';
import { notifyWaitlist } from '../courses/waitlist.js';

/**
 * An admin's decisions on a session request (approve, reject, delete) and the mails they send after
 * the commit (sessions/moderation.ts takes the requests and lists them).
 */

export const isStaff = (c: Caller) => c.role === 'ADMIN' || c.role === 'SUPER_ADMIN';

/** Loads a session (not deleted) with its course's educator and company, locked FOR UPDATE with `lock`. @throws 404. */
export async function sessionRow(db: AppContext['db'] | Transaction<Database>, id: number, { lock = false } = {}) {
  let q = liveSessionWithCourse(db, id)
    .innerJoin('users as u', 'u.id', 's.educator_id')
    .select([
      's.id',
      's.status',
      's.educator_id',
      's.course_id',
      's.price_cents',
      'c.educator_id as course_educator_id',
      'c.company_id',
      'c.title',
      'c.status as course_status',
      'u.email as educator_email',
      'u.first_name as educator_first_name',
      'u.language as educator_language',
    ]);
  if (lock) q = q.forUpdate('s');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Session');
  return row;
}

export const ownsSession = (caller: Caller, row: { educator_id: number; course_educator_id: number }) =>
  caller.userId === row.educator_id || caller.userId === row.course_educator_id;

/** Mails sent after a moderation decision commits (never inside the transaction). */
type AfterCommit = Array<() => Promise<unknown>>;

/**
 * POST /sessions/{id}/approve {message?}: admins. The session becomes APPROVED (ACTIVE on its
 * dates) and appears in explore; its course is PUBLISHED unless an admin unpublished it; the
 * educator is mailed; the decision is audited. @throws 404; 409 unless the session is PENDING or REJECTED (the contract's "Not PENDING → 409").
 */
export async function approveSession(
  app: AppContext,
  caller: Caller,
  id: number,
  message: string | null,
): Promise<SessionSummary> {
  const after: AfterCommit = [];
  await app.db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, id, { lock: true });
    if (row.status !== 'PENDING' && row.status !== 'REJECTED')
      throw new HttpError(409, `Only a pending or rejected session can be approved (this one is ${row.status})`);
    await trx
      .updateTable('sessions')
      .set({ status: 'APPROVED', moderation_message: message })
      .where('id', '=', id)
      .execute();
    // Approving a session approves its course's content too: a course not yet published (draft, pending, approved,
    // rejected) is published with it; one an admin unpublished stays out of the catalog (docs/decisions.md "Course moderation").
    const published = await trx
      .updateTable('courses')
      .set({ status: 'PUBLISHED', moderation_message: null, updated_at: app.now() })
      .where('id', '=', row.course_id)
      .where('status', 'not in', ['PUBLISHED', 'UNPUBLISHED'])
      .executeTakeFirst();
    if (Number(published.numUpdatedRows) > 0) {
      await audit(trx, {
        actorId: caller.userId,
        action: 'course.published',
        entityType: 'course',
        entityId: row.course_id,
        message: `with session #${id}`,
      });
    }
    await audit(trx, {
      actorId: caller.userId,
      action: 'session.approved',
      entityType: 'session',
      entityId: id,
      message,
    });
    // The course's confirmed waitlist hears of the new session once the approval is committed.
    after.push(() => notifyWaitlist(app, { kind: 'session-open', sessionId: id }));
    after.push(() =>
      app.mailer.sendTemplate(
        sessionApproved,
        { firstName: row.educator_first_name, sessionId: id, title: row.title, message },
        { email: row.educator_email, language: row.educator_language },
        caller.userId,
      ),
    );
  });
  await Promise.all(after.map((f) => f().catch((err) => app.log.error({ err }, 'mail after approval failed'))));
  const [s] = await sessionSummaries(app.db, [id], app.now());
  return s;
}

/**
 * POST /sessions/{id}/reject {message}: admins. The session becomes REJECTED (never in explore),
 * the educator is mailed the reason; audited. @throws 404; 409 unless PENDING (the contract's "Not PENDING → 409").
 */
export async function rejectSession(
  app: AppContext,
  caller: Caller,
  id: number,
  message: string,
): Promise<SessionSummary> {
  const after: AfterCommit = [];
  await app.db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, id, { lock: true });
    if (row.status !== 'PENDING')
      throw new HttpError(409, `Only a pending session can be rejected (this one is ${row.status})`);
    await trx
      .updateTable('sessions')
      .set({ status: 'REJECTED', moderation_message: message })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      actorId: caller.userId,
      action: 'session.rejected',
      entityType: 'session',
      entityId: id,
      message,
    });
    after.push(() =>
      app.mailer.sendTemplate(
        sessionRejected,
        { firstName: row.educator_first_name, sessionId: id, title: row.title, message },
        { email: row.educator_email, language: row.educator_language },
        caller.userId,
      ),
    );
  });
  await Promise.all(after.map((f) => f().catch((err) => app.log.error({ err }, 'mail after rejection failed'))));
  const [s] = await sessionSummaries(app.db, [id], app.now());
  return s;
}

/**
 * POST /sessions/{id}/delete {message}: admins, or the session's educator while it is PENDING or
 * REJECTED. In one transaction: enrolled learners are refunded what they paid to their wallet
 * (a balanced ledger transaction reversing the payment), their enrollments cancelled, and the
 * session hidden (soft delete, kept for the ledger). Learners and educator are mailed; audited.
 * @throws 404; 403 an educator deleting an approved session or another's.
 */
export async function deleteSession(
  app: AppContext,
  caller: Caller,
  id: number,
  message: string,
): Promise<{ id: number }> {
  const mails: Array<{ to: string; name: string; language: Language }> = [];
  let info: Awaited<ReturnType<typeof sessionRow>> | null = null;
  await app.db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, id, { lock: true });
    info = row;
    if (!isStaff(caller)) {
      if (!ownsSession(caller, row)) throw forbidden('You can only delete your own sessions');
      if (row.status !== 'PENDING' && row.status !== 'REJECTED')
        throw forbidden('An approved session can only be deleted by an admin');
    }
    const enrolled = await activeLearners(trx)
      .select([
        'e.id',
        'e.user_id',
        'e.paid_amount_cents',
        'e.payment_intent_id',
        'u.email',
        'u.first_name',
        'u.language',
      ])
      .where('e.session_id', '=', id)
      .execute();
    for (const e of enrolled) {
      if (e.paid_amount_cents > 0) {
        const intent = e.payment_intent_id
          ? await trx
              .selectFrom('payment_intents')
              .select(['fee_cents'])
              .where('id', '=', e.payment_intent_id)
              .executeTakeFirst()
          : null;
        const feeCents = intent?.fee_cents ?? quoteCents(row.price_cents, app.config.fee).feeCents;
        const priceCents = e.paid_amount_cents - feeCents;
        await postLedgerTransaction(
          trx,
          'SESSION_REFUND',
          [
            {
              account: 'WALLET',
              ownerId: e.user_id,
              amountCents: e.paid_amount_cents,
              reason: 'REFUND',
              sessionId: id,
              description: `Refund: session #${id} was cancelled`,
            },
            {
              account: 'EARNINGS',
              ownerId: row.educator_id,
              amountCents: -priceCents,
              reason: 'REFUND',
              sessionId: id,
              description: `Refund to a learner of session #${id}`,
            },
            {
              account: 'PLATFORM_FEES',
              ownerId: null,
              amountCents: -feeCents,
              reason: 'REFUND',
              sessionId: id,
              description: `Fee refunded for session #${id}`,
            },
          ],
          e.payment_intent_id,
        );
      }
      mails.push({ to: e.email, name: e.first_name, language: e.language });
    }
    await trx
      .updateTable('enrollments')
      .set({ status: 'CANCELLED' })
      .where('session_id', '=', id)
      .where('status', '=', 'ACTIVE')
      .execute();
    await trx
      .updateTable('sessions')
      .set({ deleted_at: app.now(), moderation_message: message })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      actorId: caller.userId,
      action: 'session.deleted',
      entityType: 'session',
      entityId: id,
      message,
    });
  });
  const row = info as Awaited<ReturnType<typeof sessionRow>> | null;
  if (row) {
    const sends = [
      ...mails.map((m) =>
        app.mailer.sendTemplate(
          sessionCancelledForLearner,
          { firstName: m.name, sessionId: id, title: row.title, message },
          { email: m.to, language: m.language },
          caller.userId,
        ),
      ),
      app.mailer.sendTemplate(
        sessionDeletedForEducator,
        { sessionId: id, title: row.title, message },
        { email: row.educator_email, language: row.educator_language },
        caller.userId,
      ),
    ];
    await Promise.all(sends.map((p) => p.catch((err) => app.log.error({ err }, 'mail after deletion failed'))));
  }
  return { id };
}
