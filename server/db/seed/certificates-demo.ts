import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { statusPosition } from '../../../openapi/status-list.js';
import type { Database } from '../types.js';
import { buildCredential, signCredential } from '../../modules/certificates/credential.js';
import { currentSigningKey } from '../../modules/certificates/keys.js';
import { gradedItems } from '../../modules/gradebook/queries.js';
import { lessonsWithTypes } from '../../modules/courses/queries.js';
import { meetingSlots } from '../../modules/sessions/schedule.js';
import { DEMO_CLASSROOM_LEARNER, DEMO_COURSES } from './demo-courses.js';
import { extraLearner } from './demo-users.js';
import { addDays } from './seed-context.js';

/** The course of the finished demo session (educator@halaqa.test's). */
export const CERTIFICATES_DEMO_COURSE = 'React and TypeScript: Building Production Web Apps';
/** Its learners: the first three met the rule and have a certificate (the third's revoked); the last did not attend. */
export const CERTIFICATES_DEMO_LEARNERS = [DEMO_CLASSROOM_LEARNER, extraLearner(5), extraLearner(6), extraLearner(7)];
/** The reason given for the revoked demo certificate. */
const REVOCATION_REASON = 'Issued under a misspelt name; a corrected certificate will follow.';

/**
 * A finished cohort of CERTIFICATES_DEMO_COURSE with its certificates (docs/product.md
 * "Certificates"), so "My certificates", the verification page and the educator's review are not
 * empty on a fresh start: a free session that ended four weeks before `today`, its four learners'
 * attendance (all meetings; the last learner none) and graded work (quizzes and assignments at 70
 * to 95%), and the certificates issued two days after its end by its educator under the default
 * rule: learner@halaqa.test's, learner5's and learner6's, the last revoked by an admin. Signed with
 * the platform's key (made here on a fresh database), with `publicUrl` in their URLs.
 * @returns the number of certificates (0 when the course or its learners are missing).
 */
