import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/types.js';
import type { TestApp } from './harness.js';
import { courses } from './authorization-world/courses.js';
import { cards, people } from './authorization-world/people.js';
import { educatorUploads, learnersRecords, pendingRequests } from './authorization-world/requests.js';
import type { World } from './authorization-world/shared.js';

export {
  CALLERS,
  EMAIL,
  MATRIX_NOW,
  mp4Part,
  PAID_TOTAL_CENTS,
  PDF,
  pdfPart,
  pngPart,
  ROLE_OF,
  type CallerKey,
  type Person,
  type World,
} from './authorization-world/shared.js';

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

/**
 * Builds the world on `t` (a started app with the demo seed, clock {@link MATRIX_NOW}), step by step
 * (tests/api/authorization-world/): the people, their cards, the courses with their sessions and
 * work, educator A's uploads, the pending requests, and the learners' and guests' own records.
 * @throws when a setup call by an owner does not succeed (the world would not be what the matrix assumes).
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const who = await people(t);
  const cardsOf = await cards(t);
  const built = await courses(t, who);
  const educatorPictureId = await educatorUploads(t);
  const requests = await pendingRequests(t, who);
  const records = await learnersRecords(t, who, built);
  return { ...who, ...built, cards: cardsOf, educatorPictureId, ...requests, ...records };
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
