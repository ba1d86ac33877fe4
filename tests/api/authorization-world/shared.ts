import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/types.js';
import { demoPasswordHash } from '../course-fixtures.js';
import { PNG_1PX, type FilePart, type TestApp } from '../harness.js';
import { weekly } from '../../fixtures.js';

/**
 * The names, files, prices and shapes of the authorization matrix's world (see
 * tests/api/authorization-world.ts, which builds it), and the helpers its building steps share.
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

/** The schedule of the world's sessions: Mondays 18:00–19:30 and Wednesdays 06:00–07:00 (the weekly meeting). */
export const MONDAY_WEDNESDAY = weekly({
  monday: { start: '18:00', end: '19:30' },
  wednesday: { start: '06:00', end: '07:00' },
});

/** Inserts a user `email` with `role` (of `companyId`) and `status`, signing in with the demo admin's password; answers its id. */
export async function insertUser(
  db: Kysely<Database>,
  email: string,
  role: string,
  companyId: number | null,
  status = 'APPROVED',
): Promise<number> {
  const hash = await demoPasswordHash(db);
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

/** The id of the company with this acronym (a demo company); throws if none. */
export async function companyId(db: Kysely<Database>, acronym: string): Promise<number> {
  return (await db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
}

/**
 * Calls the API as the world's person `p` (a setup call by an owner): the answer's `data`.
 * @throws when the call does not succeed (status 300 or more).
 */
export async function ownerCall(
  t: TestApp,
  p: Person,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...t.auth(await t.tokenFor(EMAIL[p])), ...headers },
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`world: ${p} ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().data;
}

let key = 0;
/** A fresh Idempotency-Key header for a setup call. */
export const idem = () => ({ 'idempotency-key': `matrix-setup-${++key}-${Date.now()}` });
