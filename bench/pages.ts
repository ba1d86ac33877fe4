/**
 * The heavy pages at scale, on PostgreSQL (a new database of 127.0.0.1:5432): the demo data grown by
 * bench/people.ts to `--learners` (200,000) learners and about `--enrollments` (1,000,000)
 * enrollments, a partner company of 5,000 learners over 200 live sessions, a session of 1,000
 * learners with their submissions, and the demo learner in 50 sessions. Then, against the real
 * server, each page is asked `--rounds` (20) times per variant, one request at a time, and its
 * p50/p99/max printed:
 *   the admin dashboard's stats; the admin's learners, educators and partners lists (pages 1, 2 and
 *   50, and searched by a first name, a last name with a number, an Arabic name and an e-mail);
 *   the partner's attendance analytics (no filter, by course, by session, by dates, all at once);
 *   the session's learners and the educator's submissions list (pages 1 and 10); "my courses" of
 *   the learner with 50 enrollments.
 * And the partner's CSV export as the page makes it: the analytics of the 5,000 learners fetched,
 * then the CSV built by `buildAttendanceCsv` (machines/attendance-analytics.csv.ts), timed whole.
 * Goal: each page p99 ≤ 50 ms; the CSV of 5,000 learners within 2 s.
 *
 * Tokens are minted with the server's JWT secret (bench/storm.ts does the same), not signed in.
 *
 * `npx tsx bench/pages.ts [--learners 200000] [--enrollments 1000000] [--rounds 20] [--only <words>]
 *   [--cpu-prof <dir>] [--keep-database]`: `--only` times the pages whose name contains the words
 *   (and the CSV export only when they match "csv"); `--cpu-prof` writes the server's CPU profile
 *   (.cpuprofile, for Chromium's DevTools) into `dir` when it stops; `--keep-database` leaves the
 *   grown database in place (its URL printed) to study its query plans.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemoData } from '../server/db/seed/seed.js';
import { hashPassword } from '../server/platform/passwords.js';
import { TokenService } from '../server/platform/tokens.js';
import { signInForTests } from '../server/platform/sign-in-sessions.js';
import { buildAttendanceCsv, type AttendanceCsvLabels } from '../machines/attendance-analytics.csv.js';
import type { CompanyAttendanceAnalytics } from '../machines/attendance-analytics.machine.js';
import { growPeople, type People } from './people.js';
import { freshPostgresDatabase, machine, quantile, startServer } from './support.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const LEARNERS = Number(opt('--learners', '200000'));
const ENROLLMENTS = Number(opt('--enrollments', '1000000'));
const ROUNDS = Number(opt('--rounds', '20'));
const ONLY = opt('--only', '');
const CPU_PROF = opt('--cpu-prof', '');
const KEEP_DATABASE = args.includes('--keep-database');
/** Whether the part named `name` is timed (`--only`). */
const timed = (name: string) => ONLY === '' || name.includes(ONLY);

const LABELS: AttendanceCsvLabels = {
  kind: 'Kind',
  name: 'Name',
  email: 'E-mail',
  course: 'Course',
  startDate: 'Start date',
  learners: 'Learners',
  held: 'Meetings held',
  attended: 'Attended',
  excused: 'Excused',
  expected: 'Expected',
  rate: 'Rate (%)',
  sessionRow: 'Session',
  learnerRow: 'Learner',
};

/** One page of the bench: its name, who asks, and the URL variants asked (paths under /api). */
interface Page {
  name: string;
  token: string;
  urls: string[];
}

async function get(base: string, path: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json().catch(() => null)) as unknown;
  return { status: res.status, body };
}

/** Asks every URL of `page` once (warm-up, and a check that it answers 200), then ROUNDS times each. */
async function timePage(base: string, page: Page): Promise<string> {
  for (const url of page.urls) {
    const r = await get(base, url, page.token);
    if (r.status !== 200) throw new Error(`${page.name}: ${url} answered ${r.status} ${JSON.stringify(r.body)}`);
  }
  const ms: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const url of page.urls) {
      const t = performance.now();
      await get(base, url, page.token);
      ms.push(performance.now() - t);
    }
  ms.sort((a, b) => a - b);
  return `${page.name.padEnd(44)} p50 ${quantile(ms, 0.5).toFixed(1).padStart(6)} ms  p99 ${quantile(ms, 0.99)
    .toFixed(1)
    .padStart(
      6,
    )} ms  max ${ms[ms.length - 1]!.toFixed(1).padStart(6)} ms  (${ms.length} requests, ${page.urls.length} URLs)`;
}

