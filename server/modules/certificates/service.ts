import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { STATUS_LIST_BITS, statusPosition } from '../../../openapi/status-list.js';
import type { Schema } from '../../platform/handlers.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { conflict, forbidden, notFound, unprocessable, type FieldError } from '../../platform/errors.js';
import type { Language } from '../../db/types.js';
import { lessonsWithTypes } from '../courses/queries.js';
import { sessionGradebook } from '../gradebook/service.js';
import { attendanceFacts, attendedBy } from '../sessions/attendance-status.js';
import { classroomAccess, requireStaff, type ClassroomSession } from '../sessions/access.js';
import { meetingSlots } from '../sessions/schedule.js';
import { buildCredential, certificateUrls, signCredential, signedStatusList } from './credential.js';
import { currentSigningKey } from './keys.js';
import { certificateIssued } from './mails.js';

/**
 * Certificates of completion (docs/product.md "Certificates", openapi tag Certificates): the
 * educator's review of a finished session (who meets the session's rule, the exceptions with their
 * reasons), issuing (a signed Open Badges 3.0 credential per learner, mailed), the learner's list,
 * the public credential, the status list and revocation by an admin.
 */

export type CertificateReview = Schema<'CertificateReview'>;
export type CertificateSummary = Schema<'CertificateSummary'>;
type CertificateRef = Schema<'CertificateRef'>;

/** The rule of a session without its own (docs/decisions.md "Certificates"): 75% attendance, 60% graded work. */
export const DEFAULT_CERTIFICATE_RULE = { minAttendance: 75, minGrade: 60 } as const;

/** Whether the session's last day is over at `now` in its time zone. */
function sessionEnded(session: Pick<ClassroomSession, 'endDate' | 'timezone'>, now: Date): boolean {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(session.timezone)
    .toPlainDate();
  return Temporal.PlainDate.compare(today, Temporal.PlainDate.from(String(session.endDate).slice(0, 10))) > 0;
}

/**
 * Each learner's attendance in percent (2 decimals) of the meetings held by `now`: meetings they
 * attended (marked PRESENT or LATE, else joined) ÷ meetings held less those marked EXCUSED; 100
 * when none is left to count (sessions/attendance-status.ts).
 */
async function attendanceByLearner(
  app: AppContext,
  session: ClassroomSession,
  learnerIds: number[],
): Promise<Map<number, number>> {
  const lessons = await lessonsWithTypes(app.db)
    .select(['l.id', 'sec.week', 'l.day', 'l.start_time', 'l.duration_minutes'])
    .where('sec.course_id', '=', session.courseId)
    .where('t.code', 'in', ['meeting', 'liveSession'])
    .execute();
  const now = app.now().getTime();
  const held = new Set<string>();
  for (const l of lessons) {
    for (const slot of meetingSlots(session, {
      week: l.week,
      day: l.day,
      startTime: l.start_time,
      durationMinutes: l.duration_minutes,
    })) {
      if (slot.startsAt.getTime() <= now) held.add(`${l.id}|${slot.occurrenceDate}`);
    }
  }
  const facts = await attendanceFacts(app.db, [session.id]);
  const attended = new Map<number, number>();
  const excused = new Map<number, number>();
  for (const f of facts) {
    if (!held.has(`${f.lessonId}|${f.occurrenceDate}`)) continue;
    if (f.mark === 'EXCUSED') excused.set(f.userId, (excused.get(f.userId) ?? 0) + 1);
    else if (attendedBy(f)) attended.set(f.userId, (attended.get(f.userId) ?? 0) + 1);
  }
  const result = new Map<number, number>();
  for (const id of learnerIds) {
    const expected = held.size - (excused.get(id) ?? 0);
    result.set(id, expected > 0 ? Math.round(((attended.get(id) ?? 0) * 10_000) / expected) / 100 : 100);
  }
  return result;
}

/** The session's rule: its own row, else the defaults. */
async function ruleOf(app: AppContext, sessionId: number): Promise<{ minAttendance: number; minGrade: number }> {
  const row = await app.db
    .selectFrom('certificate_rules')
    .select(['min_attendance', 'min_grade'])
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row ? { minAttendance: row.min_attendance, minGrade: row.min_grade } : { ...DEFAULT_CERTIFICATE_RULE };
}

const refOf = (r: { id: string; issued_at: Date; revoked_at: Date | null }): CertificateRef => ({
  id: r.id,
  issuedAt: new Date(r.issued_at).toISOString(),
  revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
});

