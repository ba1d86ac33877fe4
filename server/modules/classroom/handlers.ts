import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { getMeetingAttendance, listAttendanceHistory, setAttendanceMark } from './attendance-taking.js';
import { getLessonAuthoring, updateLessonAuthoring } from './authoring.js';
import { deleteChatMessage, listChatMessages, postChatMessage } from './chat.js';
import { getSessionCalendar, joinMeeting, listSessionAttendance } from './meetings.js';
import { getClassroom, getClassroomLesson, markLessonProgress } from './service.js';

/**
 * Handlers of the Classroom operations (openapi/halaqa.yaml tag Classroom; docs/classroom.md):
 * the learner's classroom (service.ts; its meetings in meetings.ts), the session chat (chat.ts; its WebSocket in chat-socket.ts)
 * and the educator's lesson authoring (authoring.ts).
 */
export const classroomHandlers = {
  getClassroom: async ({ app, caller, params }) => ({
    data: await getClassroom(app, requireCaller(caller), params.id),
  }),
  listChatMessages: async ({ app, caller, params, query }) => ({
    data: await listChatMessages(app, requireCaller(caller), params.id, { before: query.before, limit: query.limit }),
  }),
  postChatMessage: async ({ app, caller, params, body }) => ({
    status: 201,
    data: await postChatMessage(app, requireCaller(caller), params.id, body.text),
  }),
  deleteChatMessage: async ({ app, caller, params }) => ({
    data: await deleteChatMessage(app, requireCaller(caller), params.id, params.messageId),
  }),
  getClassroomLesson: async ({ app, caller, params }) => ({
    data: await getClassroomLesson(app, requireCaller(caller), params.id, params.lessonId),
  }),
  markLessonProgress: async ({ app, caller, params, body }) => ({
    data: await markLessonProgress(app, requireCaller(caller), params.id, params.lessonId, body.status),
  }),
  joinMeeting: async ({ app, caller, params }) => ({
    data: await joinMeeting(app, requireCaller(caller), params.id, params.lessonId),
  }),
  /** Answers the iCalendar text itself (a raw result), as a download named `session-<id>.ics`. */
  getSessionCalendar: async ({ app, caller, params }) => {
    const { fileName, text } = await getSessionCalendar(app, requireCaller(caller), params.id);
    return {
      raw: text,
      contentType: 'text/calendar; charset=utf-8',
      headers: { 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-cache' },
    };
  },
  listSessionAttendance: async ({ app, caller, params }) => ({
    data: await listSessionAttendance(app, requireCaller(caller), params.id),
  }),
  getMeetingAttendance: async ({ app, caller, params }) => ({
    data: await getMeetingAttendance(app, requireCaller(caller), params.id, params.lessonId, params.date),
  }),
  setAttendanceMark: async ({ app, caller, params, body }) => ({
    data: await setAttendanceMark(
      app,
      requireCaller(caller),
      { sessionId: params.id, lessonId: params.lessonId, date: params.date, learnerId: params.learnerId },
      body,
    ),
  }),
  listAttendanceHistory: async ({ app, caller, params }) => ({
    data: await listAttendanceHistory(app, requireCaller(caller), params.id, params.lessonId, params.date),
  }),
  getLessonAuthoring: async ({ app, caller, params }) => ({
    data: await getLessonAuthoring(app, requireCaller(caller), params.id),
  }),
  updateLessonAuthoring: async ({ app, caller, params, body }) => ({
    data: await updateLessonAuthoring(app, requireCaller(caller), params.id, body),
  }),
} satisfies HandlerTable;