async function main() {
  console.log(`# Heavy pages at scale (PostgreSQL) — ${machine()}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-pages-'));
  const pgdb = await freshPostgresDatabase('halaqa_bench_pages');
  try {
    const secret = randomBytes(32).toString('hex');
    const tokens = new TokenService(secret, 3600);
    const handle = await openDatabase({ kind: 'postgres', url: pgdb.url });
    let people: People;
    const tok: Record<string, string> = {};
    try {
      await migrateToLatest(handle.db, handle.schema);
      await seedDemoData(handle.db, { uploadsDir: join(dataDir, 'uploads'), hashPassword });
      people = await growPeople(handle.db, randomBytes(3).toString('hex'), {
        learners: LEARNERS,
        enrollments: ENROLLMENTS,
      });
      const adminId = (
        await handle.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'admin@halaqa.test')
          .executeTakeFirstOrThrow()
      ).id;
      tok.admin = await signInForTests(handle.db, tokens, { id: adminId, role: 'ADMIN' });
      tok.partner = await signInForTests(handle.db, tokens, { id: people.partnerId, role: 'PARTNER' });
      tok.educator = await signInForTests(handle.db, tokens, { id: people.educatorId, role: 'EDUCATOR' });
      tok.learner = await signInForTests(handle.db, tokens, { id: people.learnerId, role: 'LEARNER' });
    } finally {
      await handle.close();
    }
    console.log(
      `data: ${people.users} users, ${people.enrollments} enrollments, ${people.attendance} attendance records, ` +
        `${people.submissions} submissions; grown in ${(people.ms / 1000).toFixed(0)} s`,
    );
    const server = await startServer(
      { dataDir, databaseUrl: pgdb.url },
      { JWT_SECRET: secret, ...(CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${CPU_PROF}` } : {}) },
    );
    try {
      const base = server.base;
      const analytics = `/companies/${people.companyId}/analytics/attendance`;
      const today = new Date();
      const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const lists = (what: string) => [
        `/users/${what}?page=1&pageSize=20`,
        `/users/${what}?page=2&pageSize=20`,
        `/users/${what}?page=50&pageSize=20`,
        `/users/${what}?query=omar&page=1&pageSize=20`,
        `/users/${what}?query=haddad%2012&page=1&pageSize=20`,
        `/users/${what}?query=${encodeURIComponent('نور')}&page=1&pageSize=20`,
        `/users/${what}?query=people-&page=3&pageSize=20`,
        `/users/${what}?status=APPROVED&page=1&pageSize=20`,
      ];
      const pages: Page[] = [
        { name: 'admin dashboard stats', token: tok.admin!, urls: ['/dashboard/stats'] },
        { name: 'admin learners list (paged, searched)', token: tok.admin!, urls: lists('learners') },
        { name: 'admin educators list (paged, searched)', token: tok.admin!, urls: lists('educators') },
        { name: 'admin partners list (paged, searched)', token: tok.admin!, urls: lists('partners') },
        {
          name: 'partner attendance analytics (all filters)',
          token: tok.partner!,
          urls: [
            analytics,
            `${analytics}?courseId=${people.companyCourseId}`,
            `${analytics}?sessionId=${people.companySessionId}`,
            `${analytics}?from=${day(-28)}&to=${day(-1)}`,
            `${analytics}?courseId=${people.companyCourseId}&sessionId=${people.companySessionId}&from=${day(-28)}&to=${day(-1)}`,
          ],
        },
        {
          name: "a 1,000-seat session's learners",
          token: tok.educator!,
          urls: [
            `/sessions/${people.bigSessionId}/learners?page=1&pageSize=20`,
            `/sessions/${people.bigSessionId}/learners?page=10&pageSize=20`,
          ],
        },
        {
          name: "the educator's submissions list",
          token: tok.educator!,
          urls: [
            `/sessions/${people.bigSessionId}/submissions?page=1&pageSize=20`,
            `/sessions/${people.bigSessionId}/submissions?page=10&pageSize=20`,
          ],
        },
        { name: 'my courses (a learner with 50 enrollments)', token: tok.learner!, urls: ['/sessions/enrollments'] },
      ];
      for (const page of pages.filter((p) => timed(p.name))) console.log(await timePage(base, page));
      // The CSV export as the analytics page makes it: the analytics fetched, then the CSV built.
      const csvMs: number[] = [];
      let rows = 0;
      let learners = 0;
      for (let i = 0; i < (timed('partner CSV export') ? 5 : 0); i++) {
        const t = performance.now();
        const r = await get(base, analytics, tok.partner!);
        const data = (r.body as { data: CompanyAttendanceAnalytics }).data;
        const csv = buildAttendanceCsv(data, LABELS);
        csvMs.push(performance.now() - t);
        rows = csv.rows;
        learners = data.learners.length;
      }
      csvMs.sort((a, b) => a - b);
      if (csvMs.length)
        console.log(
          `partner CSV export (${learners} learners, ${rows} rows)`.padEnd(44) +
            ` median ${quantile(csvMs, 0.5).toFixed(0)} ms, max ${csvMs[csvMs.length - 1]!.toFixed(0)} ms (fetch + build, 5 runs)`,
        );
      console.log(`server RSS at the end: ${server.rssMb().toFixed(0)} MB; ${machine()}`);
    } finally {
      await server.stop();
    }
  } finally {
    if (KEEP_DATABASE) console.log(`database kept: ${pgdb.url}`);
    else await pgdb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