/** The review of `session` (the caller is its educator or an admin, checked before). */
async function buildReview(app: AppContext, caller: Caller, session: ClassroomSession): Promise<CertificateReview> {
  const { book } = await sessionGradebook(app, caller, session.id);
  const ids = book.rows.map((r) => r.learner.id);
  const [rule, attendance, decisions, certificates] = await Promise.all([
    ruleOf(app, session.id),
    attendanceByLearner(app, session, ids),
    app.db
      .selectFrom('certificate_decisions')
      .select(['user_id', 'decision', 'reason'])
      .where('session_id', '=', session.id)
      .execute(),
    app.db
      .selectFrom('certificates')
      .select(['id', 'user_id', 'issued_at', 'revoked_at'])
      .where('session_id', '=', session.id)
      .execute(),
  ]);
  return {
    sessionId: session.id,
    courseTitle: session.courseTitle,
    endDate: String(session.endDate).slice(0, 10),
    ended: sessionEnded(session, app.now()),
    rule,
    learners: book.rows.map((r) => {
      const a = attendance.get(r.learner.id) ?? 100;
      const d = decisions.find((x) => x.user_id === r.learner.id);
      const c = certificates.find((x) => x.user_id === r.learner.id);
      return {
        learner: { id: r.learner.id, name: r.learner.name },
        attendance: a,
        grade: r.total,
        eligible: a >= rule.minAttendance && r.total >= rule.minGrade,
        decision: d?.decision ?? null,
        reason: d?.reason ?? null,
        certificate: c ? refOf(c) : null,
      };
    }),
  };
}

/**
 * GET /sessions/{id}/certificates: the review. @throws 404 unknown session; 403 another educator.
 */
export async function certificateReview(
  app: AppContext,
  caller: Caller,
  sessionId: number,
): Promise<CertificateReview> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireStaff(access);
  return buildReview(app, caller, access.session);
}

/**
 * PUT /sessions/{id}/certificates/rule: sets the session's rule (audited 'certificate.rule').
 * @throws 404 unknown session; 403 another educator.
 */
export async function setCertificateRule(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  rule: { minAttendance: number; minGrade: number },
): Promise<CertificateReview> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireStaff(access);
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('certificate_rules')
      .values({
        session_id: sessionId,
        min_attendance: rule.minAttendance,
        min_grade: rule.minGrade,
        updated_by: caller.userId,
      })
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({
          min_attendance: rule.minAttendance,
          min_grade: rule.minGrade,
          updated_by: caller.userId,
          updated_at: app.now(),
        }),
      )
      .execute();
    await audit(trx, {
      actorId: caller.userId,
      action: 'certificate.rule',
      entityType: 'session',
      entityId: sessionId,
      message: `attendance ≥ ${rule.minAttendance}%, graded work ≥ ${rule.minGrade}%`,
    });
  });
  return buildReview(app, caller, access.session);
}

/** One choice of the educator: issue to `learnerId` or not; `reason` needed when it goes against the rule. */
export interface CertificateChoice {
  learnerId: number;
  issue: boolean;
  reason?: string;
}

/**
 * POST /sessions/{id}/certificates: issues the certificates of a finished session. A learner gets
 * one when they meet the rule and are not withheld, or when the educator adds them; learners with a
 * certificate keep it. Choices against the rule are stored with their reason (certificate_decisions)
 * and audited ('certificate.withheld' / 'certificate.added'); a choice that follows the rule clears
 * an earlier exception. Each new certificate is signed (ES256) and its learner mailed in their
 * language after the commit. One transaction.
 * @throws 404 unknown session; 403 another educator; 422 'The session has not ended yet', 'Some
 *   choices are invalid' (a learner who is not in the session, listed twice, or a choice against
 *   the rule without a reason). Nothing changes when refused.
 */
