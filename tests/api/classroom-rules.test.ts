import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { CALENDAR_PRODID, sessionCalendar } from '../../server/modules/classroom/calendar.js';
import { sanitizeLessonHtml } from '../../server/modules/classroom/sanitize.js';
import {
  findJoinableSlot,
  JOIN_OPENS_MINUTES_BEFORE,
  joinWindow,
  lessonDeadline,
  meetingSlots,
  nextMeeting,
  weekStartsOn,
  type SessionTimes,
} from '../../server/modules/sessions/schedule.js';
import { weekly, NO_SLOTS } from '../fixtures.js';

/** The pure classroom rules of docs/classroom.md ("Rules") and the session calendar (RFC 5545). */

/**
 * Four weeks in Chicago across the 2030 DST change (Sunday 2030-03-10, CST −6 → CDT −5):
 * Monday 2030-02-25 … Sunday 2030-03-24, Mondays and Thursdays 18:00–19:30.
 */
const chicago: SessionTimes = {
  startDate: '2030-02-25',
  endDate: '2030-03-24',
  timezone: 'America/Chicago',
  schedule: weekly({ monday: { start: '18:00', end: '19:30' }, thursday: { start: '18:00', end: '19:30' } }),
};

const iso = (d: Date) => d.toISOString();
const minutes = (n: number) => n * 60_000;

describe('weeks and deadlines (docs/classroom.md "Deadline")', () => {
  it('week w starts on startDate + 7 × (w − 1) days', () => {
    expect(weekStartsOn(chicago, 1)).toBe('2030-02-25');
    expect(weekStartsOn(chicago, 2)).toBe('2030-03-04');
    expect(weekStartsOn(chicago, 4)).toBe('2030-03-18');
  });

  it('is startDate + 7 × week days at 00:00 in the session zone', () => {
    // 2030-03-04 00:00 CST (−6)
    expect(iso(lessonDeadline(chicago, 1))).toBe('2030-03-04T06:00:00.000Z');
    // 2030-03-11 00:00 CDT (−5): the week of the DST change
    expect(iso(lessonDeadline(chicago, 2))).toBe('2030-03-11T05:00:00.000Z');
  });

  it('follows DST in America/New_York: a week across the change lasts 167 hours', () => {
    const ny: SessionTimes = {
      startDate: '2030-03-04',
      endDate: '2030-04-28',
      timezone: 'America/New_York',
      schedule: NO_SLOTS,
    };
    expect(iso(lessonDeadline(ny, 1))).toBe('2030-03-11T04:00:00.000Z'); // 00:00 EDT (−4)
    const before: SessionTimes = { ...ny, startDate: '2030-03-01' };
    expect(iso(lessonDeadline(before, 1))).toBe('2030-03-08T05:00:00.000Z'); // 00:00 EST (−5)
    const weekStart = new Date('2030-03-04T05:00:00Z'); // 2030-03-04 00:00 EST
    expect(lessonDeadline(ny, 1).getTime() - weekStart.getTime()).toBe(167 * 3_600_000);
  });

  it('is capped at the day after endDate at 00:00', () => {
    const short: SessionTimes = {
      startDate: '2030-03-04',
      endDate: '2030-03-20',
      timezone: 'America/New_York',
      schedule: NO_SLOTS,
    };
    expect(iso(lessonDeadline(short, 2))).toBe('2030-03-18T04:00:00.000Z');
    // week 3 would end 2030-03-25; the session ends 2030-03-20 → 2030-03-21 00:00 EDT
    expect(iso(lessonDeadline(short, 3))).toBe('2030-03-21T04:00:00.000Z');
    expect(iso(lessonDeadline(short, 9))).toBe('2030-03-21T04:00:00.000Z');
  });
});

