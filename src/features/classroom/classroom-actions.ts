import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type Api, unwrap } from '@/lib/api/client';
import type { components } from '@contract/schema';
import type { LessonStatus } from './lesson-visuals';

/** What joining a meeting answers: the link to open and the occurrence joined. */
export type MeetingJoin = components['schemas']['MeetingJoin'];

/**
 * Downloads a session's meetings as an iCalendar file (`GET /sessions/{id}/calendar.ics`, which
 * needs the bearer token, so a plain link cannot be used): the body is read as a Blob through the
 * API client and saved as `fileName` through a temporary object URL.
 * Throws an `ApiError` (status, server message) when the call fails; rejects on a network error.
 */
export async function downloadCalendar(api: Api, sessionId: number, fileName = `halaqa-session-${sessionId}.ics`): Promise<void> {
  const result = await api.GET('/sessions/{id}/calendar.ics', { params: { path: { id: sessionId } }, parseAs: 'blob' });
  // openapi-fetch's `parseAs: 'blob'` answers the body as a Blob (typed as the schema's string).
  const blob = result.data as unknown as Blob | undefined;
  if (result.error !== undefined || !blob || typeof blob.size !== 'number') throw new ApiError(result.response.status, result.error);
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Let the browser start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Joins a meeting lesson (`POST /sessions/{id}/lessons/{lessonId}/join`): inside the join window
 * the server records the learner's attendance and answers the link. Throws an `ApiError` otherwise
 * (409 outside the window, with the opening time in its message; 403 when not in the session).
 */
export async function joinMeeting(api: Api, sessionId: number, lessonId: number): Promise<MeetingJoin> {
  return unwrap(await api.POST('/sessions/{id}/lessons/{lessonId}/join', { params: { path: { id: sessionId, lessonId } } }));
}

/**
 * A learner's progress on a video, reading or notes lesson (`POST …/lessons/{lessonId}/progress`,
 * docs/classroom.md "Lesson status"):
 * - when `track` is true and the lesson is not started, IN_PROGRESS is recorded once on mount
 *   (the lesson was opened);
 * - `markDone()` records DONE (the server never lowers DONE back); resolves `true` on success,
 *   else the error (an `ApiError`, also kept in `error`).
 * `status` follows the server's answers, starting from `initial`.
 */
export function useLessonProgress(
  api: Api,
  sessionId: number,
  lessonId: number,
  initial: LessonStatus,
  track: boolean,
): { status: LessonStatus; saving: boolean; error: unknown; markDone: () => Promise<true | unknown> } {
  const [status, setStatus] = useState<LessonStatus>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const opened = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const send = useCallback(
    async (next: 'IN_PROGRESS' | 'DONE') => {
      const result = await api.POST('/sessions/{id}/lessons/{lessonId}/progress', {
        params: { path: { id: sessionId, lessonId } },
        body: { status: next },
      });
      return unwrap(result).status;
    },
    [api, sessionId, lessonId],
  );

  useEffect(() => {
    if (!track || initial !== null || opened.current) return;
    opened.current = true;
    send('IN_PROGRESS').then(
      (kept) => {
        if (mounted.current) setStatus((s) => (s === 'DONE' ? s : kept));
      },
      () => {
        // Opening is recorded on a best-effort basis: the lesson stays usable.
      },
    );
  }, [track, initial, send]);

  const markDone = useCallback(async () => {
    setSaving(true);
    setError(null);
    try {
      const kept = await send('DONE');
      if (mounted.current) setStatus(kept);
      return true;
    } catch (e) {
      if (mounted.current) setError(e);
      return e ?? new Error('Failed');
    } finally {
      if (mounted.current) setSaving(false);
    }
  }, [send]);

  return { status, saving, error, markDone };
}
