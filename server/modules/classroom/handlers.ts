import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { getLessonAuthoring, updateLessonAuthoring } from './authoring.js';
import { getClassroom, getClassroomLesson, getSessionCalendar, joinMeeting, listSessionAttendance, markLessonProgress } from './service.js';

/**
 * Handlers of the Classroom operations (openapi/halaqa.yaml tag Classroom; docs/classroom.md):
 * the learner's classroom (service.ts) and the educator's lesson authoring (authoring.ts).
 */
export const classroomHandlers = {
  getClassroom: async ({ app, caller, params }) => ({ data: await getClassroom(app, requireCaller(caller), params.id) }),
  getClassroomLesson: async ({ app, caller, params }) => ({
    data: await getClassroomLesson(app, requireCaller(caller), params.id, params.lessonId),
  }),
  markLessonProgress: async ({ app, caller, params, body }) => ({
    data: await markLessonProgress(app, requireCaller(caller), params.id, params.lessonId, body.status),
  }),
  joinMeeting: async ({ app, caller, params }) => ({ data: await joinMeeting(app, requireCaller(caller), params.id, params.lessonId) }),
  /** Answers the iCalendar text itself (a raw result), as a download named `session-<id>.ics`. */
  getSessionCalendar: async ({ app, caller, params }) => {
    const { fileName, text } = await getSessionCalendar(app, requireCaller(caller), params.id);
    return {
      raw: text,
      contentType: 'text/calendar; charset=utf-8',
      headers: { 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-cache' },
    };
  },
  listSessionAttendance: async ({ app, caller, params }) => ({ data: await listSessionAttendance(app, requireCaller(caller), params.id) }),
  getLessonAuthoring: async ({ app, caller, params }) => ({ data: await getLessonAuthoring(app, requireCaller(caller), params.id) }),
  updateLessonAuthoring: async ({ app, caller, params, body }) => ({ data: await updateLessonAuthoring(app, requireCaller(caller), params.id, body) }),
} satisfies HandlerTable;
