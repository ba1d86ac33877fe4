import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type {
  AttendanceChange,
  AttendanceTakingInput,
  MarkToSave,
  MeetingAttendance,
  MeetingAttendanceLearner,
  MeetingWithHistory,
} from './attendance-taking.machine';

/**
 * The attendance-taking machine's actors over the generated client (paths under
 * `/sessions/{id}/lessons/{lessonId}/occurrences/{date}`):
 * - loadMeeting: `GET …/attendance` and `GET …/attendance-history`, together;
 * - saveMark: `PUT …/attendance/{learnerId}` {status, note, version}, then the history;
 * - markPresent: the meeting again, `PUT` PRESENT for each given learner still unmarked (at its current
 *   version, one after the other), then the meeting and history.
 * Each rejects with an `ApiError` (`status`, `serverMessage`; 409 when a mark changed meanwhile) or the
 * network error.
 */
export function createAttendanceTakingActors(api: Api) {
  const path = (i: AttendanceTakingInput) => ({ id: i.sessionId, lessonId: i.lessonId, date: i.date });
  const getMeeting = async (i: AttendanceTakingInput): Promise<MeetingAttendance> =>
    unwrap(
      await api.GET('/sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance', {
        params: { path: path(i) },
      }),
    );
  const getHistory = async (i: AttendanceTakingInput): Promise<AttendanceChange[]> =>
    unwrap(
      await api.GET('/sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance-history', {
        params: { path: path(i) },
      }),
    );
  const put = async (i: AttendanceTakingInput, m: MarkToSave): Promise<MeetingAttendanceLearner> =>
    unwrap(
      await api.PUT('/sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance/{learnerId}', {
        params: { path: { ...path(i), learnerId: m.learnerId } },
        body: { status: m.status, note: m.note, version: m.version },
      }),
    );
  const both = async (i: AttendanceTakingInput): Promise<MeetingWithHistory> => {
    const [meeting, history] = await Promise.all([getMeeting(i), getHistory(i)]);
    return { meeting, history };
  };
  return {
    loadMeeting: fromPromise<MeetingWithHistory, AttendanceTakingInput>(({ input }) => both(input)),
    saveMark: fromPromise<
      { learner: MeetingAttendanceLearner; history: AttendanceChange[] },
      AttendanceTakingInput & { mark: MarkToSave }
    >(async ({ input }) => {
      const learner = await put(input, input.mark);
      return { learner, history: await getHistory(input) };
    }),
    markPresent: fromPromise<MeetingWithHistory, AttendanceTakingInput & { learnerIds: number[] }>(
      async ({ input }) => {
        const meeting = await getMeeting(input);
        const wanted = new Set(input.learnerIds);
        for (const l of meeting.learners.filter((r) => !r.marked && wanted.has(r.learner.id))) {
          await put(input, { learnerId: l.learner.id, status: 'PRESENT', note: l.note, version: l.version });
        }
        return both(input);
      },
    ),
  };
}