describe('meeting slots (docs/classroom.md "Meeting slot")', () => {
  it('a lesson with day and startTime: that weekday of its week, lasting its duration', () => {
    const slots = meetingSlots(chicago, { week: 2, day: 'wednesday', startTime: '17:30', durationMinutes: 90 });
    expect(slots).toHaveLength(1);
    expect(slots[0]!.occurrenceDate).toBe('2030-03-06');
    expect(iso(slots[0]!.startsAt)).toBe('2030-03-06T23:30:00.000Z'); // 17:30 CST
    expect(iso(slots[0]!.endsAt)).toBe('2030-03-07T01:00:00.000Z');
  });

  it('a lesson with day and startTime after the DST change keeps its local time', () => {
    const [slot] = meetingSlots(chicago, { week: 3, day: 'wednesday', startTime: '17:30', durationMinutes: 60 });
    expect(slot!.occurrenceDate).toBe('2030-03-13');
    expect(iso(slot!.startsAt)).toBe('2030-03-13T22:30:00.000Z'); // 17:30 CDT
  });

  it('a lesson without a day: the weekly schedule slots of its week', () => {
    const slots = meetingSlots(chicago, { week: 3, day: null, startTime: null, durationMinutes: 60 });
    expect(slots.map((s) => s.occurrenceDate)).toEqual(['2030-03-11', '2030-03-14']);
    expect(slots.map((s) => iso(s.startsAt))).toEqual(['2030-03-11T23:00:00.000Z', '2030-03-14T23:00:00.000Z']);
    expect(slots.map((s) => iso(s.endsAt))).toEqual(['2030-03-12T00:30:00.000Z', '2030-03-15T00:30:00.000Z']);
    // week 1 is before the change: 18:00 CST = 00:00Z the next day
    expect(meetingSlots(chicago, { week: 1 }).map((s) => iso(s.startsAt))).toEqual([
      '2030-02-26T00:00:00.000Z',
      '2030-03-01T00:00:00.000Z',
    ]);
  });

  it('only within [startDate, endDate]', () => {
    const short: SessionTimes = { ...chicago, endDate: '2030-03-12' };
    expect(meetingSlots(short, { week: 3 }).map((s) => s.occurrenceDate)).toEqual(['2030-03-11']);
    expect(meetingSlots(chicago, { week: 5 })).toEqual([]);
    expect(meetingSlots(chicago, { week: 5, day: 'monday', startTime: '10:00', durationMinutes: 30 })).toEqual([]);
  });

  it('asked again, gives the same slots as new objects, and any change of the times is computed anew', () => {
    const lesson = { week: 3, day: null, startTime: null, durationMinutes: 60 };
    const first = meetingSlots(chicago, lesson);
    first[0]!.startsAt.setTime(0);
    first.pop();
    const again = meetingSlots(chicago, lesson);
    expect(again.map((s) => iso(s.startsAt))).toEqual(['2030-03-11T23:00:00.000Z', '2030-03-14T23:00:00.000Z']);
    const lisbon = meetingSlots({ ...chicago, timezone: 'Europe/Lisbon' }, lesson);
    expect(lisbon.map((s) => iso(s.startsAt))).toEqual(['2030-03-11T18:00:00.000Z', '2030-03-14T18:00:00.000Z']);
    const mondays = meetingSlots(
      { ...chicago, schedule: weekly({ monday: { start: '09:00', end: '10:00' } }) },
      lesson,
    );
    expect(mondays.map((s) => iso(s.startsAt))).toEqual(['2030-03-11T14:00:00.000Z']);
    expect(meetingSlots(chicago, { ...lesson, week: 4 }).map((s) => s.occurrenceDate)).toEqual([
      '2030-03-18',
      '2030-03-21',
    ]);
  });

  it('a slot ending at or before its start runs past midnight', () => {
    const late: SessionTimes = { ...chicago, schedule: weekly({ friday: { start: '23:00', end: '01:00' } }) };
    const [slot] = meetingSlots(late, { week: 1 });
    expect(slot!.occurrenceDate).toBe('2030-03-01');
    expect(slot!.endsAt.getTime() - slot!.startsAt.getTime()).toBe(minutes(120));
  });
});

