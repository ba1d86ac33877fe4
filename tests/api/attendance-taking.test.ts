import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { demoPasswordHash, enroll, insertCourse } from './course-fixtures.js';

/**
 * Attendance the educator takes (docs/classroom.md "Taking attendance"): a meeting's attendance
 * prefilled from the join clicks, marks and their history, who is refused, and the corrected values
 * in the session's attendance, the partner's analytics and the learner's progress.
 *
 * Fixture: company X (approved partner) with learners a, b, c, all ACTIVE in one session of
 * educator@halaqa.test, 2031-05-05 … 2031-06-01 in America/Denver, Mondays 18:00–19:30 (00:00Z–01:30Z
 * the next day); liveSessions in weeks 1–3 (05-05, 05-12, 05-19). Clock 2031-05-13 12:00Z: 05-05 and
 * 05-12 are over, 05-19 is not held. Joins: a at 05-05 on time (+5 min) and 05-12 late (+20 min); b at
 * 05-05 (+0); c never.
 */

const now = new Date('2031-05-13T12:00:00Z');
let t: TestApp;
const ids: Record<string, number> = {};
let session = 0;
const lesson: Record<string, number> = {};

const EDUCATOR = 'educator@halaqa.test';

async function call(method: 'GET' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() };
}

const meetingUrl = (l: string, date: string) => `/api/sessions/${session}/lessons/${lesson[l]}/occurrences/${date}`;
const mark = (email: string | null, l: string, date: string, who: string, body: unknown) =>
  call('PUT', `${meetingUrl(l, date)}/attendance/${ids[who]}`, email, body);
const history = (email: string | null, l: string, date: string) =>
  call('GET', `${meetingUrl(l, date)}/attendance-history`, email);

