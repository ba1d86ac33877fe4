import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { demoPasswordHash, insertCourse } from './course-fixtures.js';
import { sessionProgress } from '../../server/modules/learning-goals/service.js';

/**
 * Learning goals (product.md#calls): GET /v2/learningGoals, POST /v2/learningGoal,
 * DELETE /v2/learningGoal/{id}; rules in docs/decisions.md "Learning goals".
 *
 * Fixture (clock 2031-05-19 12:00Z, Monday): skills X, Y, Z (new); learner `me` (company NCAI),
 * learner `other` (no company), a USER `user`. Courses of educator@halaqa.test, all PUBLISHED unless said:
 * - cX gains X; session 2031-04-01…04-30 (ended), `me` ACTIVE → X achieved;
 * - cY gains Y; session 2031-05-05…06-01 (28 days, day 15 on the clock), `me` ACTIVE → Y 53 %;
 * - cYopen gains Y, session 2031-06-10…07-01 (open) → suggested first;
 * - cYncai gains Y, private to NCAI, no session → suggested to `me` (NCAI), after cYopen;
 * - cYmorocco gains Y, private to MOROCCO → never suggested to `me`;
 * - cYdraft gains Y, DRAFT → never suggested;
 * - cYlate gains Y, its only session ended → suggested without a date, after the open one;
 * - cZ gains Z, session running, `me` CANCELLED → Z 0 %, cZ suggested.
 */

