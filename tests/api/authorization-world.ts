import { sql, type Kysely } from 'kysely';
import type { Database, LessonTypeCode } from '../../server/db/types.js';
import { hashInvitationToken } from '../../server/modules/users/invitation-links.js';
import { hashWaitlistToken } from '../../server/modules/courses/waitlist.js';
import { enroll, insertCourse } from './course-fixtures.js';
import { multipart, PNG_1PX, type FilePart, type TestApp } from './harness.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { TokenService } from '../../server/platform/tokens.js';
import { weekly } from '../fixtures.js';

/**
 * The fixture world of the authorization matrix (tests/api/authorization-matrix.test.ts), built once
 * per file on top of the demo seed:
 *
 * - company A = NCAI, company B = MOROCCO (demo companies);
 * - the callers, one per role: SUPER_ADMIN and ADMIN (demo, no company), and of company A an
 *   EDUCATOR (`edu.a@matrix.test`, created here), the LEARNER `learner@ncai.halaqa.test`, the
 *   PARTNER `partner@ncai.halaqa.test` and a USER (`user.a@matrix.test`, created here), and anonymous;
 * - the others whose resources are targets: company B's educator (`edu.b@matrix.test`), learner and
 *   partner; another educator without company (`educator@halaqa.test`) and its learner
 *   (`learner@halaqa.test`); another learner of company A (`learner.a2@matrix.test`), enrolled in
 *   the caller educator's session next to the caller learner;
 * - three courses built alike ({@link CourseWorld}): `A` (educator A, attached to company A, public),
 *   `B` (educator B, private to company B) and `O` (the educator without company, public), each with
 *   a lesson of every kind the classroom calls use (meeting, reading, assignment, two quizzes,
 *   programming assignment), an ACTIVE session with its learners, their quiz attempts and
 *   submissions, paid sessions with their learners' payment intents, a free session nobody is in
 *   and PENDING sessions for moderation; plus `privA` (private to company A), draft courses to edit,
 *   cards, an external account and a course picture upload; a learning goal (skill Git) of each
 *   learner and of the USER, and the skill Docker, which nobody has as a goal yet.
 *
 * Sessions run 2031-05-05 (a Monday) to 2031-06-01 in America/Denver; the app's clock is
 * {@link MATRIX_NOW} (Wednesday of week 1, during the weekly meeting), so that each owner's call can
 * succeed. Everything is made either directly in the database (catalog rows) or through the API by
 * its owner (attempts, submissions, cards, intents, uploads), before the write log is installed.
 */

/** The app's clock for the matrix: Wednesday 2031-05-07 06:10 in Denver (MDT), inside the meeting. */
export const MATRIX_NOW = new Date('2031-05-07T12:10:00Z');

/** Caller keys: one identity per role, plus anonymous. */
export const CALLERS = ['superAdmin', 'admin', 'educator', 'learner', 'partner', 'user', 'anon'] as const;
export type CallerKey = (typeof CALLERS)[number];

/** The role each caller key signs in with (anonymous: none). */
export const ROLE_OF: Record<CallerKey, string | null> = {
  superAdmin: 'SUPER_ADMIN',
  admin: 'ADMIN',
  educator: 'EDUCATOR',
  learner: 'LEARNER',
  partner: 'PARTNER',
  user: 'USER',
  anon: null,
};

export const EMAIL = {
  superAdmin: 'superadmin@halaqa.test',
  admin: 'admin@halaqa.test',
  educator: 'edu.a@matrix.test',
  learner: 'learner@ncai.halaqa.test',
  partner: 'partner@ncai.halaqa.test',
  user: 'user.a@matrix.test',
  learnerA2: 'learner.a2@matrix.test',
  educatorB: 'edu.b@matrix.test',
  learnerB: 'learner@morocco.halaqa.test',
  partnerB: 'partner@morocco.halaqa.test',
  educatorO: 'educator@halaqa.test',
  learnerO: 'learner@halaqa.test',
} as const;
export type Person = keyof typeof EMAIL;

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** The smallest MP4 header `file-type` recognises. */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);
export const pdfPart = (): FilePart => ({ filename: 'work.pdf', contentType: 'application/pdf', content: PDF });
export const pngPart = (): FilePart => ({ filename: 'p.png', contentType: 'image/png', content: PNG_1PX });
export const mp4Part = (): FilePart => ({ filename: 'v.mp4', contentType: 'video/mp4', content: MP4 });

