import { describe, expect, it } from 'vitest';
import {
  call,
  classroomOf,
  CANCELLED,
  EDUCATOR,
  idOf,
  L,
  LEARNER,
  LEARNER1,
  type Lesson,
  lessonsOf,
  otherCourseLessonId,
  OTHER_PARTNER,
  OUTSIDER,
  PARTNER,
  recordMondayAttendance,
  sessionId,
  setNow,
  t,
  useClassroomFixture,
} from './classroom-setup.js';

/**
 * The classroom's syllabus and lessons (getClassroom, getClassroomLesson; docs/classroom.md). The
 * fixture is in classroom-setup.ts; LEARNER1's work, recorded below, feeds the lessons' status.
 */

useClassroomFixture();

describe('GET /sessions/{id}/classroom', () => {
  it('answers the syllabus by week and section, deadlines, the next meeting and progress for an enrolled learner', async () => {
    setNow(new Date('2031-05-01T12:00:00Z'));
    const res = await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({
      sessionId,
      courseTitle: 'JavaScript, live',
      startDate: '2031-05-05',
      endDate: '2031-06-01',
      timezone: 'America/Denver',
      status: 'ACTIVE',
      viewerRole: 'LEARNER',
      educator: { name: 'Amina Haddad' },
      progress: { done: 0, total: 9 },
    });
    expect(
      c.weeks.map((w: { week: number; startsOn: string; deadline: string }) => [w.week, w.startsOn, w.deadline]),
    ).toEqual([
      [1, '2031-05-05', '2031-05-12T06:00:00.000Z'], // 00:00 MDT
      [2, '2031-05-12', '2031-05-19T06:00:00.000Z'],
    ]);
    expect(
      c.weeks[0].sections.map((s: { name: string; lessons: Lesson[] }) => [s.name, s.lessons.map((l) => l.name)]),
    ).toEqual([
      ['Learn', ['reading', 'video', 'path', 'live', 'meeting']],
      ['Practice', ['quiz', 'assignment', 'code']],
    ]);
    const lessons = lessonsOf(c);
    expect(lessons.get('quiz')).toMatchObject({
      type: { code: 'quiz', name: 'Quiz' },
      status: null,
      grade: null,
      points: 100,
      deadline: '2031-05-12T06:00:00.000Z',
    });
    expect(lessons.get('assignment')).toMatchObject({ points: 20 });
    expect(lessons.get('reading')).toMatchObject({ points: null, deadline: null, nextOccurrence: null });
    expect(lessons.get('meeting')).toMatchObject({
      day: 'wednesday',
      startTime: '12:00',
      nextOccurrence: {
        occurrenceDate: '2031-05-07',
        startsAt: '2031-05-07T18:00:00.000Z',
        endsAt: '2031-05-07T18:45:00.000Z',
        opensAt: '2031-05-07T17:50:00.000Z',
        attended: false,
      },
    });
    // The schedule's first slot (Monday 18:00 MDT) comes before the Wednesday meeting.
    expect(c.nextMeeting).toEqual({
      lessonId: L.live,
      lessonName: 'live',
      occurrence: {
        occurrenceDate: '2031-05-05',
        startsAt: '2031-05-06T00:00:00.000Z',
        endsAt: '2031-05-06T01:30:00.000Z',
        opensAt: '2031-05-05T23:50:00.000Z',
        attended: false,
      },
    });
  });

  it('shows the next meeting still running, then none after the last one', async () => {
    setNow(new Date('2031-05-06T01:00:00Z')); // during Monday's live session
    expect((await classroomOf(LEARNER)).nextMeeting).toMatchObject({
      lessonId: L.live,
      occurrence: { occurrenceDate: '2031-05-05' },
    });
    setNow(new Date('2031-06-10T00:00:00Z'));
    const c = await classroomOf(LEARNER);
    expect(c.nextMeeting).toBeNull();
    expect(lessonsOf(c).get('live')!.nextOccurrence).toBeNull();
  });

  it("derives each lesson's status and grade from attempts, submissions, attendance and progress", async () => {
    setNow(new Date('2031-05-09T12:00:00Z'));
    const uid = await idOf(LEARNER1);
    const base = { session_id: sessionId, user_id: uid };
    await t.db
      .insertInto('quiz_attempts')
      .values({
        ...base,
        lesson_id: L.quiz!,
        status: 'AUTOGRADED',
        score: 8,
        max_score: 10,
        submitted_at: '2031-05-06T10:00:00Z',
      })
      .execute();
    await t.db
      .insertInto('quiz_attempts')
      .values({ ...base, lesson_id: L.path!, status: 'IN_PROGRESS' })
      .execute();
    await t.db
      .insertInto('submissions')
      .values([
        {
          ...base,
          lesson_id: L.assignment!,
          kind: 'DOCUMENT',
          document_url: '/uploads/a.pdf',
          document_name: 'a.pdf',
          code: null,
          status: 'DONE',
          grade: 14,
          comment: null,
          submitted_at: '2031-05-06T10:00:00Z',
          graded_by: null,
        },
        {
          ...base,
          lesson_id: L.assignment!,
          kind: 'DOCUMENT',
          document_url: '/uploads/b.pdf',
          document_name: 'b.pdf',
          code: null,
          status: 'SUBMITTED',
          grade: null,
          comment: null,
          submitted_at: '2031-05-07T10:00:00Z',
          graded_by: null,
        },
        {
          ...base,
          lesson_id: L.code!,
          kind: 'CODE',
          document_url: null,
          document_name: null,
          code: 'x',
          status: 'AUTOGRADED',
          grade: 50,
          comment: null,
          submitted_at: '2031-05-07T10:00:00Z',
          graded_by: null,
        },
      ])
      .execute();
    await t.db
      .insertInto('lesson_progress')
      .values([
        { ...base, lesson_id: L.reading!, status: 'DONE', updated_at: '2031-05-06T10:00:00Z' },
        { ...base, lesson_id: L.video!, status: 'IN_PROGRESS', updated_at: '2031-05-06T10:00:00Z' },
      ])
      .execute();
    await recordMondayAttendance(LEARNER1);

    const c = await classroomOf(LEARNER1);
    const status = Object.fromEntries([...lessonsOf(c)].map(([name, l]) => [name, [l.status, l.grade]]));
    expect(status).toEqual({
      reading: ['DONE', null],
      video: ['IN_PROGRESS', null],
      path: ['IN_PROGRESS', null],
      live: ['DONE', null], // attended Monday's occurrence, which has ended
      meeting: [null, null],
      quiz: ['AUTOGRADED', 80], // 8 / 10 of 100 points
      assignment: ['SUBMITTED', 14], // the latest submission waits for grading; best grade kept
      code: ['AUTOGRADED', 50],
      nolink: [null, null],
    });
    expect(c.progress).toEqual({ done: 5, total: 9 });

    // A learner only sees their own work; staff see no status.
    const mine = lessonsOf(await classroomOf(LEARNER));
    expect(mine.get('quiz')).toMatchObject({ status: null, grade: null });
    const staff = await classroomOf(EDUCATOR);
    expect(staff.viewerRole).toBe('EDUCATOR');
    expect([...lessonsOf(staff).values()].every((l) => l.status === null && l.grade === null)).toBe(true);
    expect(staff.progress).toEqual({ done: 0, total: 9 });
    expect((await classroomOf('admin@halaqa.test')).viewerRole).toBe('ADMIN');
  });

  it('refuses anonymous (401), learners not enrolled or cancelled, other educators and partners (403), unknown sessions (404), bad ids (400)', async () => {
    const url = `/api/sessions/${sessionId}/classroom`;
    expect((await call('GET', url, null)).status).toBe(401);
    for (const who of [OUTSIDER, CANCELLED, 'educator2@halaqa.test', PARTNER])
      expect((await call('GET', url, who)).status, who).toBe(403);
    expect((await call('GET', '/api/sessions/999999/classroom', LEARNER)).status).toBe(404);
    expect((await call('GET', '/api/sessions/abc/classroom', LEARNER)).status).toBe(400);
    expect((await call('GET', '/api/sessions/0/classroom', LEARNER)).status).toBe(400);
  });
});