const NOW = new Date('2031-05-19T12:00:00Z');
let t: TestApp;
const skill: Record<'X' | 'Y' | 'Z', number> = { X: 0, Y: 0, Z: 0 };
const course: Record<string, number> = {};
const EMAIL = { me: 'me@goals.test', other: 'other@goals.test', user: 'user@goals.test' };

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() };
}
const goalCount = async (email: string) =>
  Number(
    (
      await t.db
        .selectFrom('learning_goals as g')
        .innerJoin('users as u', 'u.id', 'g.user_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function fixture() {
  const db = t.db;
  const hash = await demoPasswordHash(db);
  const company = async (acronym: string) =>
    (await db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
  const ncai = await company('NCAI');
  const morocco = await company('MOROCCO');
  const user = async (email: string, role: 'LEARNER' | 'USER', companyId: number | null) =>
    (
      await db
        .insertInto('users')
        .values({
          email,
          password_hash: hash,
          first_name: 'Goal',
          last_name: 'Setter',
          role,
          company_id: companyId,
          picture_url: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const me = await user(EMAIL.me, 'LEARNER', ncai);
  await user(EMAIL.other, 'LEARNER', null);
  await user(EMAIL.user, 'USER', null);
  for (const k of ['X', 'Y', 'Z'] as const)
    skill[k] = (
      await db
        .insertInto('skills')
        .values({ name: `Goal skill ${k}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const educatorId = (
    await db.selectFrom('users').select('id').where('email', '=', 'educator@halaqa.test').executeTakeFirstOrThrow()
  ).id;

  async function make(
    key: string,
    gains: keyof typeof skill,
    opts: { companyId?: number; isPrivate?: boolean; status?: 'DRAFT'; sessions?: [string, string][] } = {},
  ) {
    const c = await insertCourse(db, { educatorId, title: `Course ${key}`, companyId: opts.companyId ?? null });
    await db
      .updateTable('courses')
      .set({
        is_private: opts.isPrivate ?? false,
        picture_url: '/uploads/demo/course-1.svg',
        status: opts.status ?? 'PUBLISHED',
      })
      .where('id', '=', c.courseId)
      .execute();
    await db
      .insertInto('course_skills')
      .values({ course_id: c.courseId, skill_id: skill[gains], type: 'GAINED' })
      .execute();
    course[key] = c.courseId;
    const sessions: number[] = [];
    for (const [start, end] of opts.sessions ?? []) {
      const id = await c.session();
      await db
        .updateTable('sessions')
        .set({ start_date: start, end_date: end, status: 'APPROVED' })
        .where('id', '=', id)
        .execute();
      sessions.push(id);
    }
    return sessions;
  }
  const [sX] = await make('cX', 'X', { sessions: [['2031-04-01', '2031-04-30']] });
  const [sY] = await make('cY', 'Y', { sessions: [['2031-05-05', '2031-06-01']] });
  await make('cYopen', 'Y', {
    sessions: [
      ['2031-06-10', '2031-07-01'],
      ['2031-04-01', '2031-04-20'],
    ],
  });
  await make('cYncai', 'Y', { companyId: ncai, isPrivate: true });
  await make('cYmorocco', 'Y', { companyId: morocco, isPrivate: true, sessions: [['2031-06-01', '2031-06-30']] });
  await make('cYdraft', 'Y', { status: 'DRAFT', sessions: [['2031-06-01', '2031-06-30']] });
  await make('cYlate', 'Y', { sessions: [['2031-03-01', '2031-03-30']] });
  const [sZ] = await make('cZ', 'Z', { sessions: [['2031-05-05', '2031-06-01']] });
  await db
    .insertInto('enrollments')
    .values([
      { session_id: sX!, user_id: me, status: 'ACTIVE' },
      { session_id: sY!, user_id: me, status: 'ACTIVE' },
      { session_id: sZ!, user_id: me, status: 'CANCELLED' },
    ])
    .execute();
  course.sY = sY!;
}

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  await fixture();
}, 120_000);
afterAll(async () => t?.close());

describe('sessionProgress (share of the session days elapsed, in its time zone)', () => {
  it('is 0 before the start, 100 after the end, and at most 99 while the session runs', () => {
    expect(sessionProgress('2031-05-05', '2031-06-01', '2031-05-04')).toBe(0);
    expect(sessionProgress('2031-05-05', '2031-06-01', '2031-05-05')).toBe(3); // day 1 of 28
    expect(sessionProgress('2031-05-05', '2031-06-01', '2031-05-19')).toBe(53); // day 15 of 28
    expect(sessionProgress('2031-05-05', '2031-06-01', '2031-06-01')).toBe(99); // the last day is not over
    expect(sessionProgress('2031-05-05', '2031-06-01', '2031-06-02')).toBe(100);
    expect(sessionProgress('2031-05-05', '2031-05-05', '2031-05-05')).toBe(99);
  });
});

describe('learning goals', () => {
  it('lists nothing for a learner without goals', async () => {
    expect(await call('GET', '/v2/learningGoals', EMAIL.me)).toEqual({ status: 200, body: { data: [] } });
  });

  it('adds a goal whose skill a completed course gained: achieved, 100 %, nothing suggested', async () => {
    const res = await call('POST', '/v2/learningGoal', EMAIL.me, { skillId: skill.X });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      skill: { id: skill.X, name: 'Goal skill X' },
      progress: 100,
      achieved: true,
      suggestions: [],
    });
    expect(res.body.data.courses).toEqual([
      expect.objectContaining({
        id: course.cX,
        title: 'Course cX',
        startDate: '2031-04-01',
        endDate: '2031-04-30',
        completed: true,
        progress: 100,
      }),
    ]);
    expect(res.body.data.createdAt).toBe(NOW.toISOString());
  });

  it('adds a goal under way: progress of the running session, suggestions visible to the learner, open sessions first', async () => {
    const res = await call('POST', '/v2/learningGoal', EMAIL.me, { skillId: skill.Y });
    expect(res.status).toBe(201);
    const goal = res.body.data;
    expect(goal).toMatchObject({ progress: 53, achieved: false });
    expect(goal.courses).toEqual([
      expect.objectContaining({ id: course.cY, sessionId: course.sY, completed: false, progress: 53 }),
    ]);
    // Never the course already taken, another company's private course or a draft; at most 3.
    expect(goal.suggestions.map((s: { title: string }) => s.title)).toEqual([
      'Course cYopen',
      'Course cYlate',
      'Course cYncai',
    ]);
    expect(goal.suggestions[0]).toEqual({
      id: course.cYopen,
      title: 'Course cYopen',
      pictureUrl: '/uploads/demo/course-1.svg',
      difficultyLevel: 'BEGINNER',
      nextSessionStartDate: '2031-06-10',
    });
    expect(goal.suggestions[1].nextSessionStartDate).toBeNull();
  });

  it('counts no cancelled enrollment: 0 % and the course suggested', async () => {
    const res = await call('POST', '/v2/learningGoal', EMAIL.me, { skillId: skill.Z });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ progress: 0, achieved: false, courses: [] });
    expect(res.body.data.suggestions).toEqual([
      expect.objectContaining({ id: course.cZ, nextSessionStartDate: '2031-05-05' }),
    ]);
  });

  it('lists the goals oldest first, and another company member sees only the suggestions of their own scope', async () => {
    const res = await call('GET', '/v2/learningGoals', EMAIL.me);
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { skill: { id: number } }) => g.skill.id)).toEqual([skill.X, skill.Y, skill.Z]);
    // `other` has no company: NCAI's private course is not suggested to them.
    const theirs = await call('POST', '/v2/learningGoal', EMAIL.other, { skillId: skill.Y });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.suggestions.map((s: { title: string }) => s.title)).toEqual([
      'Course cY',
      'Course cYopen',
      'Course cYlate',
    ]); // cY's running session can still be joined
    expect((await call('GET', '/v2/learningGoals', EMAIL.other)).body.data).toHaveLength(1);
  });

  it('refuses a skill already among the goals (409), writing nothing', async () => {
    const before = await countRows(t.db, 'learning_goals');
    const res = await call('POST', '/v2/learningGoal', EMAIL.me, { skillId: skill.Y });
    expect(res).toEqual({ status: 409, body: { message: 'This skill is already one of your learning goals' } });
    expect(await countRows(t.db, 'learning_goals')).toBe(before);
  });

  it('refuses an unknown skill (400 on skillId) and malformed bodies, writing nothing', async () => {
    const before = await countRows(t.db, 'learning_goals');
    const unknown = await call('POST', '/v2/learningGoal', EMAIL.me, { skillId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: 'skillId', message: 'is not a skill' }]);
    for (const payload of [{}, { skillId: 'abc' }, { skillId: 0 }, { skillId: skill.X, extra: 1 }]) {
      expect((await call('POST', '/v2/learningGoal', EMAIL.me, payload)).status).toBe(400);
    }
    expect(await countRows(t.db, 'learning_goals')).toBe(before);
  });

  it("never deletes another learner's goal (404, still there), and deletes one's own", async () => {
    const mine = (await call('GET', '/v2/learningGoals', EMAIL.me)).body.data as {
      id: number;
      skill: { id: number };
    }[];
    const z = mine.find((g) => g.skill.id === skill.Z)!;
    const refused = await call('DELETE', `/v2/learningGoal/${z.id}`, EMAIL.other);
    expect(refused).toEqual({ status: 404, body: { message: 'Learning goal not found' } });
    expect(await goalCount(EMAIL.me)).toBe(3);

    expect(await call('DELETE', `/v2/learningGoal/${z.id}`, EMAIL.me)).toEqual({
      status: 200,
      body: { data: { id: z.id } },
    });
    expect((await call('GET', '/v2/learningGoals', EMAIL.me)).body.data.map((g: { id: number }) => g.id)).not.toContain(
      z.id,
    );
    expect((await call('DELETE', `/v2/learningGoal/${z.id}`, EMAIL.me)).status).toBe(404);
    expect(await goalCount(EMAIL.me)).toBe(2);
  });

  it('lets a USER set goals, refuses the other roles (403) and anonymous callers (401), writing nothing', async () => {
    expect((await call('POST', '/v2/learningGoal', EMAIL.user, { skillId: skill.X })).status).toBe(201);
    const before = await countRows(t.db, 'learning_goals');
    const goalId = ((await call('GET', '/v2/learningGoals', EMAIL.me)).body.data[0] as { id: number }).id;
    for (const email of [
      'educator@halaqa.test',
      'partner@ncai.halaqa.test',
      'admin@halaqa.test',
      'superadmin@halaqa.test',
    ]) {
      expect((await call('GET', '/v2/learningGoals', email)).status, email).toBe(403);
      expect((await call('POST', '/v2/learningGoal', email, { skillId: skill.Z })).status, email).toBe(403);
      expect((await call('DELETE', `/v2/learningGoal/${goalId}`, email)).status, email).toBe(403);
    }
    expect((await call('GET', '/v2/learningGoals', null)).status).toBe(401);
    expect((await call('POST', '/v2/learningGoal', null, { skillId: skill.Z })).status).toBe(401);
    expect((await call('DELETE', `/v2/learningGoal/${goalId}`, null)).status).toBe(401);
    expect(await countRows(t.db, 'learning_goals')).toBe(before);
  });

  it('refuses a 21st goal (422), writing nothing', async () => {
    const skills = await t.db.selectFrom('skills').select('id').orderBy('id').limit(25).execute();
    let added = 0;
    for (const s of skills) {
      if (added === 20) break;
      if ((await call('POST', '/v2/learningGoal', EMAIL.other, { skillId: s.id })).status === 201) added++;
    }
    expect(await goalCount(EMAIL.other)).toBe(20);
    const spare = (
      await t.db.selectFrom('skills').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
    ).id;
    const res = await call('POST', '/v2/learningGoal', EMAIL.other, { skillId: spare });
    expect(res).toEqual({ status: 422, body: { message: 'You can have at most 20 learning goals' } });
    expect(await goalCount(EMAIL.other)).toBe(20);
  });
});

describe('demo learning goals (server/db/seed/learning-goals-demo.ts)', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await startTestApp();
  }, 120_000);
  afterAll(async () => demo?.close());

  it('gives learner@halaqa.test three goals: Algorithms under way in their running course, React achieved by their finished cohort, Python with suggestions', async () => {
    const token = await demo.tokenFor('learner@halaqa.test');
    const res = await demo.app.inject({ method: 'GET', url: '/api/v2/learningGoals', headers: demo.auth(token) });
    expect(res.statusCode).toBe(200);
    const goals = res.json().data as {
      skill: { name: string };
      progress: number;
      achieved: boolean;
      courses: { title: string }[];
      suggestions: { title: string }[];
    }[];
    expect(goals.map((g) => g.skill.name)).toEqual(['Algorithms', 'React', 'Python']);
    const [algorithms, react, python] = goals;
    expect(algorithms!.courses.map((c) => c.title)).toEqual(['Data Structures and Algorithms']);
    expect(algorithms!.progress).toBeGreaterThan(0);
    expect(algorithms!.progress).toBeLessThan(100);
    expect(react).toMatchObject({ progress: 100, achieved: true, suggestions: [] });
    expect(react!.courses.map((c) => c.title)).toEqual(['React and TypeScript: Building Production Web Apps']);
    expect(python!.suggestions.map((s) => s.title)).toContain('Introduction to Programming with Python');
  });
});