export async function issueCertificates(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  choices: readonly CertificateChoice[],
): Promise<CertificateReview> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireStaff(access);
  const session = access.session;
  if (!sessionEnded(session, app.now())) throw unprocessable('The session has not ended yet');
  const review = await buildReview(app, caller, session);
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  choices.forEach((c, i) => {
    const row = review.learners.find((l) => l.learner.id === c.learnerId);
    if (!row || seen.has(c.learnerId)) {
      errors.push({
        path: `decisions/${i}/learnerId`,
        message: row ? 'Listed twice' : 'Not a learner of this session',
      });
    } else if (c.issue !== row.eligible && !c.reason?.trim()) {
      errors.push({ path: `decisions/${i}/reason`, message: 'A reason is required' });
    }
    seen.add(c.learnerId);
  });
  if (errors.length > 0) throw unprocessable('Some choices are invalid', errors);

  const facts = await sessionFacts(app, session);
  const issued: { userId: number; id: string }[] = [];
  await app.db.transaction().execute(async (trx) => {
    for (const c of choices) {
      const row = review.learners.find((l) => l.learner.id === c.learnerId)!;
      if (c.issue === row.eligible) {
        await trx
          .deleteFrom('certificate_decisions')
          .where('session_id', '=', sessionId)
          .where('user_id', '=', c.learnerId)
          .execute();
        continue;
      }
      const decision = c.issue ? 'ADD' : 'WITHHOLD';
      const reason = c.reason!.trim();
      await trx
        .insertInto('certificate_decisions')
        .values({ session_id: sessionId, user_id: c.learnerId, decision, reason, decided_by: caller.userId })
        .onConflict((oc) =>
          oc.columns(['session_id', 'user_id']).doUpdateSet({ decision, reason, decided_by: caller.userId }),
        )
        .execute();
      await audit(trx, {
        actorId: caller.userId,
        action: c.issue ? 'certificate.added' : 'certificate.withheld',
        entityType: 'session',
        entityId: sessionId,
        message: `learner #${c.learnerId}: ${reason}`,
      });
    }
    const key = await currentSigningKey(trx);
    const now = app.now();
    for (const l of review.learners) {
      const choice = choices.find((c) => c.learnerId === l.learner.id);
      const issue = choice ? choice.issue : l.decision === 'ADD' || (l.eligible && l.decision !== 'WITHHOLD');
      if (!issue || l.certificate) continue;
      const id = randomUUID();
      // The serial number first: it is the certificate's bit in the status list.
      const { rows } = await sql<{
        next: string;
      }>`select nextval(pg_get_serial_sequence('certificates', 'status_index')) as next`.execute(trx);
      const statusIndex = Number(rows[0]!.next);
      const credential = buildCredential(app.config.publicUrl, {
        ...facts,
        id,
        issuedAt: now,
        learnerName: l.learner.name,
        rule: review.rule,
        status: statusPosition(statusIndex),
      });
      const jwt = await signCredential(credential, key);
      await trx
        .insertInto('certificates')
        .values({
          status_index: statusIndex,
          id,
          session_id: sessionId,
          user_id: l.learner.id,
          jwt,
          credential: JSON.stringify(credential),
          issued_by: caller.userId,
          issued_at: now,
        })
        .execute();
      await audit(trx, {
        actorId: caller.userId,
        action: 'certificate.issued',
        entityType: 'certificate',
        entityId: statusIndex,
        message: `session #${sessionId}, learner #${l.learner.id}`,
      });
      issued.push({ userId: l.learner.id, id });
    }
  });
  await mailIssued(app, caller, facts.courseTitle, issued);
  return buildReview(app, caller, session);
}

/** Mails each new certificate's learner in their language; a failed mail is logged (the outbox retries). */
async function mailIssued(
  app: AppContext,
  caller: Caller,
  courseTitle: string,
  issued: { userId: number; id: string }[],
): Promise<void> {
  if (issued.length === 0) return;
  const users = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language'])
    .where(
      'id',
      'in',
      issued.map((i) => i.userId),
    )
    .execute();
  const urls = certificateUrls(app.config.publicUrl);
  await Promise.all(
    issued.map(async (i) => {
      const u = users.find((x) => x.id === i.userId);
      if (!u) return;
      const lang: Language = u.language;
      await app.mailer
        .sendTemplate(
          certificateIssued,
          { firstName: u.first_name, title: courseTitle, url: `${urls.page(i.id)}${lang === 'ar' ? '?lang=ar' : ''}` },
          { email: u.email, language: lang },
          caller.userId,
        )
        .catch((err: unknown) => app.log.error({ err }, 'certificate mail failed'));
    }),
  );
}