describe('join window (docs/classroom.md "Join window")', () => {
  const [slot] = meetingSlots(chicago, { week: 2, day: 'wednesday', startTime: '17:30', durationMinutes: 90 });
  const start = slot!.startsAt.getTime();
  const end = slot!.endsAt.getTime();
  const at = (ms: number) => new Date(ms);

  it('opens 10 minutes before the start and closes at the end', () => {
    expect(JOIN_OPENS_MINUTES_BEFORE).toBe(10);
    expect(joinWindow(slot!)).toEqual({ opensAt: at(start - minutes(10)), closesAt: at(end) });
  });

  it('edges: 10 min 1 s before → closed, 10 min before → open, 9 min 59 s before → open, at end → closed', () => {
    expect(findJoinableSlot([slot!], at(start - minutes(10) - 1000))).toBeNull();
    expect(findJoinableSlot([slot!], at(start - minutes(10)))).toBe(slot);
    expect(findJoinableSlot([slot!], at(start - minutes(10) + 1000))).toBe(slot);
    expect(findJoinableSlot([slot!], at(end - 1))).toBe(slot);
    expect(findJoinableSlot([slot!], at(end))).toBeNull();
    expect(findJoinableSlot([slot!], iso(at(start)))).toBe(slot);
  });

  it('picks the open slot among several', () => {
    const slots = meetingSlots(chicago, { week: 3 });
    expect(findJoinableSlot(slots, '2030-03-14T23:15:00Z')).toBe(slots[1]);
    expect(findJoinableSlot(slots, '2030-03-13T12:00:00Z')).toBeNull();
  });
});

describe('nextMeeting', () => {
  const lessons = [
    { lesson: { id: 1 }, slots: meetingSlots(chicago, { week: 1 }) },
    {
      lesson: { id: 2 },
      slots: meetingSlots(chicago, { week: 2, day: 'wednesday', startTime: '17:30', durationMinutes: 90 }),
    },
    { lesson: { id: 3 }, slots: meetingSlots(chicago, { week: 3 }) },
  ];

  it('is the earliest slot that has not ended, with its lesson', () => {
    const first = nextMeeting(lessons, '2030-02-20T00:00:00Z');
    expect(first?.lesson.id).toBe(1);
    expect(iso(first!.slot.startsAt)).toBe('2030-02-26T00:00:00.000Z');
    const next = nextMeeting(lessons, '2030-03-02T00:00:00Z');
    expect(next?.lesson.id).toBe(2);
    expect(next?.slot.occurrenceDate).toBe('2030-03-06');
  });

  it('a running meeting is still the next one; null once all have ended', () => {
    expect(nextMeeting(lessons, new Date('2030-03-07T00:59:00Z'))?.lesson.id).toBe(2);
    expect(nextMeeting(lessons, new Date('2030-03-07T01:00:00Z'))?.lesson.id).toBe(3);
    expect(nextMeeting(lessons, '2030-03-16T00:00:00Z')).toBeNull();
    expect(nextMeeting([], '2030-03-01T00:00:00Z')).toBeNull();
  });
});

