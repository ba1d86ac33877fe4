import { describe, expect, it } from 'vitest';
import { convertWeeklySlot, formatHhMmA } from '../../src/lib/time-slots';

describe('formatHhMmA (spec time slot format hh:mm A)', () => {
  it('pads hours and uses a 12-hour clock', () => {
    expect(formatHhMmA(9, 5)).toBe('09:05 AM');
    expect(formatHhMmA(0, 30)).toBe('12:30 AM');
    expect(formatHhMmA(12, 0)).toBe('12:00 PM');
    expect(formatHhMmA(23, 59)).toBe('11:59 PM');
    expect(formatHhMmA(13, 0, { am: 'ص', pm: 'م' })).toBe('01:00 م');
  });
});

describe('convertWeeklySlot', () => {
  /** A session's weekly slot: its weekday, its start ('HH:mm' in `sessionTimeZone`) and its length. */
  const sessionSlot = (
    day: 'sunday' | 'monday',
    startTime: string,
    durationMinutes: number,
    sessionTimeZone: string,
  ) => ({ day, startTime, durationMinutes, sessionTimeZone });
  const base = sessionSlot('monday', '09:00', 90, 'America/New_York');

  it('picks the first matching weekday on or after the given date', () => {
    // 2025-01-08 is a Wednesday → next Monday is 2025-01-13
    const slot = convertWeeklySlot({ ...base, viewerTimeZone: 'America/New_York', from: '2025-01-08' });
    expect(slot.session.start.date).toBe('2025-01-13');
    expect(slot.session.start.time).toBe('09:00 AM');
    expect(slot.session.end.time).toBe('10:30 AM');
    expect(slot.sameTime).toBe(true);
    expect(slot.dayShift).toBe(0);
  });

  it('converts New York to London in winter (5 h apart)', () => {
    const slot = convertWeeklySlot({ ...base, viewerTimeZone: 'Europe/London', from: '2025-01-13' });
    expect(slot.session.offset).toBe('-05:00');
    expect(slot.viewer.start.time).toBe('02:00 PM');
    expect(slot.viewer.end.time).toBe('03:30 PM');
    expect(slot.viewer.start.weekday).toBe('monday');
    expect(slot.sameTime).toBe(false);
  });

  it('honours the weeks when only the US has switched to summer time (4 h apart)', () => {
    // US DST starts 2025-03-09, UK DST starts 2025-03-30
    const slot = convertWeeklySlot({ ...base, viewerTimeZone: 'Europe/London', from: '2025-03-10' });
    expect(slot.session.offset).toBe('-04:00');
    expect(slot.viewer.offset).toBe('+00:00');
    expect(slot.viewer.start.time).toBe('01:00 PM');
    // one week later both are on summer time: 5 h apart again
    const later = convertWeeklySlot({ ...base, viewerTimeZone: 'Europe/London', from: '2025-03-31' });
    expect(later.viewer.start.time).toBe('02:00 PM');
  });

  it.each([
    {
      name: 'moves to the next day when the viewer is far east',
      slot: sessionSlot('monday', '18:00', 60, 'America/Los_Angeles'),
      viewerTimeZone: 'Asia/Tokyo',
      from: '2025-07-07',
      viewer: { start: { weekday: 'tuesday', time: '10:00 AM' } },
      dayShift: 1,
    },
    {
      name: 'moves to the previous day when the viewer is far west',
      slot: sessionSlot('sunday', '08:30', 45, 'Asia/Riyadh'),
      viewerTimeZone: 'America/Chicago',
      from: '2025-02-02',
      viewer: { start: { weekday: 'saturday', time: '11:30 PM' }, end: { weekday: 'sunday', time: '12:15 AM' } },
      dayShift: -1,
    },
  ])('$name', ({ slot, viewerTimeZone, from, viewer, dayShift }) => {
    const converted = convertWeeklySlot({ ...slot, viewerTimeZone, from });
    expect(converted.viewer).toMatchObject(viewer);
    expect(converted.dayShift).toBe(dayShift);
  });

  it('moves a start inside a spring-forward gap to after the gap', () => {
    // 2025-03-09 02:30 does not exist in New York
    const slot = convertWeeklySlot({
      ...sessionSlot('sunday', '02:30', 60, 'America/New_York'),
      viewerTimeZone: 'UTC',
      from: '2025-03-09',
    });
    expect(slot.session.start.time).toBe('03:30 AM');
    expect(slot.viewer.start.time).toBe('07:30 AM');
  });

  it('rejects malformed times', () => {
    expect(() => convertWeeklySlot({ ...base, startTime: '9am' })).toThrow(RangeError);
    expect(() => convertWeeklySlot({ ...base, startTime: '25:00' })).toThrow(RangeError);
  });
});
