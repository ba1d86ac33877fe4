import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import {
  call,
  classroomOf,
  CANCELLED,
  EDUCATOR,
  idOf,
  L,
  LEARNER,
  LEARNER1,
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
 * Lesson progress, meetings and attendance in the classroom (markLessonProgress, joinMeeting,
 * getSessionCalendar, listSessionAttendance; docs/classroom.md). The fixture is in classroom-setup.ts;
 * the attendance list reads the joins recorded by the join-window tests above it. The conferencing
 * provider is off here (MEETING_BASE_URL=none), so a meeting without a link has nothing to open;
 * meeting-rooms.test.ts covers the session rooms.
 */

useClassroomFixture({ MEETING_BASE_URL: 'none' });

describe('POST /sessions/{id}/lessons/{lessonId}/progress', () => {
  const url = (lesson: string) => `/api/sessions/${sessionId}/lessons/${L[lesson]}/progress`;

  it('records IN_PROGRESS then DONE, and never lowers DONE', async () => {
    setNow(new Date('2031-05-06T12:00:00Z'));
    expect((await call('POST', url('video'), LEARNER, { status: 'IN_PROGRESS' })).body.data).toEqual({
      lessonId: L.video,
      sessionId,
      status: 'IN_PROGRESS',
    });
    expect(lessonsOf(await classroomOf(LEARNER)).get('video')!.status).toBe('IN_PROGRESS');
    expect((await call('POST', url('video'), LEARNER, { status: 'DONE' })).body.data.status).toBe('DONE');
    const again = await call('POST', url('video'), LEARNER, { status: 'IN_PROGRESS' });
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('DONE');
    expect(lessonsOf(await classroomOf(LEARNER)).get('video')!.status).toBe('DONE');
  });

  it('refuses bad bodies (400), graded and meeting lessons (409), staff and outsiders (403), unknown lessons (404), writing nothing', async () => {
    const before = await countRows(t.db, 'lesson_progress');
    for (const body of [{ status: 'FINISHED' }, {}, { status: 'DONE', extra: 1 }]) {
      const res = await call('POST', url('reading'), LEARNER, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', url('reading'), LEARNER, { status: 'DONE' })).status).toBe(200); // the valid body passes
    const afterValid = await countRows(t.db, 'lesson_progress');
    expect(afterValid).toBe(before + 1);
    const quiz = await call('POST', url('quiz'), LEARNER, { status: 'DONE' });
    expect(quiz.status).toBe(409);
    expect(quiz.body.message).toBe('This lesson gets its status from its submissions and attempts');
    expect((await call('POST', url('meeting'), LEARNER, { status: 'DONE' })).status).toBe(409);
    expect((await call('POST', url('reading'), null, { status: 'DONE' })).status).toBe(401);
    expect((await call('POST', url('path'), OUTSIDER, { status: 'DONE' })).status).toBe(403);
    expect((await call('POST', url('path'), EDUCATOR, { status: 'DONE' })).status).toBe(403);
    expect(
      (
        await call('POST', `/api/sessions/${sessionId}/lessons/${otherCourseLessonId}/progress`, LEARNER, {
          status: 'DONE',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/sessions/${sessionId}/lessons/0/progress`, LEARNER, { status: 'DONE' })).status,
    ).toBe(400);
    expect(await countRows(t.db, 'lesson_progress')).toBe(afterValid);
  });
});

describe('POST /sessions/{id}/lessons/{lessonId}/join (join window)', () => {
  const url = (lesson: string) => `/api/sessions/${sessionId}/lessons/${L[lesson]}/join`;
  const attendanceOf = async (email: string, lesson: string) =>
    t.db
      .selectFrom('attendance')
      .select(['occurrence_date', 'joined_at'])
      .where('session_id', '=', sessionId)
      .where('user_id', '=', await idOf(email))
      .where('lesson_id', '=', L[lesson]!)
      .execute();

  it('answers 409 with the opening time before the window, recording nothing', async () => {
    setNow(new Date('2031-05-07T17:49:59Z'));
    const before = await countRows(t.db, 'attendance');
    const res = await call('POST', url('meeting'), LEARNER);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This meeting opens at 2031-05-07 11:50 (America/Denver), 2031-05-07T17:50:00.000Z');
    expect(await countRows(t.db, 'attendance')).toBe(before);
  });

  it('inside the window answers the link and records the first join of the occurrence once', async () => {
    setNow(new Date('2031-05-07T17:50:00Z')); // opens 10 minutes before 18:00Z
    const first = await call('POST', url('meeting'), LEARNER);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      url: 'https://meet.halaqa.test/m1',
      occurrence: {
        occurrenceDate: '2031-05-07',
        startsAt: '2031-05-07T18:00:00.000Z',
        endsAt: '2031-05-07T18:45:00.000Z',
        opensAt: '2031-05-07T17:50:00.000Z',
        attended: true,
      },
      recorded: true,
    });
    expect(lessonsOf(await classroomOf(LEARNER)).get('meeting')).toMatchObject({
      status: 'IN_PROGRESS',
      nextOccurrence: { attended: true },
    });
    setNow(new Date('2031-05-07T18:30:00Z'));
    const second = await call('POST', url('meeting'), LEARNER);
    expect(second.status).toBe(200);
    expect(second.body.data.recorded).toBe(false);
    const rows = await attendanceOf(LEARNER, 'meeting');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.occurrence_date).toBe('2031-05-07');
    expect(new Date(rows[0]!.joined_at).toISOString()).toBe('2031-05-07T17:50:00.000Z'); // the first join is kept
  });

  it('staff join without a record; after the end it answers 409', async () => {
    setNow(new Date('2031-05-07T18:10:00Z'));
    const before = await countRows(t.db, 'attendance');
    const res = await call('POST', url('meeting'), EDUCATOR);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      url: 'https://meet.halaqa.test/m1',
      recorded: false,
      occurrence: { attended: false },
    });
    expect((await call('POST', url('meeting'), 'admin@halaqa.test')).body.data.recorded).toBe(false);
    expect(await countRows(t.db, 'attendance')).toBe(before);
    setNow(new Date('2031-05-07T18:45:00Z')); // the window closes at the end
    const late = await call('POST', url('meeting'), LEARNER1);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This meeting has ended');
    expect(await countRows(t.db, 'attendance')).toBe(before);
    expect(lessonsOf(await classroomOf(LEARNER)).get('meeting')!.status).toBe('DONE');
  });

  it('records each occurrence of a scheduled meeting separately', async () => {
    setNow(new Date('2031-05-06T00:20:00Z')); // Monday's slot
    expect((await call('POST', url('live'), LEARNER)).body.data).toMatchObject({
      recorded: true,
      occurrence: { occurrenceDate: '2031-05-05' },
    });
    setNow(new Date('2031-05-06T01:30:00Z')); // Monday's slot has ended: the message gives Thursday's opening
    const between = await call('POST', url('live'), LEARNER);
    expect(between.status).toBe(409);
    expect(between.body.message).toContain('2031-05-08 17:50 (America/Denver)');
    setNow(new Date('2031-05-08T23:55:00Z')); // Thursday's window
    expect((await call('POST', url('live'), LEARNER)).body.data).toMatchObject({
      recorded: true,
      url: 'https://meet.halaqa.test/live',
      occurrence: { occurrenceDate: '2031-05-08' },
    });
    expect((await attendanceOf(LEARNER, 'live')).map((r) => r.occurrence_date).sort()).toEqual([
      '2031-05-05',
      '2031-05-08',
    ]);
  });

  it('refuses non-meeting lessons, a meeting without link (no provider), outsiders and unknown lessons, recording nothing', async () => {
    setNow(new Date('2031-05-13T15:00:00Z')); // Tuesday 09:00 MDT of week 2: the link-less meeting runs
    const before = await countRows(t.db, 'attendance');
    const nolink = await call('POST', url('nolink'), LEARNER);
    expect(nolink.status).toBe(409);
    expect(nolink.body.message).toBe('The educator has not set the meeting link yet');
    const reading = await call('POST', url('reading'), LEARNER);
    expect(reading.status).toBe(409);
    expect(reading.body.message).toBe('This lesson is not a meeting');
    expect((await call('POST', url('nolink'), null)).status).toBe(401);
    expect((await call('POST', url('nolink'), OUTSIDER)).status).toBe(403);
    expect((await call('POST', url('nolink'), CANCELLED)).status).toBe(403);
    expect((await call('POST', url('nolink'), PARTNER)).status).toBe(403);
    expect((await call('POST', `/api/sessions/${sessionId}/lessons/${otherCourseLessonId}/join`, LEARNER)).status).toBe(
      404,
    );
    expect((await call('POST', `/api/sessions/999999/lessons/${L.live}/join`, LEARNER)).status).toBe(404);
    expect((await call('POST', `/api/sessions/${sessionId}/lessons/abc/join`, LEARNER)).status).toBe(400);
    expect(await countRows(t.db, 'attendance')).toBe(before);
  });
});

describe('GET /sessions/{id}/calendar.ics', () => {
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

  it('answers text/calendar with weekly RRULEs in the session zone and stable UIDs', async () => {
    const res = await call('GET', `/api/sessions/${sessionId}/calendar.ics`, LEARNER);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="session-${sessionId}.ics"`);
    expect(res.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const cal = parse(res.text);
    expect(cal.getAllSubcomponents('vtimezone').map((c) => c.getFirstPropertyValue('tzid'))).toEqual([
      'America/Denver',
    ]);
    const events = cal.getAllSubcomponents('vevent');
    const recurring = events.filter((c) => c.getFirstProperty('rrule'));
    expect(recurring.map((c) => c.getFirstPropertyValue('uid'))).toEqual([
      `session-${sessionId}-monday@halaqa`,
      `session-${sessionId}-thursday@halaqa`,
    ]);
    const occurrences: string[] = [];
    for (const vevent of recurring) {
      expect((vevent.getFirstPropertyValue('rrule') as ICAL.Recur).freq).toBe('WEEKLY');
      expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Denver');
      const event = new ICAL.Event(vevent);
      expect(event.summary).toBe('JavaScript, live');
      const it = event.iterator();
      for (let next = it.next(); next; next = it.next()) {
        expect(next.toString()).toMatch(/T18:00:00$/);
        occurrences.push(next.toJSDate().toISOString());
      }
    }
    occurrences.sort();
    expect(occurrences).toHaveLength(8); // 4 Mondays + 4 Thursdays
    expect(occurrences[0]).toBe('2031-05-06T00:00:00.000Z');
    expect(occurrences[7]).toBe('2031-05-30T00:00:00.000Z');
    // The meetings with their own time: one event each.
    const single = events.filter((c) => !c.getFirstProperty('rrule')).map((c) => new ICAL.Event(c));
    expect(single.map((e) => [e.uid, e.startDate.toJSDate().toISOString()])).toEqual([
      [`session-${sessionId}-lesson-${L.meeting}@halaqa`, '2031-05-07T18:00:00.000Z'],
      [`session-${sessionId}-lesson-${L.nolink}@halaqa`, '2031-05-13T15:00:00.000Z'],
    ]);

    const again = parse((await call('GET', `/api/sessions/${sessionId}/calendar.ics`, EDUCATOR)).text);
    expect(again.getAllSubcomponents('vevent').map((c) => c.getFirstPropertyValue('uid'))).toEqual(
      events.map((c) => c.getFirstPropertyValue('uid')),
    );
  });

  it('refuses anonymous (401), outsiders and partners (403), unknown sessions (404)', async () => {
    const url = `/api/sessions/${sessionId}/calendar.ics`;
    expect((await call('GET', url, null)).status).toBe(401);
    const refused = await call('GET', url, OUTSIDER);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBeTruthy();
    expect((await call('GET', url, PARTNER)).status).toBe(403);
    expect((await call('GET', '/api/sessions/999999/calendar.ics', LEARNER)).status).toBe(404);
  });
});

describe('GET /sessions/{id}/attendance', () => {
  beforeAll(async () => {
    await recordMondayAttendance(LEARNER1); // as the syllabus tests record it: Maya attended Monday's live session
  });

  it('lists the occurrences held so far with attendees, and each learner attended / held', async () => {
    setNow(new Date('2031-05-09T12:00:00Z'));
    const res = await call('GET', `/api/sessions/${sessionId}/attendance`, EDUCATOR);
    expect(res.status).toBe(200);
    const [lina, maya] = [await idOf(LEARNER), await idOf(LEARNER1)];
    expect(res.body.data).toEqual({
      sessionId,
      meetings: [
        {
          lessonId: L.live,
          lessonName: 'live',
          occurrenceDate: '2031-05-05',
          startsAt: '2031-05-06T00:00:00.000Z',
          attendees: 2,
          attendeeIds: [lina, maya].sort((a, b) => a - b),
        },
        {
          lessonId: L.meeting,
          lessonName: 'meeting',
          occurrenceDate: '2031-05-07',
          startsAt: '2031-05-07T18:00:00.000Z',
          attendees: 1,
          attendeeIds: [lina],
        },
        {
          lessonId: L.live,
          lessonName: 'live',
          occurrenceDate: '2031-05-08',
          startsAt: '2031-05-09T00:00:00.000Z',
          attendees: 1,
          attendeeIds: [lina],
        },
      ],
      learners: [
        {
          learner: { id: await idOf(LEARNER), name: 'Lina Kassem', pictureUrl: null },
          attended: 3,
          held: 3,
          excused: 0,
          rate: 1,
        },
        {
          learner: { id: await idOf(LEARNER1), name: 'Maya Chen', pictureUrl: null },
          attended: 1,
          held: 3,
          excused: 0,
          rate: 0.3333,
        },
      ],
    });
  });

  it("is open to admins and the course company's partners only", async () => {
    const url = `/api/sessions/${sessionId}/attendance`;
    expect((await call('GET', url, PARTNER)).status).toBe(200);
    expect((await call('GET', url, 'admin@halaqa.test')).status).toBe(200);
    expect((await call('GET', url, null)).status).toBe(401);
    for (const who of [OTHER_PARTNER, 'educator2@halaqa.test', LEARNER])
      expect((await call('GET', url, who)).status, who).toBe(403);
    expect((await call('GET', '/api/sessions/999999/attendance', EDUCATOR)).status).toBe(404);
    expect((await call('GET', '/api/sessions/-1/attendance', EDUCATOR)).status).toBe(400);
  });
});