async function fixture() {
  const db = t.db;
  const hash = await demoPasswordHash(db);
  const settings = JSON.stringify({
    style: { primaryColor: '#6491D2', secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' },
    links: {},
    logo: null,
  });
  ids.X = (
    await db
      .insertInto('companies')
      .values({ name: 'Company TKX', acronym: 'TKX', settings })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const user = async (key: string, first: string, role: 'PARTNER' | 'LEARNER') => {
    ids[key] = (
      await db
        .insertInto('users')
        .values({
          email: `${key}@taking.test`,
          password_hash: hash,
          first_name: first,
          last_name: 'Tester',
          role,
          status: 'APPROVED',
          company_id: ids.X!,
          picture_url: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  await user('partner', 'Pat', 'PARTNER');
  await user('a', 'Amal', 'LEARNER');
  await user('b', 'Bilal', 'LEARNER');
  await user('c', 'Carim', 'LEARNER');
  const educatorId = (await db.selectFrom('users').select('id').where('email', '=', EDUCATOR).executeTakeFirstOrThrow())
    .id;
  const c = await insertCourse(db, { educatorId, title: 'Attendance taking course' });
  for (const week of [1, 2, 3]) {
    const s = await c.section(week, `Week ${week}`, 0);
    lesson[`live${week}`] = await c.lesson(s, 0, `Live ${week}`, 'liveSession');
  }
  lesson.reading = await c.lesson((await c.section(1, 'Extra', 1))!, 0, 'Reading', 'reading');
  session = await c.session();
  for (const k of ['a', 'b', 'c']) await enroll(db, session, ids[k]!);
  const join = (l: string, who: string, date: string, joinedAt: string) => ({
    session_id: session,
    lesson_id: lesson[l]!,
    user_id: ids[who]!,
    occurrence_date: date,
    joined_at: new Date(joinedAt),
  });
  await db
    .insertInto('attendance')
    .values([
      join('live1', 'a', '2031-05-05', '2031-05-06T00:05:00Z'),
      join('live2', 'a', '2031-05-12', '2031-05-13T00:20:00Z'),
      join('live1', 'b', '2031-05-05', '2031-05-06T00:00:00Z'),
    ])
    .execute();
}

beforeAll(async () => {
  t = await startTestApp({ now: () => now });
  await fixture();
});
afterAll(async () => t?.close());

const statusesOf = (body: { data: { learners: { learner: { id: number }; status: string | null }[] } }) =>
  Object.fromEntries(
    Object.entries(ids)
      .filter(([k]) => ['a', 'b', 'c'].includes(k))
      .map(([k, id]) => [k, body.data.learners.find((l) => l.learner.id === id)?.status]),
  );

describe('a meeting prefilled from the join clicks', () => {
  it('joined on time is PRESENT, after the 10-minute grace LATE, not joined once over ABSENT', async () => {
    const first = await call('GET', `${meetingUrl('live1', '2031-05-05')}/attendance`, EDUCATOR);
    expect(first.status).toBe(200);
    expect(statusesOf(first.body)).toEqual({ a: 'PRESENT', b: 'PRESENT', c: 'ABSENT' });
    const second = await call('GET', `${meetingUrl('live2', '2031-05-12')}/attendance`, EDUCATOR);
    expect(second.body.data).toMatchObject({
      startsAt: '2031-05-13T00:00:00.000Z',
      endsAt: '2031-05-13T01:30:00.000Z',
      lateAfter: '2031-05-13T00:10:00.000Z',
    });
    expect(statusesOf(second.body)).toEqual({ a: 'LATE', b: 'ABSENT', c: 'ABSENT' });
    const a = second.body.data.learners.find((l: { learner: { id: number } }) => l.learner.id === ids.a);
    expect(a).toMatchObject({ joinedAt: '2031-05-13T00:20:00.000Z', suggested: 'LATE', marked: false, version: 0 });
  });

  it('a meeting not held yet has no status', async () => {
    const res = await call('GET', `${meetingUrl('live3', '2031-05-19')}/attendance`, EDUCATOR);
    expect(res.status).toBe(200);
    expect(statusesOf(res.body)).toEqual({ a: null, b: null, c: null });
  });

  it('refuses a lesson that is not a meeting, and a date without an occurrence', async () => {
    expect((await call('GET', `${meetingUrl('reading', '2031-05-05')}/attendance`, EDUCATOR)).status).toBe(409);
    expect((await call('GET', `${meetingUrl('live1', '2031-05-06')}/attendance`, EDUCATOR)).status).toBe(409);
    expect((await call('GET', `${meetingUrl('live1', 'not-a-date')}/attendance`, EDUCATOR)).status).toBe(400);
  });
});

describe('marks and their history', () => {
  it('the educator marks, the mark wins, and each change is kept with who, when, before and after', async () => {
    const first = await mark(EDUCATOR, 'live2', '2031-05-12', 'b', {
      status: 'EXCUSED',
      note: '  Doctor, told us ahead  ',
      version: 0,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      suggested: 'ABSENT',
      status: 'EXCUSED',
      marked: true,
      note: 'Doctor, told us ahead',
      version: 1,
      markedBy: { name: 'Amina Haddad' },
      markedAt: now.toISOString(),
    });
    // The same mark again changes nothing.
    const again = await mark(EDUCATOR, 'live2', '2031-05-12', 'b', {
      status: 'EXCUSED',
      note: 'Doctor, told us ahead',
      version: 1,
    });
    expect(again.body.data.version).toBe(1);
    expect((await mark(EDUCATOR, 'live2', '2031-05-12', 'c', { status: 'LATE', version: 0 })).status).toBe(200);
    const fixed = await mark(EDUCATOR, 'live2', '2031-05-12', 'c', {
      status: 'PRESENT',
      note: 'Came in audio',
      version: 1,
    });
    expect(fixed.body.data).toMatchObject({ status: 'PRESENT', version: 2, note: 'Came in audio' });
    expect((await mark(EDUCATOR, 'live1', '2031-05-05', 'b', { status: 'ABSENT', version: 0 })).status).toBe(200);

    const h = await history(EDUCATOR, 'live2', '2031-05-12');
    expect(h.status).toBe(200);
    expect(
      h.body.data.map((c: Record<string, unknown>) => [c.learnerId, c.beforeStatus, c.afterStatus, c.afterNote]),
    ).toEqual([
      [ids.c, 'LATE', 'PRESENT', 'Came in audio'],
      [ids.c, 'ABSENT', 'LATE', null],
      [ids.b, 'ABSENT', 'EXCUSED', 'Doctor, told us ahead'],
    ]);
    expect(h.body.data[0]).toMatchObject({ changedBy: { name: 'Amina Haddad' }, changedAt: now.toISOString() });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'message'])
      .where('action', '=', 'attendance.marked')
      .where('entity_id', '=', session)
      .execute();
    expect(audited).toHaveLength(4);
    expect(audited.map((r) => r.message)).toContain(
      `Learner ${ids.b}, lesson ${lesson.live2} on 2031-05-12: ABSENT → EXCUSED (Doctor, told us ahead)`,
    );
  });

  it('a stale version is a conflict and changes nothing', async () => {
    const res = await mark(EDUCATOR, 'live2', '2031-05-12', 'c', { status: 'ABSENT', version: 1 });
    expect(res.status).toBe(409);
    const now2 = await call('GET', `${meetingUrl('live2', '2031-05-12')}/attendance`, EDUCATOR);
    expect(statusesOf(now2.body).c).toBe('PRESENT');
  });

  it('an admin may mark too', async () => {
    const res = await mark('admin@halaqa.test', 'live1', '2031-05-05', 'c', {
      status: 'ABSENT',
      note: null,
      version: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.markedBy.name).toBe('Omar Saeed');
  });
});

describe('refusals change nothing', () => {
  async function changes() {
    return (await t.db.selectFrom('attendance_mark_changes').select('id').execute()).length;
  }

  it('other educators, learners (even enrolled), partners and strangers are refused', async () => {
    const before = await changes();
    const body = { status: 'PRESENT', version: 0 };
    for (const [email, status] of [
      ['educator2@halaqa.test', 403],
      ['a@taking.test', 403],
      ['learner@halaqa.test', 403],
      ['partner@taking.test', 403],
      [null, 401],
    ] as const) {
      expect((await mark(email, 'live1', '2031-05-05', 'a', body)).status).toBe(status);
      expect((await call('GET', `${meetingUrl('live1', '2031-05-05')}/attendance`, email)).status).toBe(status);
      expect((await history(email, 'live1', '2031-05-05')).status).toBe(status);
    }
    expect(await changes()).toBe(before);
  });

  it('a meeting not started, a learner not enrolled, or a wrong status is refused', async () => {
    const before = await changes();
    expect((await mark(EDUCATOR, 'live3', '2031-05-19', 'a', { status: 'EXCUSED', version: 0 })).status).toBe(409);
    expect((await mark(EDUCATOR, 'live1', '2031-05-05', 'partner', { status: 'PRESENT', version: 0 })).status).toBe(
      404,
    );
    expect((await mark(EDUCATOR, 'live1', '2031-05-05', 'a', { status: 'GONE', version: 0 })).status).toBe(400);
    expect(
      (await mark(EDUCATOR, 'live1', '2031-05-05', 'a', { status: 'PRESENT', note: 'x'.repeat(501), version: 0 }))
        .status,
    ).toBe(400);
    expect(await changes()).toBe(before);
  });
});

/*
 * After the marks above: 05-05 — a PRESENT (join), b ABSENT (mark over a join), c ABSENT (admin's
 * mark); 05-12 — a LATE (join), b EXCUSED (mark), c PRESENT (mark over no join).
 */
describe('the corrected values everywhere', () => {
  it("the session's attendance: attended PRESENT or LATE, EXCUSED out of the rate", async () => {
    const res = await call('GET', `/api/sessions/${session}/attendance`, EDUCATOR);
    expect(res.status).toBe(200);
    expect(res.body.data.meetings.map((m: { attendeeIds: number[] }) => m.attendeeIds)).toEqual([
      [ids.a],
      [ids.a, ids.c],
    ]);
    const row = (k: string) => res.body.data.learners.find((l: { learner: { id: number } }) => l.learner.id === ids[k]);
    expect(row('a')).toMatchObject({ attended: 2, held: 2, excused: 0, rate: 1 });
    expect(row('b')).toMatchObject({ attended: 0, held: 2, excused: 1, rate: 0 });
    expect(row('c')).toMatchObject({ attended: 1, held: 2, excused: 0, rate: 0.5 });
  });

  it("the partner's analytics count the same", async () => {
    const res = await call('GET', `/api/companies/${ids.X}/analytics/attendance`, 'partner@taking.test');
    expect(res.status).toBe(200);
    expect(res.body.data.sessions[0]).toMatchObject({
      learners: 3,
      meetingsHeld: 2,
      attended: 3,
      excused: 1,
      expected: 5,
      rate: 0.6,
    });
    const row = (k: string) => res.body.data.learners.find((l: { learner: { id: number } }) => l.learner.id === ids[k]);
    expect(row('b')).toMatchObject({ attended: 0, held: 2, excused: 1, rate: 0 });
    expect(row('c')).toMatchObject({ attended: 1, held: 2, excused: 0, rate: 0.5 });
    expect(res.body.data.weeks).toEqual([
      { weekStart: '2031-05-05', attended: 1, expected: 3, rate: 0.3333 },
      { weekStart: '2031-05-12', attended: 2, expected: 2, rate: 1 },
    ]);
    expect(res.body.data.totals).toMatchObject({ attended: 3, expected: 5, rate: 0.6 });
  });

  it("the learner's progress: a meeting marked attended is done, one marked absent is not", async () => {
    const status = async (who: string, l: string) => {
      const res = await call('GET', `/api/sessions/${session}/lessons/${lesson[l]}`, `${who}@taking.test`);
      expect(res.status).toBe(200);
      return res.body.data.lesson.status;
    };
    expect(await status('c', 'live2')).toBe('DONE');
    expect(await status('b', 'live1')).toBeNull();
    expect(await status('a', 'live1')).toBe('DONE');
  });
});