/** Price of the paid sessions (cents) and what a learner pays for one (price + fee 5 % + 50 ¢). */
export const PAID_PRICE_CENTS = 1000;
export const PAID_TOTAL_CENTS = 1100;

/** One course of the world with its lessons, sessions and learners' work (ids). */
export interface CourseWorld {
  courseId: number;
  educator: Person;
  lessons: Record<'meeting' | 'reading' | 'assignment' | 'quiz' | 'quiz2' | 'code', number>;
  /** Question (TRUE_FALSE) of `quiz` and of `quiz2`. */
  questions: { quiz: number; quiz2: number };
  /** The ACTIVE free session where its learners are enrolled. */
  session: number;
  /** Who is enrolled in `session`. */
  learners: Person[];
  /** A free ACTIVE session nobody is enrolled in (enrollment target). */
  openSession: number;
  /** Paid ACTIVE sessions: `paid[0]` holds intents to confirm, `paid[1]` intents to cancel, `paid[2]`/`paid[3]` are free of intents (card / wallet targets). */
  paid: number[];
  /** PENDING sessions: `pending.approve`, `.reject`, `.delete`, `.content` (one per moderation call, each used up by its first success). */
  pending: Record<'approve' | 'reject' | 'delete' | 'content', number>;
  /** By learner: quiz attempt of `quiz` (saveQuizAnswer) and of `quiz2` (submitQuizAttempt). */
  attempts: Partial<Record<Person, { quiz: number; quiz2: number }>>;
  /** By learner: their submission of `assignment`. */
  submissions: Partial<Record<Person, number>>;
  /** By learner: their payment intents on `paid[0]` (to confirm/authenticate) and `paid[1]` (to cancel). */
  intents: Partial<Record<Person, { confirm: string; cancel: string }>>;
  /** A DRAFT course of the same educator and company, edited by saveCourse?id= (so `courseId` stays untouched). */
  draftCourseId: number;
  /**
   * Courses of the same educator for course moderation, each used up by its first
   * success: PENDING (`approve`, `reject`), PUBLISHED (`unpublish`), APPROVED (`publish`).
   */
  review: Record<'approve' | 'reject' | 'unpublish' | 'publish', number>;
  /** A session chat message of `session` by its last learner (deleteChatMessage: the educator's to delete, not another learner's). */
  chatMessage: number;
}

/** The world: people, companies, courses and the callers' own things. */
export interface World {
  ids: Record<Person, number>;
  companyA: number;
  companyB: number;
  A: CourseWorld;
  B: CourseWorld;
  O: CourseWorld;
  /** A published course of educator A private to company A, with an ACTIVE session. */
  privA: { courseId: number; session: number };
  /** Cards (pm_…) by person: `main` (kept), `spare` (for removeCard). */
  cards: Partial<Record<Person, { main: string; spare: string }>>;
  /** Course picture upload of educator A (saveCourse needs one). */
  educatorPictureId: number;
  /** PENDING users for the admin decisions, and a user to delete. */
  pendingUsers: { approve: number; reject: number; remove: number };
  /**
   * Invitations: `tokenUser` a PENDING link to the USER caller's own e-mail (into company A);
   * `withdrawA`/`withdrawB` and `resendA`/`resendB` pending invitations of companies A and B; `memberA`/`memberB` learners to remove.
   */
  invitations: {
    tokenUser: string;
    withdrawA: number;
    withdrawB: number;
    resendA: number;
    resendB: number;
    memberA: number;
    memberB: number;
  };
  /** A guest's waitlist confirmation link (course O) and a message of the admins' contact inbox. */
  waitlistToken: string;
  contactMessageId: number;
  /**
   * Texts only admins (and company B, which has no caller) may ever read: company B's private
   * course titles and its learner's e-mail. No 2xx answer to another caller may contain them.
   */
  secretsOfB: string[];
  /** Learning goals by person: the skill Git, for each learner and the USER. */
  learningGoals: Partial<Record<Person, number>>;
  /** A skill nobody in the world has as a learning goal (createLearningGoal). */
  freshGoalSkill: number;
  /** Bearer tokens by caller key (anonymous: none). */
  tokens: Record<Exclude<CallerKey, 'anon'>, string>;
  /** A second sign-in of each caller, for the call that ends the caller's own sign-in (signOut). */
  spareTokens: Record<Exclude<CallerKey, 'anon'>, string>;
  /**
   * Reviews: `own` the caller learner's review of the private course of A (enrolled in
   * its session; the learner's review of course A is left to createCourseReview); `A2` learnerA2's
   * of course A, `B` learnerB's of course B, `O` learnerO's of course O.
   */
  reviews: { own: number; A2: number; B: number; O: number };
}

