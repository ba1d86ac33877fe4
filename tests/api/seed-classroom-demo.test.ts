import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLASSROOM_COURSE, DEMO_CLASSROOM_LEARNER } from '../../server/db/seed/demo-courses.js';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users.js';
import { sanitizeLessonHtml } from '../../server/modules/classroom/sanitize.js';
import { LESSON_TYPES } from '../../server/modules/reference/data.js';
import { LIVE_DEMO_MEETING_MINUTES, scheduleLiveDemoMeeting } from '../../server/db/seed/seed.js';
import { startTestApp, type TestApp } from './harness.js';
import { TODAY, db, useSeededDemo } from './seed-setup.js';

useSeededDemo();

describe('seedDemoData', () => {
  it('gives the classroom demo course’s running week authored content of every kind (classroom-demo.ts)', async () => {
    const session = await db
      .selectFrom('enrollments')
      .innerJoin('users', 'users.id', 'enrollments.user_id')
      .innerJoin('sessions', 'sessions.id', 'enrollments.session_id')
      .select(['sessions.course_id', 'sessions.start_date'])
      .where('users.email', '=', DEMO_CLASSROOM_LEARNER)
      .executeTakeFirstOrThrow();
    const week =
      Math.floor((Date.parse(`${TODAY}T00:00:00Z`) - Date.parse(`${session.start_date}T00:00:00Z`)) / 86_400_000 / 7) +
      1;
    expect(week).toBe(3);
    const lessons = await db
      .selectFrom('lessons')
      .innerJoin('sections', 'sections.id', 'lessons.section_id')
      .innerJoin('lesson_types', 'lesson_types.id', 'lessons.lesson_type_id')
      .selectAll('lessons')
      .select('lesson_types.code')
      .where('sections.course_id', '=', session.course_id)
      .where('sections.week', '=', week)
      .execute();
    const of = (code: string) => {
      const found = lessons.filter((l) => l.code === code);
      expect(found.length, code).toBeGreaterThanOrEqual(1);
      return found[0]!;
    };
    for (const l of lessons)
      if (l.content_html !== null) expect(sanitizeLessonHtml(l.content_html), l.name).toBe(l.content_html);

    const reading = of('reading').content_html!;
    expect(reading.match(/<p>/g)!.length).toBeGreaterThanOrEqual(3);
    expect(reading).toMatch(/<pre><code class="language-js">[\s\S]+<\/code><\/pre>/);
    expect(reading).toMatch(/<(ul|ol)>\s*<li>/);
    expect(of('notes').content_html).toContain('<table>');
    expect(of('video').video_url).toMatch(/^https:\/\/\S+\.(webm|mp4)$/);
    for (const m of lessons.filter((l) => l.code === 'meeting')) {
      expect(m.link).toBeNull(); // it opens its session's room (MEETING_BASE_URL)
      expect(m.day).not.toBeNull();
      expect(m.start_time).toMatch(/^\d{2}:\d{2}$/);
    }

    const quiz = of('quiz');
    expect(quiz.time_limit_minutes).toBe(15);
    const questions = await db
      .selectFrom('quiz_questions')
      .selectAll()
      .where('lesson_id', '=', quiz.id)
      .orderBy('sort_order')
      .execute();
    expect(questions.length).toBeGreaterThanOrEqual(4);
    expect(questions.length).toBeLessThanOrEqual(5);
    expect(new Set(questions.map((q) => q.kind))).toEqual(
      new Set(['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'SHORT_ANSWER']),
    );
    expect(questions.map((q) => q.sort_order)).toEqual(questions.map((_, i) => i));
    for (const q of questions) {
      expect(q.explanation!.length, q.prompt).toBeGreaterThan(20);
      expect(q.points).toBeGreaterThanOrEqual(1);
      const ids = q.options.map((o) => o.id);
      if (q.kind === 'SINGLE')
        expect((q.answer as string[]).length === 1 && ids.includes((q.answer as string[])[0]!)).toBe(true);
      if (q.kind === 'MULTIPLE')
        expect((q.answer as string[]).every((a) => ids.includes(a)) && (q.answer as string[]).length >= 2).toBe(true);
      if (q.kind === 'TRUE_FALSE') expect(typeof q.answer).toBe('boolean');
      if (q.kind === 'SHORT_ANSWER') expect((q.answer as string[]).length).toBeGreaterThanOrEqual(1);
      if (q.kind === 'SINGLE' || q.kind === 'MULTIPLE') expect(new Set(ids).size).toBe(ids.length);
      else expect(q.options).toEqual([]);
    }

    const path = await db
      .selectFrom('quiz_questions')
      .selectAll()
      .where('lesson_id', '=', of('learningObjective').id)
      .orderBy('sort_order')
      .execute();
    expect(path.length).toBeGreaterThanOrEqual(3);
    expect(path.length).toBeLessThanOrEqual(4);
    for (const q of path) expect(q).toMatchObject({ kind: 'STEP', points: 0, answer: null, options: [] });

    expect(of('assignment')).toMatchObject({ points: 100, allow_late: false });
    const code = of('programmingAssignment');
    const spec = code.programming!;
    expect(Object.keys(spec).sort()).toEqual(['functionName', 'starterCode', 'tests']);
    expect(spec.starterCode).toContain(`function ${spec.functionName}(`);
    expect(spec.tests.length).toBeGreaterThanOrEqual(3);
    for (const test of spec.tests) {
      expect(Object.keys(test).sort()).toEqual(['args', 'expected', 'name']);
      expect(Array.isArray(test.args)).toBe(true);
    }
    // No other course carries classroom content: the demo is one course.
    const elsewhere = await db
      .selectFrom('lessons')
      .innerJoin('sections', 'sections.id', 'lessons.section_id')
      .select('lessons.id')
      .where('sections.course_id', '!=', session.course_id)
      .where((eb) => eb.or([eb('lessons.content_html', 'is not', null), eb('lessons.programming', 'is not', null)]))
      .execute();
    expect(elsewhere).toEqual([]);
    const slug = (
      await db.selectFrom('courses').select('title').where('id', '=', session.course_id).executeTakeFirstOrThrow()
    ).title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    expect(slug).toBe(DEMO_CLASSROOM_COURSE);
  });
});

describe('the classroom demo as learner@halaqa.test finds it (a server seeded today, on the wall clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000); // PGlite migrations and the demo seed take a while on a busy machine
  afterAll(() => t?.close());

  async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url,
      headers: t.auth(await t.tokenFor(DEMO_CLASSROOM_LEARNER)),
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json(), text: res.body };
  }
  /** The learner's running enrollment (the other is a finished cohort, certificates-demo.ts) and its classroom. */
  async function classroom() {
    const mine = await call('GET', '/api/sessions/enrollments');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    const running = mine.body.data.filter((e: { session: { endDate: string } }) => e.session.endDate >= today);
    expect(running).toHaveLength(1);
    const sessionId: number = running[0].sessionId;
    const res = await call('GET', `/api/sessions/${sessionId}/classroom`);
    expect(res.status).toBe(200);
    const lessons: any[] = res.body.data.weeks.flatMap((w: any) =>
      w.sections.flatMap((s: any) => s.lessons.map((l: any) => ({ ...l, week: w.week }))),
    );
    return { sessionId, data: res.body.data, lessons };
  }
  const inCurrentWeek = (lessons: any[], code: string) => lessons.find((l) => l.week === 3 && l.type.code === code)!;

  it('dates every demo submission when it was handed in, so none counts against the per-minute limit', async () => {
    const rows = await t.db.selectFrom('submissions').select(['created_at', 'submitted_at']).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.created_at.getTime() !== r.submitted_at.getTime())).toEqual([]);
  });

  it('signs in with the demo password and opens a running classroom with lessons of every type, the current week still open', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: DEMO_CLASSROOM_LEARNER, password: DEMO_PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    const { data, lessons } = await classroom();
    expect(data).toMatchObject({
      courseTitle: 'Data Structures and Algorithms',
      status: 'ACTIVE',
      viewerRole: 'LEARNER',
    });
    expect(new Set(lessons.map((l) => l.type.code))).toEqual(new Set(LESSON_TYPES.map((lt) => lt.code)));
    const now = Date.now();
    for (const code of ['quiz', 'learningObjective', 'assignment', 'programmingAssignment']) {
      expect(Date.parse(inCurrentWeek(lessons, code).deadline), code).toBeGreaterThan(now);
    }
    expect(data.nextMeeting).not.toBeNull();
    expect(Date.parse(data.nextMeeting.occurrence.endsAt)).toBeGreaterThan(now);
  });

  it('shows each lesson’s content, and the quiz without its answer key', async () => {
    const { sessionId, lessons } = await classroom();
    const lesson = async (code: string) => {
      const res = await call('GET', `/api/sessions/${sessionId}/lessons/${inCurrentWeek(lessons, code).id}`);
      expect(res.status, code).toBe(200);
      return res;
    };
    expect((await lesson('reading')).body.data.contentHtml).toContain('<pre><code class="language-js">');
    expect((await lesson('video')).body.data.videoUrl).toMatch(/^https:\/\//);
    const meeting = (await lesson('meeting')).body.data;
    expect(meeting.occurrences.length).toBeGreaterThanOrEqual(1);
    const code = (await lesson('programmingAssignment')).body.data;
    expect(code.programming.functionName).toBe('twoSum');
    expect(code.programming.tests.every((x: object) => !('expected' in x))).toBe(true);

    const quiz = await lesson('quiz');
    expect(quiz.body.data).toMatchObject({ timeLimitMinutes: 15, questionCount: 5, allowLate: false });
    const stored = await t.db
      .selectFrom('quiz_questions')
      .select(['explanation', 'answer'])
      .where('lesson_id', '=', quiz.body.data.lesson.id)
      .execute();
    const secrets = stored.flatMap((q) => [
      q.explanation!,
      ...(Array.isArray(q.answer) ? q.answer.filter((a) => a.length > 2) : []),
    ]);
    for (const secret of secrets) expect(quiz.text).not.toContain(secret);
    expect(quiz.text).not.toMatch(/"(answer|explanation)"/);
    expect((await lesson('learningObjective')).body.data.questionCount).toBe(4);

    // Starting the quiz shows its questions, still without the answer key.
    const attempt = await call('POST', `/api/sessions/${sessionId}/lessons/${quiz.body.data.lesson.id}/attempts`);
    expect(attempt.status).toBe(201);
    expect(attempt.body.data.questions.map((q: { kind: string }) => q.kind)).toEqual([
      'SINGLE',
      'MULTIPLE',
      'TRUE_FALSE',
      'SHORT_ANSWER',
      'SINGLE',
    ]);
    for (const secret of secrets) expect(attempt.text).not.toContain(secret);
  });

  it('grades a correct solution of the programming assignment with full points', async () => {
    const { sessionId, lessons } = await classroom();
    const lab = inCurrentWeek(lessons, 'programmingAssignment');
    const solution =
      'function twoSum(nums, target) { const seen = new Map(); for (let j = 0; j < nums.length; j++) { const i = seen.get(target - nums[j]); if (i !== undefined) return [i, j]; seen.set(nums[j], j); } return null; }';
    const res = await call('POST', `/api/assignments/${lab.id}/code`, { sessionId, code: solution });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'AUTOGRADED', grade: 100, points: 100, late: false });
    expect(res.body.data.results.every((r: { passed: boolean }) => r.passed)).toBe(true);
  });

  it('has a Python lab with hidden tests that a correct Python solution passes', async () => {
    const { sessionId, lessons } = await classroom();
    const week = lessons.filter((l: { name: string }) => l.name === 'First unique character (Python)');
    expect(week).toHaveLength(1);
    const lab = week[0]!;
    const detail = await call('GET', `/api/sessions/${sessionId}/lessons/${lab.id}`);
    expect(detail.body.data.programming).toMatchObject({ language: 'python', functionName: 'first_unique' });
    const solution =
      'def first_unique(s):\n    counts = {}\n    for ch in s:\n        counts[ch] = counts.get(ch, 0) + 1\n    for i, ch in enumerate(s):\n        if counts[ch] == 1:\n            return i\n    return -1\n';
    const res = await call('POST', `/api/assignments/${lab.id}/code`, { sessionId, code: solution });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'AUTOGRADED', grade: 100, language: 'python' });
    expect(res.body.data.results.filter((r: { hidden?: boolean }) => r.hidden)).toHaveLength(2);
  }, 180_000);

  it('with liveMeetingAt (as `npm start` seeds), a meeting of the current week is live: the learner joins it and is recorded', async () => {
    const at = new Date();
    await scheduleLiveDemoMeeting(t.db, at);
    const { sessionId, data } = await classroom();
    expect(data.nextMeeting).not.toBeNull();
    expect(Date.parse(data.nextMeeting.occurrence.startsAt)).toBeLessThanOrEqual(at.getTime());
    expect(Date.parse(data.nextMeeting.occurrence.endsAt) - Date.parse(data.nextMeeting.occurrence.startsAt)).toBe(
      LIVE_DEMO_MEETING_MINUTES * 60_000,
    );
    const joined = await call('POST', `/api/sessions/${sessionId}/lessons/${data.nextMeeting.lessonId}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({
      recorded: true,
      // The demo meeting opens its session's room at the default provider.
      url: expect.stringMatching(new RegExp(`^https://meet\\.jit\\.si/Halaqa-${sessionId}-[0-9a-f]{20}$`)),
    });
  });
});
