import { ApiError, type Api } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';

/**
 * Downloads a session's meetings as an iCalendar file (`GET /sessions/{id}/calendar.ics`, which
 * needs the bearer token, so a plain link cannot be used): the body is read as a Blob through the
 * API client and saved as `fileName` through a temporary object URL.
 * Throws an `ApiError` (status, server message) when the call fails; rejects on a network error.
 */
export async function downloadCalendar(
  api: Api,
  sessionId: number,
  fileName = `halaqa-session-${sessionId}.ics`,
): Promise<void> {
  const result = await api.GET('/sessions/{id}/calendar.ics', { params: { path: { id: sessionId } }, parseAs: 'blob' });
  // openapi-fetch's `parseAs: 'blob'` answers the body as a Blob (typed as the schema's string).
  const blob = result.data as unknown as Blob | undefined;
  if (result.error !== undefined || !blob || typeof blob.size !== 'number')
    throw new ApiError(result.response.status, result.error);
  saveFile(blob, fileName);
}