describe('session calendar (RFC 5545, parsed with ical.js)', () => {
  const session = { id: 42, title: 'Algorithms, live', ...chicago };
  const publicUrl = 'https://halaqa.example';
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
  const recurring = (cal: ICAL.Component) =>
    cal.getAllSubcomponents('vevent').filter((c) => c.getFirstProperty('rrule'));

  it('is a VCALENDAR with the Halaqa PRODID and a VTIMEZONE for the session zone', () => {
    const text = sessionCalendar({ session, publicUrl });
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const cal = parse(text);
    expect(cal.getFirstPropertyValue('prodid')).toBe(CALENDAR_PRODID);
    expect(CALENDAR_PRODID).toBe('-//Halaqa//Classroom//EN');
    const tz = cal.getAllSubcomponents('vtimezone');
    expect(tz.map((c) => c.getFirstPropertyValue('tzid'))).toEqual(['America/Chicago']);
  });

  it('one weekly VEVENT per scheduled weekday, with stable UIDs, summary, URL and RRULE', () => {
    const a = parse(sessionCalendar({ session, publicUrl }));
    const b = parse(sessionCalendar({ session, publicUrl }));
    const uids = (cal: ICAL.Component) => recurring(cal).map((c) => c.getFirstPropertyValue('uid'));
    expect(uids(a)).toEqual(['session-42-monday@halaqa', 'session-42-thursday@halaqa']);
    expect(uids(b)).toEqual(uids(a));
    for (const vevent of recurring(a)) {
      const event = new ICAL.Event(vevent);
      expect(event.summary).toBe('Algorithms, live');
      expect(vevent.getFirstPropertyValue('url')).toBe('https://halaqa.example/sessions/42/classroom');
      const rrule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
      expect(rrule.freq).toBe('WEEKLY');
      expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Chicago');
    }
    // UNTIL: the end of endDate (2030-03-24, CDT) in UTC
    expect(sessionCalendar({ session, publicUrl })).toContain('RRULE:FREQ=WEEKLY;UNTIL=20300325T045959Z');
  });

  it('occurrences between startDate and endDate keep 18:00 Chicago time across the DST change', () => {
    const cal = parse(sessionCalendar({ session, publicUrl }));
    const occurrences: { local: string; utc: string }[] = [];
    for (const vevent of recurring(cal)) {
      const event = new ICAL.Event(vevent);
      const it = event.iterator();
      for (let next = it.next(); next; next = it.next()) {
        occurrences.push({ local: next.toString(), utc: next.toJSDate().toISOString() });
      }
    }
    expect(occurrences).toHaveLength(8); // 4 Mondays + 4 Thursdays
    expect(occurrences.every((o) => o.local.endsWith('T18:00:00'))).toBe(true);
    const utc = occurrences.map((o) => o.utc).sort();
    expect(utc[0]).toBe('2030-02-26T00:00:00.000Z'); // first: Monday 2030-02-25 18:00 CST
    expect(utc).toContain('2030-03-11T23:00:00.000Z'); // Monday 2030-03-11 18:00 CDT
    expect(utc[7]).toBe('2030-03-21T23:00:00.000Z'); // last: Thursday 2030-03-21
    const first = new ICAL.Event(recurring(cal)[0]!);
    expect(first.startDate.toString()).toBe('2030-02-25T18:00:00');
    expect(first.endDate.toString()).toBe('2030-02-25T19:30:00');
  });

  it('starts on the first scheduled weekday on/after startDate and skips weekdays that never occur', () => {
    const wed = { ...session, startDate: '2030-02-27', endDate: '2030-03-02' }; // Wed … Sat
    const cal = parse(sessionCalendar({ session: wed, publicUrl }));
    const events = recurring(cal).map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.uid)).toEqual(['session-42-thursday@halaqa']);
    expect(events[0]!.startDate.toString()).toBe('2030-02-28T18:00:00');
  });

  it('adds a single VEVENT for a lesson with its own meeting time', () => {
    const lessons = [
      { id: 7, name: 'Office hours', week: 2, day: 'wednesday' as const, startTime: '17:30', durationMinutes: 90 },
      { id: 8, name: 'Weekly lecture', week: 2, day: null, startTime: null, durationMinutes: 90 },
    ];
    const cal = parse(sessionCalendar({ session, lessons, publicUrl }));
    const single = cal
      .getAllSubcomponents('vevent')
      .filter((c) => !c.getFirstProperty('rrule'))
      .map((c) => new ICAL.Event(c));
    expect(single.map((e) => e.uid)).toEqual(['session-42-lesson-7@halaqa']);
    expect(single[0]!.summary).toBe('Algorithms, live — Office hours');
    expect(single[0]!.startDate.toJSDate().toISOString()).toBe('2030-03-06T23:30:00.000Z');
  });
});

