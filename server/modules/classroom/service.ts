import type { LessonTypeCode, SessionStatus, Weekday } from '../../db/types.js';
import { MEETING_TYPES } from './meeting-room.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { conflict } from '../../platform/errors.js';
import type { Person } from '../courses/read-model.js';
import { gradeExpiredAttempts } from '../quizzes/grading.js';
import {
  classroomAccess,
  loadCourseLessons,
  loadSessionLesson,
  requireLearner,
  type ClassroomLessonRow,
  type ClassroomRole,
  type ClassroomSession,
} from '../sessions/access.js';
import {
  courseSections,
  learnerActivity,
  personById,
  questionCount,
  upsertProgress,
  type LearnerActivity,
} from './queries.js';
import {
  joinWindow,
  lessonDeadline,
  meetingSlots,
  nextMeeting,
  weekStartsOn,
  type MeetingSlot,
} from '../sessions/schedule.js';

/**
 * The classroom calls (openapi/halaqa.yaml tag Classroom; docs/classroom.md): the classroom page,
 * one lesson, progress marks, joining a meeting, the session calendar and its attendance.
 * Instants in answers are ISO 8601 UTC strings; dates 'YYYY-MM-DD' in the session's time zone.
 */

/** A learner's status on a lesson (docs/classroom.md "Lesson status"); null = not started. */
export type LessonStatus = 'IN_PROGRESS' | 'SUBMITTED' | 'AUTOGRADED' | 'DONE' | null;

/** One meeting occurrence (`MeetingOccurrence`): `attended` is the caller's join (false for staff). */
export interface MeetingOccurrence {
  occurrenceDate: string;
  startsAt: string;
  endsAt: string;
  opensAt: string;
  attended: boolean;
}

/** A lesson of the classroom for the caller (`ClassroomLesson`); `duration` in minutes, `grade` out of `points`. */
export interface ClassroomLesson {
  id: number;
  name: string;
  order: number;
  type: { id: number; code: LessonTypeCode; name: string };
  duration: number;
  day: Weekday | null;
  startTime: string | null;
  status: LessonStatus;
  deadline: string | null;
  points: number | null;
  grade: number | null;
  nextOccurrence: MeetingOccurrence | null;
}

/** The classroom page (`Classroom` schema). */
export interface Classroom {
  sessionId: number;
  courseId: number;
  courseTitle: string;
  educator: Person;
  startDate: string;
  endDate: string;
  timezone: string;
  status: SessionStatus;
  viewerRole: ClassroomRole;
  weeks: {
    week: number;
    startsOn: string;
    deadline: string;
    sections: { id: number; name: string; order: number; lessons: ClassroomLesson[] }[];
  }[];
  nextMeeting: { lessonId: number; lessonName: string; occurrence: MeetingOccurrence } | null;
  progress: { done: number; total: number };
}

/** One lesson with what it takes to do it (`ClassroomLessonDetail`); never an answer key nor expected values. */
export interface ClassroomLessonDetail {
  sessionId: number;
  lesson: ClassroomLesson;
  contentHtml: string | null;
  videoUrl: string | null;
  captionsUrl: string | null;
  allowLate: boolean;
  timeLimitMinutes: number | null;
  questionCount: number;
  programming: {
    language: 'javascript' | 'python';
    functionName: string;
    starterCode: string;
    tests: { name: string; args: unknown[] }[];
  } | null;
  occurrences: MeetingOccurrence[];
}

/** Lesson types graded out of `lessons.points` (ClassroomLesson.points). */
const GRADED_TYPES: readonly LessonTypeCode[] = ['assignment', 'quiz', 'programmingAssignment'];
/** Lesson types closed by the week's deadline (submissions and new attempts; docs/classroom.md "Deadline"). */
const DEADLINE_TYPES: readonly LessonTypeCode[] = ['assignment', 'quiz', 'programmingAssignment', 'learningObjective'];
/** Lesson types whose progress the learner marks (markLessonProgress). */
const SELF_PACED_TYPES: readonly LessonTypeCode[] = ['video', 'reading', 'notes', 'learningObjective'];
/** Statuses counted as done in `Classroom.progress` (the learner did their part). */
const FINISHED: readonly LessonStatus[] = ['SUBMITTED', 'AUTOGRADED', 'DONE'];
const RANK: Record<Exclude<LessonStatus, null>, number> = { IN_PROGRESS: 1, SUBMITTED: 2, AUTOGRADED: 3, DONE: 4 };

export const isMeeting = (l: ClassroomLessonRow) => MEETING_TYPES.includes(l.typeCode);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The meeting slots of a lesson (empty for non-meeting lessons); see time-rules `meetingSlots`. */
export function slotsOf(session: ClassroomSession, lesson: ClassroomLessonRow): MeetingSlot[] {
  return isMeeting(lesson) ? meetingSlots(session, lesson) : [];
}

export function occurrenceOf(slot: MeetingSlot, attended: boolean): MeetingOccurrence {
  return {
    occurrenceDate: slot.occurrenceDate,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    opensAt: joinWindow(slot).opensAt.toISOString(),
    attended,
  };
}