export async function seedCertificatesDemo(db: Kysely<Database>, today: string, publicUrl: string): Promise<number> {
  const demo = DEMO_COURSES.find((c) => c.title === CERTIFICATES_DEMO_COURSE);
  const course = await db
    .selectFrom('courses as c')
    .innerJoin('users as u', 'u.id', 'c.educator_id')
    .select(['c.id', 'c.title', 'c.description', 'c.num_hours', 'c.educator_id', 'u.first_name', 'u.last_name'])
    .where('c.title', '=', CERTIFICATES_DEMO_COURSE)
    .executeTakeFirst();
  const model = course
    ? await db
        .selectFrom('sessions')
        .select('schedule')
        .where('course_id', '=', course.id)
        .orderBy('id')
        .executeTakeFirst()
    : undefined;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'role'])
    .where('email', 'in', [...CERTIFICATES_DEMO_LEARNERS, 'admin@halaqa.test'])
    .execute();
  const admin = users.find((u) => u.email === 'admin@halaqa.test');
  const learners = CERTIFICATES_DEMO_LEARNERS.map((e) => users.find((u) => u.email === e)).filter(
    (u) => u !== undefined,
  );
  if (!demo || !course || !model || !admin || learners.length !== CERTIFICATES_DEMO_LEARNERS.length) return 0;

  const weeks = demo.weeks.length;
  const startDate = addDays(today, -(weeks * 7 + 28));
  const endDate = addDays(startDate, weeks * 7 - 1);
  const timezone = 'America/Chicago';
  const { id: sessionId } = await db
    .insertInto('sessions')
    .values({
      course_id: course.id,
      educator_id: course.educator_id,
      start_date: startDate,
      end_date: endDate,
      timezone,
      schedule: JSON.stringify(model.schedule),
      max_seats: 25,
      price_cents: 0,
      status: 'ACTIVE',
      created_at: new Date(`${addDays(startDate, -30)}T12:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('enrollments')
    .values(
      learners.map((l) => ({
        session_id: sessionId,
        user_id: l.id,
        status: 'ACTIVE' as const,
        payment_intent_id: null,
        created_at: new Date(`${addDays(startDate, -7)}T12:00:00Z`),
      })),
    )
    .execute();

  // Attendance: every meeting, but the last learner.
  const times = { startDate, endDate, timezone, schedule: model.schedule };
  const meetings = await lessonsWithTypes(db)
    .select(['l.id', 'sec.week', 'l.day', 'l.start_time', 'l.duration_minutes'])
    .where('sec.course_id', '=', course.id)
    .where('t.code', 'in', ['meeting', 'liveSession'])
    .execute();
  const joins = meetings.flatMap((m) =>
    meetingSlots(times, {
      week: m.week,
      day: m.day,
      startTime: m.start_time,
      durationMinutes: m.duration_minutes,
    }).flatMap((slot) =>
      learners.slice(0, 3).map((l) => ({
        session_id: sessionId,
        lesson_id: m.id,
        user_id: l.id,
        occurrence_date: slot.occurrenceDate,
        joined_at: new Date(slot.startsAt.getTime() + 2 * 60_000),
      })),
    ),
  );
  if (joins.length > 0) await db.insertInto('attendance').values(joins).execute();

  // Graded work: 95, 85, 75 and 70% of each item's points.
  const SHARES = [0.95, 0.85, 0.75, 0.7];
  const submittedAt = new Date(`${addDays(endDate, -1)}T15:00:00Z`);
  for (const item of await gradedItems(db, course.id)) {
    for (const [i, l] of learners.entries()) {
      const score = Math.round(item.points * SHARES[i]! * 100) / 100;
      if (item.kind === 'QUIZ') {
        await db
          .insertInto('quiz_attempts')
          .values({
            lesson_id: item.lessonId,
            session_id: sessionId,
            user_id: l.id,
            status: 'AUTOGRADED',
            answers: '{}',
            started_at: new Date(submittedAt.getTime() - 20 * 60_000),
            submitted_at: submittedAt,
            score,
            max_score: item.points,
          })
          .execute();
      } else {
        await db
          .insertInto('submissions')
          .values({
            lesson_id: item.lessonId,
            session_id: sessionId,
            user_id: l.id,
            kind: item.kind === 'LAB' ? 'CODE' : 'DOCUMENT',
            document_url: item.kind === 'LAB' ? null : '/uploads/demo/report.pdf',
            document_name: item.kind === 'LAB' ? null : 'report.pdf',
            code: item.kind === 'LAB' ? 'export {};' : null,
            results: null,
            status: item.kind === 'LAB' ? 'AUTOGRADED' : 'DONE',
            grade: Math.round(score),
            comment: null,
            late: false,
            submitted_at: submittedAt,
            // Handed in weeks ago: the per-minute submission limit (the database's clock) leaves it out.
            created_at: submittedAt,
            graded_at: submittedAt,
            graded_by: item.kind === 'LAB' ? null : course.educator_id,
          })
          .execute();
      }
    }
  }

  // The certificates, issued two days after the end; the third revoked three days later.
  const skills = await db
    .selectFrom('course_skills as cs')
    .innerJoin('skills as s', 's.id', 'cs.skill_id')
    .select('s.name')
    .where('cs.course_id', '=', course.id)
    .where('cs.type', '=', 'GAINED')
    .orderBy('s.name')
    .execute();
  const key = await currentSigningKey(db);
  const issuedAt = new Date(`${addDays(endDate, 2)}T10:00:00Z`);
  const holders = learners.slice(0, 3);
  for (const [i, l] of holders.entries()) {
    const id = randomUUID();
    const { rows } = await sql<{
      next: string;
    }>`select nextval(pg_get_serial_sequence('certificates', 'status_index')) as next`.execute(db);
    const statusIndex = Number(rows[0]!.next);
    const credential = buildCredential(publicUrl, {
      id,
      issuedAt,
      learnerName: `${l.first_name} ${l.last_name}`.trim(),
      courseId: course.id,
      courseTitle: course.title,
      courseDescription: course.description,
      skills: skills.map((s) => s.name),
      hours: Number(course.num_hours),
      startDate,
      endDate,
      educatorId: course.educator_id,
      educatorName: `${course.first_name} ${course.last_name}`.trim(),
      rule: { minAttendance: 75, minGrade: 60 },
      status: statusPosition(statusIndex),
    });
    const revoked = i === holders.length - 1;
    await db
      .insertInto('certificates')
      .values({
        status_index: statusIndex,
        id,
        session_id: sessionId,
        user_id: l.id,
        jwt: await signCredential(credential, key),
        credential: JSON.stringify(credential),
        issued_by: course.educator_id,
        issued_at: issuedAt,
        revoked_at: revoked ? new Date(issuedAt.getTime() + 3 * 86_400_000) : null,
        revoked_by: revoked ? admin.id : null,
        revocation_reason: revoked ? REVOCATION_REASON : null,
      })
      .execute();
  }
  return holders.length;
}
