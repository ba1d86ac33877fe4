import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { demoPasswordHash, enroll, insertCourse, MONDAY_EVENINGS } from './course-fixtures.js';

/**
 * GET /companies/{id}/analytics/attendance (product.md#screens) and the partner's view of a
 * session's attendance and learners (only their own company's learners, filtered on the server).
 *
 * Fixture (independent of the demo data): companies X and Y, each with an approved partner; X has
 * learners x1, x2 (ACTIVE) and x3 (CANCELLED), Y has y1. Two courses of educator@halaqa.test, each
 * with one session 2031-05-05 (Monday) … 2031-06-01 in America/Denver, Mondays 18:00–19:30:
 * - course 1, session s1: week 1 a liveSession on the schedule (Mon 05-05) and a meeting of its own
 *   (Wed 05-07 12:00); week 2 a liveSession (Mon 05-12); week 3 a liveSession (Mon 05-19).
 *   Learners x1, x2, y1 (ACTIVE), x3 (CANCELLED).
 * - course 2, session s2: week 1 and week 2 liveSessions (Mon 05-05, 05-12). Learner x1.
 * Clock: 2031-05-13 12:00Z, so s1 has held 3 meetings (05-05, 05-07, 05-12) and s2 2 (05-05, 05-12).
 * Attendance rows: s1 — x1 at all 3 and at 05-19 (not held yet), x2 at 05-05 and 05-12, y1 at all
 * 3, x3 at 05-05; s2 — x1 at 05-05.
 */

const now = new Date('2031-05-13T12:00:00Z');
let t: TestApp;
const ids: Record<string, number> = {};
let s1 = 0;
let s2 = 0;
let course1 = 0;
let course2 = 0;

async function call(url: string, email: string | null) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