/** What every certificate of a session says besides the learner: course, skills, hours, dates, educator. */
async function sessionFacts(app: AppContext, session: ClassroomSession) {
  const [course, skills, educator] = await Promise.all([
    app.db
      .selectFrom('courses')
      .select(['id', 'title', 'description', 'num_hours'])
      .where('id', '=', session.courseId)
      .executeTakeFirstOrThrow(),
    app.db
      .selectFrom('course_skills as cs')
      .innerJoin('skills as s', 's.id', 'cs.skill_id')
      .select('s.name')
      .where('cs.course_id', '=', session.courseId)
      .where('cs.type', '=', 'GAINED')
      .orderBy('s.name')
      .execute(),
    app.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', session.educatorId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    courseId: course.id,
    courseTitle: course.title,
    courseDescription: course.description,
    skills: skills.map((s) => s.name),
    hours: Number(course.num_hours),
    startDate: String(session.startDate).slice(0, 10),
    endDate: String(session.endDate).slice(0, 10),
    educatorId: educator.id,
    educatorName: `${educator.first_name} ${educator.last_name}`.trim(),
  };
}

/** GET /certificates/mine: the caller's certificates, newest first. */
export async function myCertificates(app: AppContext, caller: Caller): Promise<CertificateSummary[]> {
  const rows = await app.db
    .selectFrom('certificates as c')
    .innerJoin('sessions as s', 's.id', 'c.session_id')
    .innerJoin('courses as co', 'co.id', 's.course_id')
    .select(['c.id', 'c.session_id', 'co.title', 's.start_date', 's.end_date', 'c.issued_at', 'c.revoked_at'])
    .where('c.user_id', '=', caller.userId)
    .orderBy('c.issued_at', 'desc')
    .orderBy('c.status_index', 'desc')
    .execute();
  return rows.map((r) => ({
    ...refOf(r),
    sessionId: r.session_id,
    courseTitle: r.title,
    startDate: String(r.start_date).slice(0, 10),
    endDate: String(r.end_date).slice(0, 10),
  }));
}

/** GET /certificates/{id}: the signed credential. @throws 404 unknown id. */
export async function publicCertificate(app: AppContext, id: string): Promise<{ id: string; jwt: string }> {
  const row = await app.db.selectFrom('certificates').select(['id', 'jwt']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Certificate');
  return row;
}

/** A certificate with what its PDF needs, for its learner or an admin. @throws 404 unknown, or someone else's. */
export async function certificateForPdf(app: AppContext, caller: Caller, id: string) {
  const row = await app.db
    .selectFrom('certificates as c')
    .innerJoin('sessions as s', 's.id', 'c.session_id')
    .select(['c.id', 'c.user_id', 'c.credential', 'c.revoked_at', 's.educator_id'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  const staff = caller.role === 'ADMIN' || caller.role === 'SUPER_ADMIN';
  if (!row || (!staff && row.user_id !== caller.userId)) throw notFound('Certificate');
  const signature = await app.db
    .selectFrom('uploads')
    .select('storage_key')
    .where('owner_id', '=', row.educator_id)
    .where('kind', '=', 'SIGNATURE')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    id: row.id,
    credential: row.credential,
    revoked: row.revoked_at !== null,
    signatureKey: signature?.storage_key ?? null,
  };
}

/**
 * POST /certificates/{id}/revoke {reason}: admins. Sets `revoked_at` (so its status bit) and
 * audits 'certificate.revoked' with the reason, in one transaction.
 * @throws 403 not an admin (x-roles refuses first); 404 unknown; 409 already revoked.
 */
export async function revokeCertificate(
  app: AppContext,
  caller: Caller,
  id: string,
  reason: string,
): Promise<CertificateRef> {
  if (caller.role !== 'ADMIN' && caller.role !== 'SUPER_ADMIN') throw forbidden('Only admins can revoke certificates');
  return app.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('certificates')
      .select(['status_index', 'revoked_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Certificate');
    if (row.revoked_at) throw conflict('This certificate is already revoked');
    const updated = await trx
      .updateTable('certificates')
      .set({ revoked_at: app.now(), revoked_by: caller.userId, revocation_reason: reason.trim() })
      .where('id', '=', id)
      .returning(['id', 'issued_at', 'revoked_at'])
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId: caller.userId,
      action: 'certificate.revoked',
      entityType: 'certificate',
      entityId: row.status_index,
      message: reason.trim(),
    });
    return refOf(updated);
  });
}

/**
 * GET /certificate-status/{list}: the signed status list `list` as it is now (revoked certificates'
 * bits set). @throws 404 a list that holds no certificate yet (beyond the last one; list 1 always exists).
 */
export async function statusListJwt(app: AppContext, list: number): Promise<string> {
  const size = STATUS_LIST_BITS;
  const from = (list - 1) * size + 1;
  if (list > 1) {
    const any = await app.db
      .selectFrom('certificates')
      .select('status_index')
      .where('status_index', '>=', from)
      .limit(1)
      .executeTakeFirst();
    if (!any) throw notFound('Status list');
  }
  const revoked = await app.db
    .selectFrom('certificates')
    .select('status_index')
    .where('status_index', '>=', from)
    .where('status_index', '<', from + size)
    .where('revoked_at', 'is not', null)
    .execute();
  const key = await currentSigningKey(app.db);
  return signedStatusList(
    app.config.publicUrl,
    list,
    revoked.map((r) => statusPosition(r.status_index).index),
    key,
    app.now(),
  );
}
