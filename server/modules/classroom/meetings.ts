import type { Schema } from '../../platform/handlers.js';
import { Temporal } from 'temporal-polyfill';
import type { AppContext, Caller } from '../../platform/context.js';
import { conflict } from '../../platform/errors.js';
import { attendanceAccess, classroomAccess, loadCourseLessons, loadSessionLesson } from '../sessions/access.js';
import { sessionCalendar } from './calendar.js';
import { activeLearners, recordAttendance } from './queries.js';
import { attendanceFacts, attendedBy } from '../sessions/attendance-status.js';
import { findJoinableSlot, joinWindow } from '../sessions/schedule.js';
import { type MeetingOccurrence, isMeeting, occurrenceOf, slotsOf } from './service.js';
import { meetingRoomsOf, meetingUrl } from './meeting-room.js';

/**
 * A session's meetings: joining one (the attendance it records), the calendar of all of them, and the
 * attendance list (classroom/service.ts builds the classroom and its lessons).
 */

/** 'YYYY-MM-DD HH:mm' of an instant in `zone`. */
function localTime(at: Date, zone: string): string {
  const z = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'minute' })}`;
}

/**
 * POST /sessions/{id}/lessons/{lessonId}/join (docs/classroom.md "Join window"): inside an
 * occurrence's join window (10 minutes before its start until its end, at `app.now()`) answers the
 * meeting's URL (the pasted link, else the session's room: meeting-room.ts `meetingUrl`); for an enrolled learner it also records attendance for that occurrence (the first
 * join is kept: `recorded` is false on later joins). Staff join without a record.
 * @throws 404 unknown session/lesson; 403 not in the classroom; 409 not a meeting lesson, outside
 *   the window (the message gives the opening time in the session's zone, or says it has ended), or
 *   no link set while MEETING_BASE_URL=none (no automatic rooms) — nothing is recorded then.
 */
export async function joinMeeting(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
): Promise<{ url: string; occurrence: MeetingOccurrence; recorded: boolean }> {
  const { session, role } = await classroomAccess(app.db, caller, sessionId);
  const lesson = await loadSessionLesson(app.db, session, lessonId);
  if (!isMeeting(lesson)) throw conflict('This lesson is not a meeting');
  const now = app.now();
  const slots = slotsOf(session, lesson);
  const slot = findJoinableSlot(slots, now);
  if (!slot) {
    const upcoming = slots.find((s) => s.startsAt.getTime() > now.getTime());
    if (upcoming) {
      const opensAt = joinWindow(upcoming).opensAt;
      throw conflict(
        `This meeting opens at ${localTime(opensAt, session.timezone)} (${session.timezone}), ${opensAt.toISOString()}`,
      );
    }
    throw conflict(slots.length ? 'This meeting has ended' : 'This meeting has no scheduled time');
  }
  const url = meetingUrl(lesson.link, session.id, meetingRoomsOf(app.config));
  if (!url) throw conflict('The educator has not set the meeting link yet');
  let recorded = false;
  if (role === 'LEARNER') {
    recorded = await recordAttendance(app.db, {
      sessionId: session.id,
      lessonId: lesson.id,
      userId: caller.userId,
      occurrenceDate: slot.occurrenceDate,
      joinedAt: now,
    });
  }
  return { url, occurrence: occurrenceOf(slot, role === 'LEARNER'), recorded };
}

/**
 * GET /sessions/{id}/calendar.ics: the session's meetings as RFC 5545 text (calendar.ts
 * `sessionCalendar`): the weekly schedule as weekly RRULE events and each meeting/liveSession
 * lesson with its own day and time, with the session's TZID and stable UIDs.
 * @returns the file name (`session-<id>.ics`) and the text.
 * @throws 404 unknown session; 403 as getClassroom.
 */
export async function getSessionCalendar(
  app: AppContext,
  caller: Caller,
  sessionId: number,
): Promise<{ fileName: string; text: string }> {
  const { session } = await classroomAccess(app.db, caller, sessionId);
  const lessons = (await loadCourseLessons(app.db, session.courseId)).filter(isMeeting);
  const text = sessionCalendar({
    session: {
      id: session.id,
      title: session.courseTitle,
      timezone: session.timezone,
      startDate: session.startDate,
      endDate: session.endDate,
      schedule: session.schedule,
    },
    lessons: lessons.map((l) => ({
      id: l.id,
      name: l.name,
      week: l.week,
      day: l.day,
      startTime: l.startTime,
      durationMinutes: l.durationMinutes,
    })),
    publicUrl: app.config.publicUrl,
  });
  return { fileName: `session-${session.id}.ics`, text };
}

/** `SessionAttendance`: occurrences held so far (oldest first) and each enrolled learner's record. */
export type SessionAttendanceView = Schema<'SessionAttendance'>;

/**
 * GET /sessions/{id}/attendance: the meeting occurrences that have started by `app.now()` (oldest
 * first) with their number of attendees, and per ACTIVE learner the occurrences attended out of
 * those held. Attended is PRESENT or LATE, the educator's mark winning over the join click; EXCUSED
 * meetings are counted apart (`excused`) and left out of the rate: `rate` = attended ÷ (held −
 * excused), 0 when that is 0, 4 decimals (docs/decisions.md "Taking attendance"). A partner sees only their
 * own company's learners, in `learners` and in each meeting's attendees (tenant scope, filtered
 * here on the server).
 * @throws 404 unknown session; 403 unless the session's educator, an admin, or an approved partner
 *   of the course's company or of a company with learners in the session.
 */
export async function listSessionAttendance(
  app: AppContext,
  caller: Caller,
  sessionId: number,
): Promise<SessionAttendanceView> {
  const { session, learnersOfCompany } = await attendanceAccess(app.db, caller, sessionId);
  const now = app.now();
  const [lessons, allRows, learners] = await Promise.all([
    loadCourseLessons(app.db, session.courseId),
    attendanceFacts(app.db, [session.id]),
    activeLearners(app.db, session.id, learnersOfCompany),
  ]);
  const visible = new Set(learners.map((l) => l.id));
  const rows = learnersOfCompany === null ? allRows : allRows.filter((r) => visible.has(r.userId));
  const held = lessons
    .filter(isMeeting)
    .flatMap((lesson) =>
      slotsOf(session, lesson)
        .filter((s) => s.startsAt.getTime() <= now.getTime())
        .map((slot) => ({ lesson, slot })),
    )
    .sort((a, b) => a.slot.startsAt.getTime() - b.slot.startsAt.getTime() || a.lesson.id - b.lesson.id);
  const key = (lessonId: number, date: string) => `${lessonId}|${date}`;
  const heldKeys = new Set(held.map((h) => key(h.lesson.id, h.slot.occurrenceDate)));
  const ofHeld = rows.filter((r) => heldKeys.has(key(r.lessonId, r.occurrenceDate)));
  const counted = ofHeld.filter(attendedBy);
  return {
    sessionId: session.id,
    meetings: held.map(({ lesson, slot }) => {
      const attendeeIds = counted
        .filter((r) => r.lessonId === lesson.id && r.occurrenceDate === slot.occurrenceDate)
        .map((r) => r.userId)
        .sort((a, b) => a - b);
      return {
        lessonId: lesson.id,
        lessonName: lesson.name,
        occurrenceDate: slot.occurrenceDate,
        startsAt: slot.startsAt.toISOString(),
        attendees: attendeeIds.length,
        attendeeIds,
      };
    }),
    learners: learners.map((learner) => {
      const attended = counted.filter((r) => r.userId === learner.id).length;
      const excused = ofHeld.filter((r) => r.userId === learner.id && r.mark === 'EXCUSED').length;
      const expected = held.length - excused;
      return {
        learner,
        attended,
        held: held.length,
        excused,
        rate: expected > 0 ? Math.round((attended / expected) * 10_000) / 10_000 : 0,
      };
    }),
  };
}