describe('sanitizeLessonHtml (docs/classroom.md, lessons.content_html)', () => {
  it('removes scripts, event handlers, javascript: links and iframes', () => {
    const out = sanitizeLessonHtml(
      '<p>Hi<script>alert(1)</script></p><img src="https://x.example/a.png" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">bad</a><a href=" JaVaScRiPt:alert(4)">bad2</a>' +
        '<iframe src="https://evil.example">inside</iframe><style>p{}</style><p onclick="x()">c</p>' +
        '<img src="data:image/png;base64,AAAA"><img src="http://x.example/insecure.png"><img src="//x.example/p.png">',
    );
    expect(out).not.toMatch(
      /script|alert|onerror|onclick|javascript|iframe|inside|style|data:|insecure|\/\/x\.example\/p/i,
    );
    expect(out).toContain('<p>Hi</p>');
    expect(out).not.toContain('<img');
    expect(out).toContain('<a rel="noopener noreferrer" target="_blank">bad</a>');
    expect(out).toContain('<p>c</p>');
  });

  it('keeps the allowed markup', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Sub sub</h4><p>A <strong>b</strong> <em>c</em> <code>d</code><br /></p>' +
      '<pre><code class="language-js">let x = 1;</code></pre><blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">v</td></tr></tbody></table>' +
      '<img src="/uploads/lessons/p.png" alt="diagram" />';
    expect(sanitizeLessonHtml(html)).toBe(html);
  });

  it('links: http(s) and mailto kept with rel and target forced', () => {
    expect(sanitizeLessonHtml('<a href="https://a.example/x" title="t" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://a.example/x" title="t" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeLessonHtml('<a href="mailto:me@a.example">m</a>')).toContain('href="mailto:me@a.example"');
    expect(sanitizeLessonHtml('<a href="http://a.example">h</a>')).toContain('href="http://a.example"');
    expect(sanitizeLessonHtml('<a href="ftp://a.example">f</a>')).not.toContain('href');
  });

  it('keeps exactly what the lesson editor writes, directions included', () => {
    const html =
      '<h2 dir="auto">عنوان</h2><h3 dir="auto">Sub</h3><p dir="auto">A <strong>b</strong> <em>c</em> <code>d</code><br /></p>' +
      '<ul dir="auto"><li><p>one</p></li></ul><ol dir="rtl"><li><p>اثنان</p></li></ol>' +
      '<blockquote dir="auto"><p>q</p></blockquote><pre><code class="language-python">print(1)</code></pre>' +
      '<p dir="auto"><a href="https://a.example/x" rel="noopener noreferrer" target="_blank">x</a></p>' +
      '<img src="/uploads/questionpicture/4-ab12.png" alt="A hash table" />';
    expect(sanitizeLessonHtml(html)).toBe(html);
    expect(sanitizeLessonHtml('<p dir="sideways">x</p><p dir="rtl">y</p>')).toBe('<p>x</p><p dir="rtl">y</p>');
  });

  it('images: only our uploads, never another site, a data: URL or a path climbing out of /uploads', () => {
    for (const src of [
      'https://evil.example/track.png',
      'http://evil.example/a.png',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      '/uploads/../server.js',
      '/uploads//evil.example/a.png',
      '/api/users',
      'javascript:alert(1)',
    ])
      expect(sanitizeLessonHtml(`<p>a</p><img src="${src}" alt="x" onerror="alert(1)">`), src).toBe('<p>a</p>');
    expect(sanitizeLessonHtml('<img src="/uploads/coursepicture/1-a.png" onerror="alert(1)" alt="ok">')).toBe(
      '<img src="/uploads/coursepicture/1-a.png" alt="ok" />',
    );
  });

  it('drops other tags but keeps their text, and other attributes', () => {
    expect(sanitizeLessonHtml('<h1 style="color:red" class="x">T</h1><div id="a">d</div>')).toBe('Td');
  });
});