/**
 * A learner's status and grade on one lesson (docs/classroom.md "Lesson status"), from their
 * activity in the session:
 * - an open (IN_PROGRESS) quiz/learning-path attempt → IN_PROGRESS, whatever came before;
 * - otherwise the highest of: finished attempts (AUTOGRADED quiz, DONE learning path), the latest
 *   submission's status (SUBMITTED until graded, AUTOGRADED code, DONE graded), attendance (DONE
 *   once a joined occurrence has ended, IN_PROGRESS while it runs) and the learner's own progress
 *   mark (IN_PROGRESS/DONE) — ranked IN_PROGRESS < SUBMITTED < AUTOGRADED < DONE; null when none.
 * `grade` is the best of the graded submissions' grades and the finished attempts' scores scaled to
 * the lesson's points (`points × score / maxScore`, 2 decimals); null when none.
 */
export function lessonStatus(
  lesson: Pick<ClassroomLessonRow, 'id' | 'points'>,
  activity: LearnerActivity,
  slotEnds: ReadonlyMap<string, Date>,
  now: Date,
): { status: LessonStatus; grade: number | null } {
  let status: LessonStatus = null;
  const raise = (s: Exclude<LessonStatus, null>) => {
    if (status === null || RANK[s] > RANK[status]) status = s;
  };
  let grade: number | null = null;
  const best = (g: number) => {
    if (grade === null || g > grade) grade = g;
  };
  let open = false;
  for (const a of activity.attempts) {
    if (a.lessonId !== lesson.id) continue;
    if (a.status === 'IN_PROGRESS') {
      open = true;
      continue;
    }
    raise(a.status);
    if (a.score !== null && a.maxScore > 0) best(round2((lesson.points * a.score) / a.maxScore));
  }
  const submissions = activity.submissions.filter((s) => s.lessonId === lesson.id);
  const latest = submissions[submissions.length - 1];
  if (latest) raise(latest.status);
  for (const s of submissions) if (s.grade !== null && s.status !== 'SUBMITTED') best(s.grade);
  for (const a of activity.attendance) {
    if (a.lessonId !== lesson.id) continue;
    const ends = slotEnds.get(a.occurrenceDate);
    raise(ends && ends.getTime() > now.getTime() ? 'IN_PROGRESS' : 'DONE');
  }
  for (const p of activity.progress) if (p.lessonId === lesson.id) raise(p.status);
  return { status: open ? 'IN_PROGRESS' : status, grade };
}

/** Builds a `ClassroomLesson` for the caller (`activity` null for staff: status, grade and attended stay empty). */
function classroomLesson(
  session: ClassroomSession,
  lesson: ClassroomLessonRow,
  activity: LearnerActivity | null,
  now: Date,
): ClassroomLesson {
  const slots = slotsOf(session, lesson);
  const attended = new Set(
    activity?.attendance.filter((a) => a.lessonId === lesson.id).map((a) => a.occurrenceDate) ?? [],
  );
  const { status, grade } = activity
    ? lessonStatus(lesson, activity, new Map(slots.map((s) => [s.occurrenceDate, s.endsAt])), now)
    : { status: null, grade: null };
  const next = slots.find((s) => s.endsAt.getTime() > now.getTime());
  return {
    id: lesson.id,
    name: lesson.name,
    order: lesson.sortOrder,
    type: { id: lesson.typeId, code: lesson.typeCode, name: lesson.typeName },
    duration: lesson.durationMinutes,
    day: lesson.day,
    startTime: lesson.startTime,
    status,
    deadline: DEADLINE_TYPES.includes(lesson.typeCode) ? lessonDeadline(session, lesson.week).toISOString() : null,
    points: GRADED_TYPES.includes(lesson.typeCode) ? lesson.points : null,
    grade,
    nextOccurrence: next ? occurrenceOf(next, attended.has(next.occurrenceDate)) : null,
  };
}

/**
 * GET /sessions/{id}/classroom: the session's syllabus by week and section for the caller, each
 * lesson with its status and grade (learners; null for staff), deadline and next occurrence; the
 * next meeting of the session (time-rules `nextMeeting` at `app.now()`); the caller's progress
 * (`done` = lessons SUBMITTED, AUTOGRADED or DONE, `total` = all lessons). A learner's open quiz
 * attempts in the session whose time limit has passed are graded first (quizzes
 * `gradeExpiredAttempts`), so they show AUTOGRADED with their grade, never IN_PROGRESS.
 * @throws 404 unknown session; 403 not an enrolled learner, the educator or an admin.
 */
