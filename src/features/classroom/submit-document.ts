import { ApiError } from '@/lib/api/client';
import type { components } from '@contract/schema';
import {
  checkFile,
  type MultipartAnswer,
  requestOptionsOf,
  sendMultipart,
  UploadError,
  type UploadProgress,
  type XhrCredentials,
} from '@/lib/api/upload';

/** One submission of an assignment (history entry; openapi `Submission`). */
export type Submission = components['schemas']['Submission'];

export interface SubmitDocumentOptions extends XhrCredentials {
  /** The session submitted for (sent as the multipart field `sessionId`). */
  sessionId: number;
  /** Called on every XHR upload progress event (percent 0–100, whole). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborts the request: the promise rejects with an `UploadError` whose `aborted` is true. */
  signal?: AbortSignal;
  /** API base URL, default `/api`. */
  baseUrl?: string;
  /** XMLHttpRequest constructor (tests). */
  xhr?: new () => XMLHttpRequest;
}

/**
 * Submits a learner's document for an assignment lesson: `POST /assignments/{id}/submissions`
 * multipart (`document` = the file, `sessionId`), over XMLHttpRequest so the upload progress can
 * be shown (product.md#calls "Uploads": multipart, bearer header, progress reported; a 401 goes through the
 * token refresh like every call, see `sendMultipart`). The file is checked first with the
 * document limits of product.md#validation (pdf, doc, docx, xls, xlsx, ppt, pptx, zip; 20 MB).
 *
 * Resolves with the new submission (status SUBMITTED, `late` set after the deadline when late
 * work is allowed). Rejects with
 * - an `UploadError` (`badType` / `tooLarge`) before anything is sent, or with `aborted` true;
 * - an `ApiError` for any answer outside 200–399 (status, server message, field errors: 400
 *   invalid fields, 403 not enrolled, 409 deadline passed, 413 / 415) or no answer (status 0).
 */
export async function submitDocument(
  assignmentId: number,
  file: File,
  options: SubmitDocumentOptions,
): Promise<Submission> {
  const refused = checkFile('document', file);
  if (refused) throw refused;
  if (options.signal?.aborted) throw new UploadError('failed', { aborted: true });
  let answer: MultipartAnswer;
  try {
    answer = await sendMultipart({
      url: `${options.baseUrl ?? '/api'}/assignments/${assignmentId}/submissions`,
      size: file.size,
      form: () => {
        const form = new FormData();
        form.append('sessionId', String(options.sessionId));
        form.append('document', file, file.name);
        return form;
      },
      ...requestOptionsOf(options),
    });
  } catch (error) {
    if (error instanceof UploadError && error.aborted) throw error;
    throw new ApiError(0, null);
  }
  const { status, body } = answer;
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (
    status >= 200 &&
    status < 400 &&
    data &&
    typeof data === 'object' &&
    typeof (data as Submission).id === 'number'
  ) {
    options.onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
    return data as Submission;
  }
  throw new ApiError(status >= 200 && status < 400 ? 500 : status, body);
}

/**
 * The first server field error of a failed submission as "<field> <message>" (e.g. "document is
 * an empty file"), or null when the server sent none. product.md#messages: 'Cannot submit assignment!' (or the
 * first server field error plus message).
 */
export function firstFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const [first] = Object.entries(error.fieldErrors);
  return first ? `${first[0]} ${first[1]}` : null;
}