async function fixture() {
  const db = t.db;
  const hash = await demoPasswordHash(db);
  const settings = JSON.stringify({
    style: { primaryColor: '#6491D2', secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' },
    links: {},
    logo: null,
  });
  const company = async (acronym: string) =>
    (
      await db
        .insertInto('companies')
        .values({ name: `Company ${acronym}`, acronym, settings })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.X = await company('ANX');
  ids.Y = await company('ANY');
  const user = async (
    key: string,
    first: string,
    last: string,
    role: 'PARTNER' | 'LEARNER',
    companyId: number,
    status: 'APPROVED' | 'PENDING' = 'APPROVED',
  ) => {
    ids[key] = (
      await db
        .insertInto('users')
        .values({
          email: `${key}@analytics.test`,
          password_hash: hash,
          first_name: first,
          last_name: last,
          role,
          status,
          company_id: companyId,
          picture_url: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  await user('partnerX', 'Pat', 'Xavier', 'PARTNER', ids.X);
  await user('pendingX', 'Penny', 'Xu', 'PARTNER', ids.X, 'PENDING');
  await user('partnerY', 'Pia', 'Young', 'PARTNER', ids.Y);
  await user('x1', 'Amal', 'Xenakis', 'LEARNER', ids.X);
  await user('x2', 'Bilal', 'Xerri', 'LEARNER', ids.X);
  await user('x3', 'Carim', 'Xiao', 'LEARNER', ids.X);
  await user('y1', 'Yara', 'Yassin', 'LEARNER', ids.Y);

  const educatorId = (
    await db.selectFrom('users').select('id').where('email', '=', 'educator@halaqa.test').executeTakeFirstOrThrow()
  ).id;
  const c1 = await insertCourse(db, { educatorId, title: 'Analytics course one' });
  course1 = c1.courseId;
  const w1 = await c1.section(1, 'Week 1', 0);
  const w2 = await c1.section(2, 'Week 2', 0);
  const w3 = await c1.section(3, 'Week 3', 0);
  const live1 = await c1.lesson(w1, 0, 'Live 1', 'liveSession');
  const meet1 = await c1.lesson(w1, 1, 'Meeting 1', 'meeting', {
    day: 'wednesday',
    start_time: '12:00',
    duration_minutes: 45,
  });
  await c1.lesson(w1, 2, 'Reading', 'reading');
  const live2 = await c1.lesson(w2, 0, 'Live 2', 'liveSession');
  const live3 = await c1.lesson(w3, 0, 'Live 3', 'liveSession');
  s1 = await c1.session(MONDAY_EVENINGS);

  const c2 = await insertCourse(db, { educatorId, title: 'Analytics course two' });
  course2 = c2.courseId;
  const v1 = await c2.section(1, 'Week 1', 0);
  const v2 = await c2.section(2, 'Week 2', 0);
  const b1 = await c2.lesson(v1, 0, 'B live 1', 'liveSession');
  await c2.lesson(v2, 0, 'B live 2', 'liveSession');
  s2 = await c2.session(MONDAY_EVENINGS);

  for (const k of ['x1', 'x2', 'y1']) await enroll(db, s1, ids[k]!);
  await enroll(db, s1, ids.x3!, 'CANCELLED');
  await enroll(db, s2, ids.x1!);

  const att = (session: number, lesson: number, who: string, date: string) => ({
    session_id: session,
    lesson_id: lesson,
    user_id: ids[who]!,
    occurrence_date: date,
  });
  await db
    .insertInto('attendance')
    .values([
      att(s1, live1, 'x1', '2031-05-05'),
      att(s1, meet1, 'x1', '2031-05-07'),
      att(s1, live2, 'x1', '2031-05-12'),
      att(s1, live3, 'x1', '2031-05-19'),
      att(s1, live1, 'x2', '2031-05-05'),
      att(s1, live2, 'x2', '2031-05-12'),
      att(s1, live1, 'y1', '2031-05-05'),
      att(s1, meet1, 'y1', '2031-05-07'),
      att(s1, live2, 'y1', '2031-05-12'),
      att(s1, live1, 'x3', '2031-05-05'),
      att(s2, b1, 'x1', '2031-05-05'),
    ])
    .execute();
}

beforeAll(async () => {
  t = await startTestApp({ now: () => now });
  await fixture();
});
afterAll(() => t.close());

const url = (companyId: number, query = '') => `/api/companies/${companyId}/analytics/attendance${query}`;
const person = (key: string, name: string) => ({ id: ids[key], name, pictureUrl: null });

describe('GET /companies/{id}/analytics/attendance', () => {
  it("answers the company's own learners' figures per session, learner and week, from the attendance rows", async () => {
    const res = await call(url(ids.X!), 'partnerX@analytics.test');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.companyId).toBe(ids.X);
    expect(d.courses).toEqual([
      { id: course1, title: 'Analytics course one' },
      { id: course2, title: 'Analytics course two' },
    ]);
    expect(d.sessionChoices).toEqual([
      { id: s1, courseId: course1, courseTitle: 'Analytics course one', startDate: '2031-05-05' },
      { id: s2, courseId: course2, courseTitle: 'Analytics course two', startDate: '2031-05-05' },
    ]);
    // s1: x1 and x2 (x3 cancelled, y1 of company Y not counted); 3 meetings held; x1 3 + x2 2 = 5 of 6.
    expect(d.sessions).toEqual([
      {
        sessionId: s1,
        courseId: course1,
        courseTitle: 'Analytics course one',
        startDate: '2031-05-05',
        endDate: '2031-06-01',
        timezone: 'America/Denver',
        learners: 2,
        meetingsHeld: 3,
        attended: 5,
        excused: 0,
        expected: 6,
        rate: 0.8333,
      },
      {
        sessionId: s2,
        courseId: course2,
        courseTitle: 'Analytics course two',
        startDate: '2031-05-05',
        endDate: '2031-06-01',
        timezone: 'America/Denver',
        learners: 1,
        meetingsHeld: 2,
        attended: 1,
        excused: 0,
        expected: 2,
        rate: 0.5,
      },
    ]);
    expect(d.learners).toEqual([
      {
        learner: person('x1', 'Amal Xenakis'),
        email: 'x1@analytics.test',
        sessions: 2,
        attended: 4,
        held: 5,
        excused: 0,
        rate: 0.8,
      },
      {
        learner: person('x2', 'Bilal Xerri'),
        email: 'x2@analytics.test',
        sessions: 1,
        attended: 2,
        held: 3,
        excused: 0,
        rate: 0.6667,
      },
    ]);
    // Week of Mon 05-05: s1 2 meetings × 2 learners + s2 1 × 1 = 5 expected, 4 attended; week of 05-12: 3 expected, 2 attended.
    expect(d.weeks).toEqual([
      { weekStart: '2031-05-05', attended: 4, expected: 5, rate: 0.8 },
      { weekStart: '2031-05-12', attended: 2, expected: 3, rate: 0.6667 },
    ]);
    expect(d.totals).toEqual({ learners: 2, sessions: 2, meetingsHeld: 5, attended: 6, expected: 8, rate: 0.75 });
    expect(JSON.stringify(d)).not.toContain('Yassin');
  });

  it("never counts another company's learners: company Y sees only its own learner", async () => {
    const res = await call(url(ids.Y!), 'partnerY@analytics.test');
    expect(res.status).toBe(200);
    expect(res.body.data.sessions).toEqual([
      expect.objectContaining({ sessionId: s1, learners: 1, meetingsHeld: 3, attended: 3, expected: 3, rate: 1 }),
    ]);
    expect(res.body.data.learners.map((l: { learner: { id: number } }) => l.learner.id)).toEqual([ids.y1]);
    expect(JSON.stringify(res.body.data)).not.toMatch(/Xenakis|Xerri|Xiao/);
  });

  it('filters by course, session and occurrence dates', async () => {
    const byCourse = (await call(url(ids.X!, `?courseId=${course2}`), 'partnerX@analytics.test')).body.data;
    expect(byCourse.sessions.map((s: { sessionId: number }) => s.sessionId)).toEqual([s2]);
    expect(byCourse.totals).toEqual({ learners: 1, sessions: 1, meetingsHeld: 2, attended: 1, expected: 2, rate: 0.5 });
    expect(byCourse.courses).toHaveLength(2); // the choices stay
    expect(byCourse.sessionChoices).toHaveLength(2);

    const bySession = (await call(url(ids.X!, `?sessionId=${s1}`), 'partnerX@analytics.test')).body.data;
    expect(bySession.totals).toEqual({
      learners: 2,
      sessions: 1,
      meetingsHeld: 3,
      attended: 5,
      expected: 6,
      rate: 0.8333,
    });

    const fromTen = (await call(url(ids.X!, '?from=2031-05-10&to=2031-05-31'), 'partnerX@analytics.test')).body.data;
    expect(fromTen).toMatchObject({ from: '2031-05-10', to: '2031-05-31' });
    expect(
      fromTen.sessions.map((s: { meetingsHeld: number; attended: number }) => [s.meetingsHeld, s.attended]),
    ).toEqual([
      [1, 2],
      [1, 0],
    ]);
    expect(fromTen.weeks).toEqual([{ weekStart: '2031-05-12', attended: 2, expected: 3, rate: 0.6667 }]);

    const none = (await call(url(ids.X!, '?to=2031-05-04'), 'partnerX@analytics.test')).body.data;
    expect(none.totals).toEqual({ learners: 2, sessions: 2, meetingsHeld: 0, attended: 0, expected: 0, rate: 0 });
    expect(none.weeks).toEqual([]);
  });

  it('refuses bad dates with 400 and a clear message', async () => {
    const reversed = await call(url(ids.X!, '?from=2031-05-20&to=2031-05-10'), 'partnerX@analytics.test');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The start date must be on or before the end date');
    for (const q of ['?from=2031-13-01', '?to=yesterday', '?from=2031-02-30', '?courseId=0']) {
      expect((await call(url(ids.X!, q), 'partnerX@analytics.test')).status, q).toBe(400);
    }
  });

  it("is open to the company's approved partners and admins only", async () => {
    expect((await call(url(ids.X!), 'partnerY@analytics.test')).status).toBe(403);
    expect((await call(url(ids.X!), 'pendingX@analytics.test')).status).toBe(403);
    expect((await call(url(ids.X!), 'x1@analytics.test')).status).toBe(403);
    expect((await call(url(ids.X!), null)).status).toBe(401);
    const admin = await call(url(ids.X!), 'admin@halaqa.test');
    expect(admin.status).toBe(200);
    expect(admin.body.data.totals.attended).toBe(6);
    expect((await call(url(999_999), 'admin@halaqa.test')).status).toBe(404);
  });
});

describe("a partner's view of a session: only their company's learners", () => {
  it('GET /sessions/{id}/attendance lists only own learners and their attendance', async () => {
    const x = await call(`/api/sessions/${s1}/attendance`, 'partnerX@analytics.test');
    expect(x.status).toBe(200);
    expect(x.body.data.learners).toEqual([
      { learner: person('x1', 'Amal Xenakis'), attended: 3, held: 3, excused: 0, rate: 1 },
      { learner: person('x2', 'Bilal Xerri'), attended: 2, held: 3, excused: 0, rate: 0.6667 },
    ]);
    expect(x.body.data.meetings.map((m: { attendees: number }) => m.attendees)).toEqual([2, 1, 2]);
    expect(x.body.data.meetings.flatMap((m: { attendeeIds: number[] }) => m.attendeeIds)).not.toContain(ids.y1);

    const y = await call(`/api/sessions/${s1}/attendance`, 'partnerY@analytics.test');
    expect(y.status).toBe(200);
    expect(y.body.data.learners.map((l: { learner: { id: number } }) => l.learner.id)).toEqual([ids.y1]);
    expect(y.body.data.meetings.map((m: { attendeeIds: number[] }) => m.attendeeIds)).toEqual([
      [ids.y1],
      [ids.y1],
      [ids.y1],
    ]);

    // The educator sees everyone ACTIVE; a partner whose company has no learner there is refused.
    const educator = await call(`/api/sessions/${s1}/attendance`, 'educator@halaqa.test');
    expect(educator.body.data.learners).toHaveLength(3);
    expect((await call(`/api/sessions/${s2}/attendance`, 'partnerY@analytics.test')).status).toBe(403);
    expect((await call(`/api/sessions/${s1}/attendance`, 'partner@ncai.halaqa.test')).status).toBe(403);
    expect((await call(`/api/sessions/${s1}/attendance`, 'pendingX@analytics.test')).status).toBe(403);
  });

  it('GET /sessions/{id}/learners lists only own learners to a partner', async () => {
    const x = await call(`/api/sessions/${s1}/learners?pageSize=100`, 'partnerX@analytics.test');
    expect(x.status).toBe(200);
    expect(x.body.data.total).toBe(2);
    expect(x.body.data.items.map((i: { userId: number }) => i.userId).sort()).toEqual([ids.x1, ids.x2].sort());
    const y = await call(`/api/sessions/${s1}/learners?pageSize=100`, 'partnerY@analytics.test');
    expect(y.body.data.items.map((i: { userId: number }) => i.userId)).toEqual([ids.y1]);
    const ncai = await call(`/api/sessions/${s1}/learners?pageSize=100`, 'partner@ncai.halaqa.test');
    expect(ncai.body.data).toMatchObject({ total: 0, items: [] });
  });
});