const MONDAY_WEDNESDAY = weekly({
  monday: { start: '18:00', end: '19:30' },
  wednesday: { start: '06:00', end: '07:00' },
});

async function insertUser(
  db: Kysely<Database>,
  email: string,
  role: string,
  companyId: number | null,
  status = 'APPROVED',
): Promise<number> {
  const hash = (
    await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'admin@halaqa.test')
      .executeTakeFirstOrThrow()
  ).password_hash;
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: hash,
      first_name: 'Matrix',
      last_name: email.split('@')[0]!,
      role: role as 'USER',
      status: status as 'APPROVED',
      company_id: companyId,
      picture_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Builds the world on `t` (a started app with the demo seed, clock {@link MATRIX_NOW}).
 * @throws when a setup call by an owner does not succeed (the world would not be what the matrix assumes).
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.db;
  const company = async (acronym: string) =>
    (await db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
  const companyA = await company('NCAI');
  const companyB = await company('MOROCCO');
  const ids = {} as Record<Person, number>;
  ids.educator = await insertUser(db, EMAIL.educator, 'EDUCATOR', companyA);
  ids.user = await insertUser(db, EMAIL.user, 'USER', companyA);
  ids.learnerA2 = await insertUser(db, EMAIL.learnerA2, 'LEARNER', companyA);
  ids.educatorB = await insertUser(db, EMAIL.educatorB, 'EDUCATOR', companyB);
  for (const p of Object.keys(EMAIL) as Person[]) {
    ids[p] ??= (await db.selectFrom('users').select('id').where('email', '=', EMAIL[p]).executeTakeFirstOrThrow()).id;
  }
  // Wallet money for the USER too (learners have their welcome credit): one balanced TOP_UP.
  const tx = await db
    .insertInto('ledger_transactions')
    .values({ kind: 'TOP_UP', payment_intent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ledger_entries')
    .values([
      {
        transaction_id: tx.id,
        account: 'WALLET',
        owner_id: ids.user,
        amount_cents: 20_000,
        reason: 'TOP_UP',
        session_id: null,
        description: 'matrix',
      },
      {
        transaction_id: tx.id,
        account: 'FUNDING',
        owner_id: null,
        amount_cents: -20_000,
        reason: 'TOP_UP',
        session_id: null,
        description: 'matrix',
      },
    ])
    .execute();

  const tokens = {} as World['tokens'];
  for (const k of CALLERS) if (k !== 'anon') tokens[k] = await t.tokenFor(EMAIL[k]);
  const issuer = new TokenService(t.config.jwtSecret, t.config.jwtTtlSeconds);
  const spareTokens = {} as World['spareTokens'];
  for (const k of CALLERS) {
    if (k === 'anon') continue;
    const u = await t.db
      .selectFrom('users')
      .select(['id', 'role', 'company_id', 'token_version'])
      .where('email', '=', EMAIL[k])
      .executeTakeFirstOrThrow();
    spareTokens[k] = await signInForTests(t.db, issuer, u);
  }
  const tokenOf = (p: Person) => t.tokenFor(EMAIL[p]);

  async function call(p: Person, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...t.auth(await tokenOf(p)), ...headers },
      payload: payload as object,
    });
    if (res.statusCode >= 300) throw new Error(`world: ${p} ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  let key = 0;
  const idem = () => ({ 'idempotency-key': `matrix-setup-${++key}-${Date.now()}` });

  // Cards of the learners and the USER (tok_visa), two each.
  const cards: World['cards'] = {};
  for (const p of ['learner', 'user', 'learnerA2', 'learnerB', 'learnerO'] as Person[]) {
    const main = (await call(p, 'POST', '/api/payments/cards', { source: 'tok_visa' })).id as string;
    const spare = (await call(p, 'POST', '/api/payments/cards', { source: 'tok_mastercard' })).id as string;
    cards[p] = { main, spare };
  }

  async function courseWorld(
    educator: Person,
    companyId: number | null,
    isPrivate: boolean,
    title: string,
    learners: Person[],
  ): Promise<CourseWorld> {
    const c = await insertCourse(db, { educatorId: ids[educator], title, companyId });
    // A picture, as every course made in the editor has (the contract's CourseRef.pictureUrl is not nullable).
    await db
      .updateTable('courses')
      .set({ is_private: isPrivate, picture_url: '/uploads/demo/course-1.svg' })
      .where('id', '=', c.courseId)
      .execute();
    const section = await c.section(1, 'Week one', 0);
    let order = 0;
    const lesson = (name: string, code: LessonTypeCode, extra: Record<string, unknown> = {}) =>
      c.lesson(section, order++, `${title} ${name}`, code, extra);
    const lessons = {
      meeting: await lesson('meeting', 'meeting', {
        day: 'wednesday',
        start_time: '06:00',
        duration_minutes: 60,
        link: 'https://meet.halaqa.test/matrix',
      }),
      reading: await lesson('reading', 'reading', { content_html: '<p>Read</p>' }),
      assignment: await lesson('assignment', 'assignment', { points: 20 }),
      quiz: await lesson('quiz', 'quiz'),
      quiz2: await lesson('quiz2', 'quiz'),
      code: await lesson('code', 'programmingAssignment', {
        points: 10,
        programming: JSON.stringify({
          functionName: 'add',
          starterCode: 'function add(a, b) {}',
          tests: [{ name: 'adds', args: [1, 2], expected: 3 }],
        }),
      }),
    };
    const question = async (lessonId: number) =>
      (
        await db
          .insertInto('quiz_questions')
          .values({
            lesson_id: lessonId,
            sort_order: 0,
            kind: 'TRUE_FALSE',
            prompt: 'True?',
            picture_url: null,
            points: 1,
            explanation: null,
            options: '[]',
            answer: 'true',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const questions = { quiz: await question(lessons.quiz), quiz2: await question(lessons.quiz2) };
    const session = await c.session(MONDAY_WEDNESDAY);
    const openSession = await c.session(MONDAY_WEDNESDAY);
    const paid: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await c.session(MONDAY_WEDNESDAY);
      await db.updateTable('sessions').set({ price_cents: PAID_PRICE_CENTS }).where('id', '=', id).execute();
      paid.push(id);
    }
    const pendingSession = async () => {
      const id = await c.session(MONDAY_WEDNESDAY);
      await db.updateTable('sessions').set({ status: 'PENDING' }).where('id', '=', id).execute();
      return id;
    };
    const pending = {
      approve: await pendingSession(),
      reject: await pendingSession(),
      delete: await pendingSession(),
      content: await pendingSession(),
    };
    for (const p of learners) await enroll(db, session, ids[p]);

    const attempts: CourseWorld['attempts'] = {};
    const submissions: CourseWorld['submissions'] = {};
    const intents: CourseWorld['intents'] = {};
    for (const p of learners) {
      const start = async (lessonId: number) =>
        (await call(p, 'POST', `/api/sessions/${session}/lessons/${lessonId}/attempts`)).id as number;
      attempts[p] = { quiz: await start(lessons.quiz), quiz2: await start(lessons.quiz2) };
      const form = multipart({ sessionId: String(session) }, { document: pdfPart() });
      submissions[p] = (
        await call(p, 'POST', `/api/assignments/${lessons.assignment}/submissions`, form.payload, form.headers)
      ).id as number;
    }
    // Intents: by the session's learners, and by the caller USER on course A.
    for (const p of [...learners, ...(title === 'A' ? (['user'] as Person[]) : [])]) {
      const intent = async (sessionId: number) =>
        (await call(p, 'POST', '/api/payments/intents', { sessionId, amount: PAID_TOTAL_CENTS }, idem())).id as string;
      intents[p] = { confirm: await intent(paid[0]!), cancel: await intent(paid[1]!) };
    }
    const draft = await insertCourse(db, { educatorId: ids[educator], title: `${title} draft`, companyId });
    await db
      .updateTable('courses')
      .set({ status: 'DRAFT', is_private: isPrivate })
      .where('id', '=', draft.courseId)
      .execute();
    const reviewCourse = async (kind: string, status: 'PENDING' | 'PUBLISHED' | 'APPROVED') => {
      const r = await insertCourse(db, { educatorId: ids[educator], title: `${title} ${kind}`, companyId });
      await db
        .updateTable('courses')
        .set({ status, is_private: isPrivate, picture_url: '/uploads/demo/course-1.svg' })
        .where('id', '=', r.courseId)
        .execute();
      return r.courseId;
    };
    const review = {
      approve: await reviewCourse('to approve', 'PENDING'),
      reject: await reviewCourse('to reject', 'PENDING'),
      unpublish: await reviewCourse('to unpublish', 'PUBLISHED'),
      publish: await reviewCourse('to publish', 'APPROVED'),
    };
    const chatMessage = (
      await db
        .insertInto('chat_messages')
        .values({ session_id: session, user_id: ids[learners.at(-1)!], body: `Matrix chat of ${title}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    return {
      courseId: c.courseId,
      educator,
      lessons,
      questions,
      session,
      learners,
      openSession,
      paid,
      pending,
      attempts,
      submissions,
      intents,
      draftCourseId: draft.courseId,
      review,
      chatMessage,
    };
  }

  const A = await courseWorld('educator', companyA, false, 'A', ['learner', 'learnerA2']);
  const B = await courseWorld('educatorB', companyB, true, 'B', ['learnerB']);
  const secretsOfB = ['Matrix secret course of B', 'Matrix secret draft of B', EMAIL.learnerB];
  await db.updateTable('courses').set({ title: secretsOfB[0]! }).where('id', '=', B.courseId).execute();
  await db.updateTable('courses').set({ title: secretsOfB[1]! }).where('id', '=', B.draftCourseId).execute();
  const O = await courseWorld('educatorO', null, false, 'O', ['learnerO']);
  const priv = await insertCourse(db, { educatorId: ids.educator, title: 'A private', companyId: companyA });
  await db
    .updateTable('courses')
    .set({ is_private: true, picture_url: '/uploads/demo/course-1.svg' })
    .where('id', '=', priv.courseId)
    .execute();
  const privA = { courseId: priv.courseId, session: await priv.session(MONDAY_WEDNESDAY) };

  // Attendance of A's session (the leak's payload: learner names), and educator A's own things.
  await db
    .insertInto('attendance')
    .values({
      session_id: A.session,
      lesson_id: A.lessons.meeting,
      user_id: ids.learnerA2,
      occurrence_date: '2031-05-05',
    })
    .execute();
  const picture = multipart({}, { picture: pngPart() });
  const educatorPictureId = (await call('educator', 'POST', '/api/courses/picture', picture.payload, picture.headers))
    .id as number;
  await call('educator', 'POST', '/api/payments/accounts/external-account', { external_account: 'btok_us_verified' });

  const pendingUsers = {
    approve: await insertUser(db, 'pending.approve@matrix.test', 'EDUCATOR', null, 'PENDING'),
    reject: await insertUser(db, 'pending.reject@matrix.test', 'PARTNER', companyB, 'PENDING'),
    remove: await insertUser(db, 'to.delete@matrix.test', 'LEARNER', companyB),
  };
  const invite = async (email: string, companyId: number, by: number, token: string) =>
    (
      await db
        .insertInto('invitations')
        .values({
          email,
          role: 'LEARNER',
          company_id: companyId,
          invited_by: by,
          token: hashInvitationToken(token),
          created_at: MATRIX_NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const partnerB = (
    await db.selectFrom('users').select('id').where('email', '=', EMAIL.partnerB).executeTakeFirstOrThrow()
  ).id;
  const invitations = {
    tokenUser: 'matrix-invitation-of-the-user-caller',
    withdrawA: await invite('withdraw.a@matrix.test', companyA, ids.partner, 'matrix-withdraw-a'),
    withdrawB: await invite('withdraw.b@matrix.test', companyB, partnerB, 'matrix-withdraw-b'),
    resendA: await invite('resend.a@matrix.test', companyA, ids.partner, 'matrix-resend-a'),
    resendB: await invite('resend.b@matrix.test', companyB, partnerB, 'matrix-resend-b'),
    memberA: await insertUser(db, 'member.remove.a@matrix.test', 'LEARNER', companyA),
    memberB: await insertUser(db, 'member.remove.b@matrix.test', 'LEARNER', companyB),
  };
  await invite(EMAIL.user, companyA, ids.partner, invitations.tokenUser);
  const skillId = async (name: string) =>
    (await db.selectFrom('skills').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const git = await skillId('Git');
  const learningGoals: World['learningGoals'] = {};
  for (const p of ['learner', 'user', 'learnerA2', 'learnerB', 'learnerO'] as Person[]) {
    learningGoals[p] = (
      await db
        .insertInto('learning_goals')
        .values({ user_id: ids[p], skill_id: git })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const freshGoalSkill = await skillId('Docker');
  await enroll(db, privA.session, ids.learner);
  const review = async (courseId: number, userId: number) =>
    (
      await db
        .insertInto('reviews')
        .values({ course_id: courseId, user_id: userId, rating_value: 4, content: 'A matrix review' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const reviews = {
    own: await review(privA.courseId, ids.learner),
    A2: await review(A.courseId, ids.learnerA2),
    B: await review(B.courseId, ids.learnerB),
    O: await review(O.courseId, ids.learnerO),
  };
  const waitlistToken = 'matrix-waitlist-confirmation-link';
  await db
    .insertInto('waitlist')
    .values({
      course_id: O.courseId,
      email: 'guest.waiting@matrix.test',
      user_id: null,
      token_hash: hashWaitlistToken(waitlistToken),
      token_sent_at: MATRIX_NOW,
    })
    .execute();
  const contactMessageId = (
    await db
      .insertInto('contact_messages')
      .values({ name: 'Matrix Guest', email: 'guest@matrix.test', subject: 'Hello', message: 'A question' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return {
    ids,
    companyA,
    companyB,
    A,
    B,
    O,
    privA,
    cards,
    educatorPictureId,
    pendingUsers,
    invitations,
    waitlistToken,
    contactMessageId,
    secretsOfB,
    learningGoals,
    freshGoalSkill,
    tokens,
    spareTokens,
    reviews,
  };
}

/**
 * Installs the write log: a table `authz_write_log` and, on every other table of the current
 * schema, a row-level AFTER INSERT/UPDATE/DELETE trigger that appends (table, operation) to it.
 * The rate-limit counters are left out: counting a refused sign-in attempt is their purpose.
 * A rolled-back transaction leaves no log rows, so the log holds exactly what was committed.
 * Works on PGlite and PostgreSQL (plpgsql; the current schema is the test file's own).
 */
export async function installWriteLog(db: Kysely<Database>): Promise<void> {
  await sql`create table authz_write_log (id bigserial primary key, tbl text not null, op text not null)`.execute(db);
  await sql`create function authz_log_write() returns trigger language plpgsql as $$
    begin insert into authz_write_log (tbl, op) values (TG_TABLE_NAME, TG_OP); return null; end $$`.execute(db);
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not in ('authz_write_log', 'rate_limit_counters')`.execute(
    db,
  );
  for (const { name } of tables.rows) {
    await sql`create trigger authz_write after insert or update or delete on ${sql.table(name)} for each row execute function authz_log_write()`.execute(
      db,
    );
  }
}

/** The writes logged after id `since`: `{ id, tbl, op }` in order. */
export async function writesSince(
  db: Kysely<Database>,
  since: number,
): Promise<{ id: number; tbl: string; op: string }[]> {
  const r = await sql<{
    id: number;
    tbl: string;
    op: string;
  }>`select id, tbl, op from authz_write_log where id > ${since} order by id`.execute(db);
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}