export async function getClassroom(app: AppContext, caller: Caller, sessionId: number): Promise<Classroom> {
  const { session, role } = await classroomAccess(app.db, caller, sessionId);
  const now = app.now();
  if (role === 'LEARNER') await gradeExpiredAttempts(app.db, now, { sessionId: session.id, userId: caller.userId });
  const [educator, sections, lessons, activity] = await Promise.all([
    personById(app.db, session.educatorId),
    courseSections(app.db, session.courseId),
    loadCourseLessons(app.db, session.courseId),
    role === 'LEARNER' ? learnerActivity(app.db, session.id, caller.userId) : Promise.resolve(null),
  ]);
  const views = new Map(lessons.map((l) => [l.id, classroomLesson(session, l, activity, now)]));

  const weeks: Classroom['weeks'] = [];
  for (const section of sections) {
    let week = weeks[weeks.length - 1];
    if (!week || week.week !== section.week) {
      week = {
        week: section.week,
        startsOn: weekStartsOn(session, section.week),
        deadline: lessonDeadline(session, section.week).toISOString(),
        sections: [],
      };
      weeks.push(week);
    }
    week.sections.push({
      id: section.id,
      name: section.name,
      order: section.sortOrder,
      lessons: lessons.filter((l) => l.sectionId === section.id).map((l) => views.get(l.id)!),
    });
  }

  const meetings = lessons.filter(isMeeting).map((lesson) => ({ lesson, slots: slotsOf(session, lesson) }));
  const next = nextMeeting(meetings, now);
  const attendedNext =
    next !== null &&
    (activity?.attendance.some((a) => a.lessonId === next.lesson.id && a.occurrenceDate === next.slot.occurrenceDate) ??
      false);

  return {
    sessionId: session.id,
    courseId: session.courseId,
    courseTitle: session.courseTitle,
    educator: educator ?? { id: session.educatorId, name: '', pictureUrl: null },
    startDate: session.startDate,
    endDate: session.endDate,
    timezone: session.timezone,
    status: session.status,
    viewerRole: role,
    weeks,
    nextMeeting: next
      ? { lessonId: next.lesson.id, lessonName: next.lesson.name, occurrence: occurrenceOf(next.slot, attendedNext) }
      : null,
    progress: { done: [...views.values()].filter((l) => FINISHED.includes(l.status)).length, total: lessons.length },
  };
}

/**
 * GET /sessions/{id}/lessons/{lessonId}: a lesson with its sanitised content, video, captions,
 * time limit, number of questions, programming starter code and test names/arguments (never the
 * expected values) and, for meetings, every occurrence of its week. As in getClassroom, a
 * learner's expired open quiz attempts in the session are graded first.
 * @throws 404 unknown session or a lesson not in the session's course; 403 as getClassroom.
 */
export async function getClassroomLesson(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
): Promise<ClassroomLessonDetail> {
  const { session, role } = await classroomAccess(app.db, caller, sessionId);
  const lesson = await loadSessionLesson(app.db, session, lessonId);
  const now = app.now();
  if (role === 'LEARNER') await gradeExpiredAttempts(app.db, now, { sessionId: session.id, userId: caller.userId });
  const [activity, questions] = await Promise.all([
    role === 'LEARNER' ? learnerActivity(app.db, session.id, caller.userId, lesson.id) : Promise.resolve(null),
    questionCount(app.db, lesson.id),
  ]);
  const attended = new Set(activity?.attendance.map((a) => a.occurrenceDate) ?? []);
  return {
    sessionId: session.id,
    lesson: classroomLesson(session, lesson, activity, now),
    contentHtml: lesson.contentHtml,
    videoUrl: lesson.videoUrl,
    captionsUrl: lesson.captionsUrl,
    allowLate: lesson.allowLate,
    timeLimitMinutes: lesson.timeLimitMinutes,
    questionCount: questions,
    programming: lesson.programming
      ? {
          language: lesson.programming.language === 'python' ? 'python' : 'javascript',
          functionName: lesson.programming.functionName,
          starterCode: lesson.programming.starterCode,
          tests: lesson.programming.tests.map((t) => ({ name: t.name, args: t.args })),
        }
      : null,
    occurrences: slotsOf(session, lesson).map((s) => occurrenceOf(s, attended.has(s.occurrenceDate))),
  };
}

/**
 * POST /sessions/{id}/lessons/{lessonId}/progress: the learner marks a video, reading, notes or
 * learning-path lesson IN_PROGRESS (opened) or DONE (finished); DONE is never lowered.
 * @returns the status kept.
 * @throws 404 unknown session/lesson; 403 not an enrolled learner; 409 a graded or meeting lesson
 *   (its status comes from submissions, attempts or attendance).
 */
export async function markLessonProgress(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
  status: 'IN_PROGRESS' | 'DONE',
): Promise<{ lessonId: number; sessionId: number; status: 'IN_PROGRESS' | 'DONE' }> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireLearner(access);
  const lesson = await loadSessionLesson(app.db, access.session, lessonId);
  if (!SELF_PACED_TYPES.includes(lesson.typeCode)) {
    throw conflict(
      isMeeting(lesson)
        ? 'A meeting is marked by joining it'
        : 'This lesson gets its status from its submissions and attempts',
    );
  }
  const kept = await upsertProgress(app.db, {
    sessionId: access.session.id,
    lessonId: lesson.id,
    userId: caller.userId,
    status,
    at: app.now(),
  });
  return { lessonId: lesson.id, sessionId: access.session.id, status: kept };
}
