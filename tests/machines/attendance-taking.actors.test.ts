import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createAttendanceTakingActors } from '@machines/attendance-taking.actors';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';

const BASE = 'http://halaqa.test/api';
const URL = '/api/sessions/41/lessons/510/occurrences/2026-11-03';
const input = { sessionId: 41, lessonId: 510, date: '2026-11-03' };
const row = (id: number, marked: boolean, version: number) => ({
  learner: { id, name: `Learner ${id}`, pictureUrl: null },
  joinedAt: null,
  suggested: 'ABSENT',
  status: 'ABSENT',
  marked,
  note: marked ? 'Kept' : null,
  version,
  markedBy: null,
  markedAt: null,
});
const meeting = (learners: unknown[]) => ({
  ...input,
  occurrenceDate: input.date,
  lessonName: 'Live',
  startsAt: '2026-11-03T16:00:00Z',
  endsAt: '2026-11-03T17:00:00Z',
  lateAfter: '2026-11-03T16:10:00Z',
  learners,
});

function setup(routes: Parameters<typeof mockFetch>[0]) {
  const { fetch, calls } = mockFetch(routes);
  const api = createApi({ baseUrl: BASE, fetch, getAuth: () => null });
  return { actors: createAttendanceTakingActors(api), calls };
}

describe('attendance-taking actors (mocked fetch)', () => {
  it('loadMeeting reads the meeting and its history together', async () => {
    const { actors } = setup({
      [`GET ${URL}/attendance`]: () => json(200, { data: meeting([row(21, false, 0)]) }),
      [`GET ${URL}/attendance-history`]: () => json(200, { data: [] }),
    });
    const out = await toPromise(createActor(actors.loadMeeting, { input }).start());
    expect(out.meeting.learners).toHaveLength(1);
    expect(out.history).toEqual([]);
  });

  it('saveMark puts status, note and version, then reads the history; a 409 rejects with its status', async () => {
    const { actors, calls } = setup({
      [`PUT ${URL}/attendance/21`]: (_r, n) =>
        n === 1 ? json(200, { data: row(21, true, 1) }) : json(409, { message: 'Someone changed this mark' }),
      [`GET ${URL}/attendance-history`]: () => json(200, { data: [] }),
    });
    const mark = { learnerId: 21, status: 'EXCUSED' as const, note: 'Doctor', version: 0 };
    const out = await toPromise(createActor(actors.saveMark, { input: { ...input, mark } }).start());
    expect(out.learner.version).toBe(1);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ status: 'EXCUSED', note: 'Doctor', version: 0 });
    await expect(toPromise(createActor(actors.saveMark, { input: { ...input, mark } }).start())).rejects.toMatchObject({
      status: 409,
    });
  });

  it('markPresent marks only the asked learners still unmarked, at their current version, keeping their note', async () => {
    const { actors, calls } = setup({
      [`GET ${URL}/attendance`]: () =>
        json(200, { data: meeting([row(21, false, 0), row(22, true, 2), row(23, false, 0)]) }),
      [`GET ${URL}/attendance-history`]: () => json(200, { data: [] }),
      [`PUT ${URL}/attendance/21`]: () => json(200, { data: row(21, true, 1) }),
      [`PUT ${URL}/attendance/23`]: () => json(200, { data: row(23, true, 1) }),
    });
    await toPromise(createActor(actors.markPresent, { input: { ...input, learnerIds: [21, 22] } }).start());
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.path)).toEqual([`${URL}/attendance/21`]);
    expect(JSON.parse(puts[0]!.body!)).toEqual({ status: 'PRESENT', note: null, version: 0 });
  });
});
