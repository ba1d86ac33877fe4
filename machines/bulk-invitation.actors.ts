import { fromCallback } from 'xstate';
import { ApiError } from './support/api';
import type { BulkFile, BulkInvitationEvent, BulkInviteReport, BulkInviteRow } from './bulk-invitation.machine';

/**
 * Sends the multipart body `file=<the file>` to `POST /users/bulk/invite` and reports the upload
 * progress (bytes); resolves with the HTTP status and JSON body of any answer, rejects only when
 * no answer came (or on abort). The screen provides it over XMLHttpRequest (fetch cannot report
 * upload progress), with the API client's credentials.
 */
export type BulkUploadSender = (
  file: BulkFile,
  options: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
) => Promise<{ status: number; body: unknown }>;

/** The report of a BulkInviteResult body (`{ data: { invited, skipped, report } }`), or null. */
export function readBulkReport(body: unknown): BulkInviteReport | null {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!data || typeof data !== 'object') return null;
  const { invited, report } = data as { invited?: unknown; report?: unknown };
  if (!Array.isArray(invited) || !Array.isArray(report)) return null;
  return { invitedCount: invited.length, rows: report as BulkInviteRow[] };
}

/**
 * The bulk invitation machine's `uploadFile` actor:
 *
 *   useMachine(bulkInvitationMachine.provide({ actors: createBulkInvitationActors(send) }))
 *
 * Sends `upload.progress` for each progress report, `upload.sent` once every byte is sent,
 * then `upload.done` (2xx with a report) or `upload.failed` with an `ApiError` (status 0 = no
 * answer; the server's message otherwise). Leaving the `sending` state aborts the request.
 */
export function createBulkInvitationActors(send: BulkUploadSender) {
  return {
    uploadFile: fromCallback<BulkInvitationEvent, { file: BulkFile }>(({ input, sendBack }) => {
      const controller = new AbortController();
      let sent = false;
      send(input.file, {
        signal: controller.signal,
        onProgress: (loaded, total) => {
          if (controller.signal.aborted) return;
          sendBack({ type: 'upload.progress', loaded, total });
          if (!sent && total > 0 && loaded >= total) {
            sent = true;
            sendBack({ type: 'upload.sent' });
          }
        },
      }).then(
        ({ status, body }) => {
          if (controller.signal.aborted) return;
          const report = status >= 200 && status < 400 ? readBulkReport(body) : null;
          if (report) sendBack({ type: 'upload.done', report });
          else
            sendBack({
              type: 'upload.failed',
              error: new ApiError(status >= 200 && status < 400 ? 500 : status, body),
            });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            sendBack({ type: 'upload.failed', error: error instanceof ApiError ? error : new ApiError(0, null) });
        },
      );
      return () => controller.abort();
    }),
  };
}
