/** Test data of the classroom UI tests (shapes of openapi `Classroom` / `ClassroomLessonDetail`). */
import type { components } from '@contract/schema';
import { createApi } from '@/lib/api/client';
import { mockFetch, type Handler } from '../machines/fetch-mock';

type Classroom = components['schemas']['Classroom'];
type ClassroomLesson = components['schemas']['ClassroomLesson'];
type Detail = components['schemas']['ClassroomLessonDetail'];
type TypeCode = components['schemas']['LessonTypeCode'];

const typeNames: Record<TypeCode, [number, string]> = {
  meeting: [1, 'Meeting'],
  video: [2, 'Video'],
  reading: [3, 'Reading'],
  assignment: [4, 'Assignment'],
  quiz: [5, 'Quiz'],
  learningObjective: [6, 'Learning path'],
  programmingAssignment: [7, 'Programming assignment'],
  notes: [8, 'Notes'],
  liveSession: [9, 'Live session'],
};

/** A classroom lesson of type `code` (defaults: not started, no deadline, no grade). */
export function lessonOf(
  id: number,
  name: string,
  code: TypeCode,
  extra: Partial<ClassroomLesson> = {},
): ClassroomLesson {
  const [typeId, typeName] = typeNames[code];
  return {
    id,
    name,
    order: 0,
    type: { id: typeId, code, name: typeName },
    duration: 30,
    day: null,
    startTime: null,
    status: null,
    deadline: null,
    points: null,
    grade: null,
    nextOccurrence: null,
    ...extra,
  };
}

/** Tuesday 2031-03-04 00:00 UTC = Monday 07:00 PM in New York (EST) = Tuesday 03:00 AM in Riyadh; 90 minutes. */
export const meetingOccurrence = {
  occurrenceDate: '2031-03-03',
  startsAt: '2031-03-04T00:00:00Z',
  endsAt: '2031-03-04T01:30:00Z',
  opensAt: '2031-03-03T23:50:00Z',
  attended: false,
};

export const classroom: Classroom = {
  sessionId: 41,
  courseId: 7,
  courseTitle: 'JavaScript from zero',
  educator: { id: 3, name: 'Sara Benali', pictureUrl: null },
  startDate: '2031-03-03',
  endDate: '2031-04-20',
  timezone: 'America/New_York',
  status: 'ACTIVE',
  viewerRole: 'LEARNER',
  weeks: [
    {
      week: 1,
      startsOn: '2031-03-03',
      deadline: '2031-03-10T04:00:00Z',
      sections: [
        {
          id: 11,
          name: 'Foundations',
          order: 0,
          lessons: [
            lessonOf(501, 'Welcome video', 'video', { order: 0, status: 'DONE', duration: 12 }),
            lessonOf(502, 'Closures explained', 'reading', { order: 1, status: 'IN_PROGRESS' }),
            lessonOf(510, 'Live class: code review', 'meeting', {
              order: 2,
              day: 'monday',
              startTime: '19:00',
              duration: 90,
              nextOccurrence: meetingOccurrence,
            }),
          ],
        },
        {
          id: 12,
          name: 'Practice',
          order: 1,
          lessons: [
            lessonOf(503, 'Types and coercion', 'quiz', {
              order: 0,
              status: 'AUTOGRADED',
              points: 100,
              grade: 80,
              deadline: '2031-03-10T04:00:00Z',
            }),
            lessonOf(504, 'Todo app report', 'assignment', {
              order: 1,
              status: 'SUBMITTED',
              points: 100,
              deadline: '2031-03-10T04:00:00Z',
            }),
          ],
        },
      ],
    },
    {
      week: 2,
      startsOn: '2031-03-10',
      deadline: '2031-03-17T04:00:00Z',
      sections: [
        {
          id: 13,
          name: 'Functions',
          order: 0,
          lessons: [
            lessonOf(505, 'FizzBuzz', 'programmingAssignment', {
              order: 0,
              points: 100,
              deadline: '2031-03-17T04:00:00Z',
            }),
          ],
        },
      ],
    },
  ],
  nextMeeting: { lessonId: 510, lessonName: 'Live class: code review', occurrence: meetingOccurrence },
  progress: { done: 1, total: 6 },
};

/** The detail of a lesson of `classroom`, with overrides. */
export function detailOf(lesson: ClassroomLesson, extra: Partial<Detail> = {}): Detail {
  return {
    sessionId: 41,
    lesson,
    contentHtml: null,
    videoUrl: null,
    captionsUrl: null,
    allowLate: false,
    timeLimitMinutes: null,
    questionCount: 0,
    programming: null,
    occurrences: [],
    ...extra,
  };
}

/** Epoch ms of an ISO instant. */
export const at = (iso: string) => new Date(iso).getTime();

/** The API client of the signed-in learner (token jwt-learner) over a fetch mock answering `routes`. */
export function learnerApi(routes: Record<string, Handler>) {
  const mock = mockFetch(routes);
  const api = createApi({
    baseUrl: 'http://localhost/api',
    fetch: mock.fetch,
    getAuth: () => ({ token: 'jwt-learner', federated: false }),
  });
  return { mock, api };
}
