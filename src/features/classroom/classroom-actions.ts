import { useCallback, useEffect, useRef, useState } from 'react';
import { type Api, unwrap } from '@/lib/api/client';
import type { components } from '@contract/schema';
import type { LessonStatus } from './lesson-visuals';

/** What joining a meeting answers: the link to open and the occurrence joined. */
export type MeetingJoin = components['schemas']['MeetingJoin'];

/**
 * Joins a meeting lesson (`POST /sessions/{id}/lessons/{lessonId}/join`): inside the join window
 * the server records the learner's attendance and answers the link. Throws an `ApiError` otherwise
 * (409 outside the window, with the opening time in its message; 403 when not in the session).
 */
export async function joinMeeting(api: Api, sessionId: number, lessonId: number): Promise<MeetingJoin> {
  return unwrap(
    await api.POST('/sessions/{id}/lessons/{lessonId}/join', { params: { path: { id: sessionId, lessonId } } }),
  );
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
