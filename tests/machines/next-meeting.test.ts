import { describe, expect, it } from 'vitest';
import { nextMeeting } from '../../src/features/my-courses/next-meeting';
import { weekly, EVENING, NO_SLOTS } from '../fixtures';

const session = {
  startDate: '2025-03-03', // a Monday
  endDate: '2025-04-25',
  timezone: 'America/New_York',
  schedule: weekly({ monday: EVENING, wednesday: EVENING }),
};

describe('nextMeeting', () => {
  it('is the first slot before the session starts', () => {
    const m = nextMeeting(session, Date.parse('2025-02-01T00:00:00Z'));
    expect(new Date(m!.start).toISOString()).toBe('2025-03-03T23:00:00.000Z'); // 18:00 EST
    expect(new Date(m!.end).toISOString()).toBe('2025-03-04T01:00:00.000Z');
  });

  it('is the running meeting, then the next weekly slot (DST honoured)', () => {
    // Monday 10 March 2025 19:00 EDT = 23:00Z: the meeting runs until 20:00 EDT.
    expect(new Date(nextMeeting(session, Date.parse('2025-03-10T23:00:00Z'))!.start).toISOString()).toBe(
      '2025-03-10T22:00:00.000Z',
    );
    // After it ended: Wednesday 12 March 18:00 EDT.
    expect(new Date(nextMeeting(session, Date.parse('2025-03-11T01:00:00Z'))!.start).toISOString()).toBe(
      '2025-03-12T22:00:00.000Z',
    );
  });

  it('is null after the last date or with no schedule', () => {
    expect(nextMeeting(session, Date.parse('2025-04-25T12:00:00Z'))).toBeNull(); // a Friday: no slot left
    expect(nextMeeting({ ...session, schedule: NO_SLOTS }, Date.parse('2025-03-01T00:00:00Z'))).toBeNull();
  });

  it('handles a slot that runs past midnight', () => {
    const late = { ...session, schedule: weekly({ monday: { start: '23:00', end: '01:00' } }) };
    const m = nextMeeting(late, Date.parse('2025-03-04T05:30:00Z')); // Tue 00:30 EST, still in Monday's slot
    expect(new Date(m!.start).toISOString()).toBe('2025-03-04T04:00:00.000Z');
  });
});
