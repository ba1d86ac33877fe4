import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { enrollByEmail } from './course-fixtures.js';
import { meetingRoomName } from '../../server/modules/classroom/meeting-room.js';
import {
  addSession,
  call,
  EDUCATOR,
  L,
  LEARNER,
  LEARNER1,
  OUTSIDER,
  sessionId,
  setNow,
  t,
  useClassroomFixture,
} from './classroom-setup.js';

/**
 * A meeting lesson without a pasted link opens its session's room at the conferencing provider
 * (default MEETING_BASE_URL https://meet.jit.si; docs/classroom.md "Meeting room"): the join answer
 * and the secured syllabus agree. The fixture is in classroom-setup.ts; classroom-progress-and-meetings
 * covers the provider turned off (409, nothing recorded).
 */

useClassroomFixture();

const joinUrl = (session: number, lesson: string) => `/api/sessions/${session}/lessons/${L[lesson]}/join`;
/** The room rule, keyed by the test app's JWT secret. */
const roomOf = (session: number) => `https://meet.jit.si/${meetingRoomName(t.config.jwtSecret, session)}`;
const syllabusLinks = async (session: number, email: string | null, secured = true) => {
  const res = await call('GET', `/api/sessions/${session}/syllabus${secured ? '/secured' : ''}`, email);
  const lessons = res.body.data.weeks.flatMap((w: any) => w.sections.flatMap((s: any) => s.lessons));
  return new Map<string, string | null>(lessons.map((l: { name: string; link: string | null }) => [l.name, l.link]));
};

describe('the session room of a meeting lesson without a link', () => {
  it('inside the window answers the room at meet.jit.si and records the join', async () => {
    setNow(new Date('2031-05-13T15:05:00Z')); // Tuesday 09:05 MDT of week 2: the link-less meeting runs
    const before = await countRows(t.db, 'attendance');
    const res = await call('POST', joinUrl(sessionId, 'nolink'), LEARNER);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ url: roomOf(sessionId), recorded: true });
    // Only the session id is readable; the rest is 20 hex digits of a keyed hash.
    expect(res.body.data.url).toMatch(new RegExp(`^https://meet\\.jit\\.si/Halaqa-${sessionId}-[0-9a-f]{20}$`));
    expect(await countRows(t.db, 'attendance')).toBe(before + 1);
  });

  it('is one room per session: the same for every join and lesson of it, another for another session', async () => {
    setNow(new Date('2031-05-13T15:10:00Z'));
    const room = roomOf(sessionId);
    expect((await call('POST', joinUrl(sessionId, 'nolink'), LEARNER1)).body.data.url).toBe(room);
    expect((await call('POST', joinUrl(sessionId, 'nolink'), EDUCATOR)).body.data).toMatchObject({
      url: room,
      recorded: false,
    });
    // The Wednesday meeting loses its pasted link: it opens the same room.
    await t.db.updateTable('lessons').set({ link: null }).where('id', '=', L.meeting!).execute();
    setNow(new Date('2031-05-07T18:10:00Z'));
    expect((await call('POST', joinUrl(sessionId, 'meeting'), LEARNER)).body.data.url).toBe(room);

    const other = await addSession();
    await enrollByEmail(t.db, other, [LEARNER]);
    setNow(new Date('2031-05-13T15:10:00Z'));
    const res = await call('POST', joinUrl(other, 'nolink'), LEARNER);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe(roomOf(other));
    expect(res.body.data.url).not.toBe(room);
    expect(res.body.data.url).toMatch(new RegExp(`^https://meet\\.jit\\.si/Halaqa-${other}-[0-9a-f]{20}$`));
  });

  it('a pasted link still wins', async () => {
    setNow(new Date('2031-05-08T23:55:00Z')); // Thursday's live session
    const res = await call('POST', joinUrl(sessionId, 'live'), LEARNER);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe('https://meet.halaqa.test/live');
  });

  it('the secured syllabus shows the same URLs to the classroom only', async () => {
    const links = await syllabusLinks(sessionId, LEARNER);
    expect(links.get('nolink')).toBe(roomOf(sessionId));
    expect(links.get('meeting')).toBe(roomOf(sessionId));
    expect(links.get('live')).toBe('https://meet.halaqa.test/live');
    expect(links.get('reading')).toBeNull();
    expect((await syllabusLinks(sessionId, EDUCATOR)).get('nolink')).toBe(roomOf(sessionId));
    for (const outside of [await syllabusLinks(sessionId, OUTSIDER), await syllabusLinks(sessionId, null, false)]) {
      expect([...outside.values()].every((link) => link === null)).toBe(true);
    }
  });
});