describe('GET /sessions/{id}/lessons/{lessonId}', () => {
  it('answers the content, the question count and the programming tests without their expected values', async () => {
    setNow(new Date('2031-05-01T12:00:00Z'));
    const reading = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.reading}`, LEARNER)).body.data;
    expect(reading).toMatchObject({
      sessionId,
      lesson: { id: L.reading, name: 'reading', type: { code: 'reading' } },
      contentHtml: '<p>Closures</p>',
      questionCount: 0,
      programming: null,
      occurrences: [],
    });
    const video = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.video}`, LEARNER)).body.data;
    expect(video).toMatchObject({
      videoUrl: 'https://videos.halaqa.test/a.mp4',
      captionsUrl: '/uploads/captions/a.vtt',
    });
    const quiz = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.quiz}`, LEARNER)).body.data;
    expect(quiz).toMatchObject({
      questionCount: 2,
      timeLimitMinutes: 10,
      allowLate: false,
      lesson: { deadline: '2031-05-12T06:00:00.000Z', points: 100 },
    });
    const res = await call('GET', `/api/sessions/${sessionId}/lessons/${L.code}`, EDUCATOR);
    expect(res.status).toBe(200);
    expect(res.body.data.programming).toEqual({
      language: 'javascript',
      functionName: 'add',
      starterCode: 'function add(a, b) {}',
      tests: [{ name: 'adds', args: [1, 2] }],
    });
    expect(res.text).not.toContain('expected');
  });

  it("lists a meeting's occurrences with the caller's attendance", async () => {
    setNow(new Date('2031-05-09T12:00:00Z'));
    const live = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.live}`, LEARNER1)).body.data;
    expect(live.occurrences).toEqual([
      {
        occurrenceDate: '2031-05-05',
        startsAt: '2031-05-06T00:00:00.000Z',
        endsAt: '2031-05-06T01:30:00.000Z',
        opensAt: '2031-05-05T23:50:00.000Z',
        attended: true,
      },
      {
        occurrenceDate: '2031-05-08',
        startsAt: '2031-05-09T00:00:00.000Z',
        endsAt: '2031-05-09T01:30:00.000Z',
        opensAt: '2031-05-08T23:50:00.000Z',
        attended: false,
      },
    ]);
    expect(live.lesson).toMatchObject({ status: 'DONE', nextOccurrence: null });
  });

  it('refuses 401/403, answers 404 for unknown lessons and lessons of another course, 400 for bad ids', async () => {
    const url = `/api/sessions/${sessionId}/lessons/${L.reading}`;
    expect((await call('GET', url, null)).status).toBe(401);
    expect((await call('GET', url, OUTSIDER)).status).toBe(403);
    expect((await call('GET', url, OTHER_PARTNER)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/lessons/999999`, LEARNER)).status).toBe(404);
    expect((await call('GET', `/api/sessions/${sessionId}/lessons/${otherCourseLessonId}`, LEARNER)).status).toBe(404);
    expect((await call('GET', `/api/sessions/999999/lessons/${L.reading}`, LEARNER)).status).toBe(404);
    expect((await call('GET', `/api/sessions/${sessionId}/lessons/x1`, LEARNER)).status).toBe(400);
  });
});
