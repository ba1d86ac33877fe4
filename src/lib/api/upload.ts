import { type ApiAuth, MAX_UNAUTHORIZED_RETRIES, type UnauthorizedReport } from './client';
import type { components } from '@contract/schema';

/**
 * File uploads of product.md#calls ("Uploads": multipart, bearer header, progress reported; the answer is
 * read from `data` with `id`, `url`, `type`) over XMLHttpRequest, because fetch cannot report
 * upload progress.
 *
 *   const upload = await uploadFile('coursePicture', file, { auth, onProgress: (p) => … })
 *
 * The file is checked on the client first, with the server's limits (product.md#validation; the server enforces
 * them too and answers 413 / 415):
 * - images (png, jpeg): 5 MB;
 * - documents (pdf, doc, docx, xls, xlsx, ppt, pptx, zip): 20 MB;
 * - videos (ogv, webm, mp4, mpeg, avi, wmv, flv, m3u8, mov): 1 GB.
 */

/** The answer of an upload call (product.md#entities "Upload response"). */
export type UploadResult = components['schemas']['Upload'];

/** Upload endpoints of product.md#calls (and the company logo of #calls "Companies"). */
export type UploadKind =
  | 'document'
  | 'profilePicture'
  | 'coursePicture'
  | 'courseVideo'
  | 'signature'
  | 'resume'
  | 'questionPicture'
  | 'companyLogo';

/** A family of accepted files: what the user is told and what the client checks. */
export interface FileFamily {
  /** Lower-case extensions accepted (aliases included, e.g. jpg for jpeg). */
  extensions: readonly string[];
  /** MIME types accepted (used when the name has no known extension). */
  mimeTypes: readonly string[];
  /** The list in 'File type must be …', e.g. 'png, jpeg'. */
  label: string;
  /** Largest accepted size in bytes (`size <= maxBytes`, like the server). */
  maxBytes: number;
  /** The limit in 'File size must be less than …', e.g. '5 MB'. */
  maxLabel: string;
}

const MB = 1024 * 1024;

export const IMAGE_FILES: FileFamily = {
  extensions: ['png', 'jpg', 'jpeg'],
  mimeTypes: ['image/png', 'image/jpeg'],
  label: 'png, jpeg',
  maxBytes: 5 * MB,
  maxLabel: '5 MB',
};

export const DOCUMENT_FILES: FileFamily = {
  extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip'],
  mimeTypes: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip',
    'application/x-zip-compressed',
  ],
  label: 'pdf, doc, docx, xls, xlsx, ppt, pptx, zip',
  maxBytes: 20 * MB,
  maxLabel: '20 MB',
};

export const VIDEO_FILES: FileFamily = {
  extensions: ['ogv', 'webm', 'mp4', 'm4v', 'mpeg', 'mpg', 'avi', 'wmv', 'flv', 'm3u8', 'mov'],
  mimeTypes: [
    'video/ogg',
    'video/webm',
    'video/mp4',
    'video/mpeg',
    'video/x-msvideo',
    'video/x-ms-wmv',
    'video/x-flv',
    'application/vnd.apple.mpegurl',
    'application/x-mpegurl',
    'video/quicktime',
  ],
  label: 'ogv, webm, mp4, mpeg, avi, wmv, flv, m3u8, mov',
  maxBytes: 1024 * MB,
  maxLabel: '1 GB',
};

/** Where each kind is sent, in which multipart field, and which files it accepts. */
export const UPLOAD_ENDPOINTS: Record<UploadKind, { path: string; field: string; family: FileFamily }> = {
  document: { path: '/documents', field: 'document', family: DOCUMENT_FILES },
  profilePicture: { path: '/account/picture', field: 'profilePicture', family: IMAGE_FILES },
  coursePicture: { path: '/courses/picture', field: 'picture', family: IMAGE_FILES },
  courseVideo: { path: '/courses/video', field: 'video', family: VIDEO_FILES },
  signature: { path: '/account/signature', field: 'signature', family: IMAGE_FILES },
  resume: { path: '/account/resume', field: 'resume', family: DOCUMENT_FILES },
  questionPicture: { path: '/v2/questions/upload/picture', field: 'picture', family: IMAGE_FILES },
  companyLogo: { path: '/companies/{id}/picture', field: 'picture', family: IMAGE_FILES },
};

/** The `accept` attribute of a file input for `kind` (extensions and MIME types). */
export function acceptOf(kind: UploadKind): string {
  const { family } = UPLOAD_ENDPOINTS[kind];
  return [...family.extensions.map((e) => `.${e}`), ...family.mimeTypes].join(',');
}

/** Why an upload failed: `tooLarge` / `badType` (client check or 413 / 415) or `failed` (anything else). */
export type UploadErrorCode = 'tooLarge' | 'badType' | 'failed';

/**
 * The error `uploadFile` rejects with. `message` is the spec's English text ('File size must be
 * less than 5 MB', 'File type must be png, jpeg', 'Failed to upload file !'); UIs translate by
 * `code` with `limit` / `accepted`. `status` is the HTTP status (0 = no answer, undefined =
 * refused on the client).
 */
export class UploadError extends Error {
  readonly code: UploadErrorCode;
  /** For `tooLarge`: the limit, e.g. '5 MB'. */
  readonly limit: string | undefined;
  /** For `badType`: the accepted types, e.g. 'png, jpeg'. */
  readonly accepted: string | undefined;
  readonly status: number | undefined;
  /** The upload was aborted through the signal. */
  readonly aborted: boolean;

  constructor(
    code: UploadErrorCode,
    details: { limit?: string; accepted?: string; status?: number; aborted?: boolean } = {},
  ) {
    super(
      code === 'tooLarge'
        ? `File size must be less than ${details.limit ?? ''}`.trim()
        : code === 'badType'
          ? `File type must be ${details.accepted ?? ''}`.trim()
          : 'Failed to upload file !',
    );
    this.name = 'UploadError';
    this.code = code;
    this.limit = details.limit;
    this.accepted = details.accepted;
    this.status = details.status;
    this.aborted = details.aborted ?? false;
  }
}

function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * Checks `file` against the family of `kind` (type by extension, else by MIME type; then size).
 * Returns null when it is acceptable, else the `UploadError` to show.
 */
export function checkFile(kind: UploadKind, file: Pick<File, 'name' | 'size' | 'type'>): UploadError | null {
  const { family } = UPLOAD_ENDPOINTS[kind];
  const ext = extensionOf(file.name);
  const typeOk = ext ? family.extensions.includes(ext) : family.mimeTypes.includes(file.type.toLowerCase());
  if (!typeOk) return new UploadError('badType', { accepted: family.label });
  if (file.size > family.maxBytes) return new UploadError('tooLarge', { limit: family.maxLabel });
  return null;
}

/** Progress of one upload: bytes sent of `total` (`percent` 0–100, whole). */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/**
 * Credentials of an XHR call, like the API client's: `getAuth` is read for every attempt, and a
 * 401 is reported to `onUnauthorized` (attempt 1, 2, …); when it resolves `true` (the auth actor
 * refreshed the token, product.md#limits) the request is sent again, at most `MAX_UNAUTHORIZED_RETRIES`
 * times, else the 401 stands.
 */
export interface XhrCredentials {
  /** Credentials (bearer token, legacy/federated header); null = send none. */
  auth?: ApiAuth | null;
  /** Current credentials, read before each attempt (wins over `auth`). */
  getAuth?: () => ApiAuth | null;
  /** Called on a 401; resolve `true` to resend with the credentials `getAuth()` returns then. */
  onUnauthorized?: (report: UnauthorizedReport) => boolean | void | Promise<boolean | void>;
}

export interface UploadOptions extends XhrCredentials {
  /** Called on every XHR upload progress event (and with 100% when the body is sent). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborts the request; the promise rejects with an `UploadError` whose `aborted` is true. */
  signal?: AbortSignal;
  /** API base URL, default `/api`. */
  baseUrl?: string;
  /** Company id, for `companyLogo` (`/companies/{id}/picture`). */
  companyId?: number;
  /** Where failures are logged (product.md#messages: "Also logged"); default `console.error`. */
  logError?: (message: string, error: unknown) => void;
  /** XMLHttpRequest constructor (tests). */
  xhr?: new () => XMLHttpRequest;
}

/** What `sendMultipart` needs: where, what, and the options shared with `uploadFile`. */
export interface MultipartRequest extends XhrCredentials {
  url: string;
  /** Builds the body (called again for a resend after a token refresh). */
  form: () => FormData;
  /** Size shown when the browser cannot compute the body's length (bytes). */
  size: number;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  xhr?: new () => XMLHttpRequest;
}

/** The answer of a multipart POST: HTTP status and the JSON body (null when empty or not JSON). */
export interface MultipartAnswer {
  status: number;
  body: unknown;
}

function sendOnce(request: MultipartRequest, auth: ApiAuth | null): Promise<MultipartAnswer> {
  const Xhr = request.xhr ?? globalThis.XMLHttpRequest;
  return new Promise<MultipartAnswer>((resolve, reject) => {
    const xhr = new Xhr();
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', request.url);
    xhr.responseType = 'text';
    if (auth) {
      xhr.setRequestHeader('Authorization', `Bearer ${auth.token}`);
      xhr.setRequestHeader('X-Auth-Legacy', auth.federated ? '0' : '1');
    }
    xhr.upload.addEventListener('progress', (event) => {
      const total = event.lengthComputable && event.total > 0 ? event.total : request.size;
      const loaded = Math.min(event.loaded, total);
      request.onProgress?.({ loaded, total, percent: total > 0 ? Math.floor((loaded / total) * 100) : 0 });
    });
    xhr.addEventListener('load', () => {
      done();
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    });
    xhr.addEventListener('error', (event) => {
      done();
      reject(Object.assign(new UploadError('failed', { status: 0 }), { cause: event }));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new UploadError('failed', { status: 0, aborted: true }));
    });
    xhr.send(request.form());
  });
}

/**
 * POSTs a multipart body over XMLHttpRequest (fetch cannot report upload progress), with the
 * bearer and `X-Auth-Legacy` headers of the API client, and the client's 401 handling (see
 * `XhrCredentials`). Resolves with any answer (status and JSON body), the caller judges it.
 * Rejects with an `UploadError` 'failed': status 0 on no answer, `aborted` true on abort.
 */
export async function sendMultipart(request: MultipartRequest): Promise<MultipartAnswer> {
  const currentAuth = () => (request.getAuth ? request.getAuth() : (request.auth ?? null));
  let auth = currentAuth();
  let answer = await sendOnce(request, auth);
  for (
    let attempt = 1;
    answer.status === 401 && request.onUnauthorized && attempt <= MAX_UNAUTHORIZED_RETRIES + 1;
    attempt++
  ) {
    const retry = await request.onUnauthorized({
      attempt,
      url: request.url,
      method: 'POST',
      token: auth?.token ?? null,
    });
    if (retry !== true || attempt > MAX_UNAUTHORIZED_RETRIES) break;
    if (request.signal?.aborted) throw new UploadError('failed', { status: 0, aborted: true });
    auth = currentAuth();
    answer = await sendOnce(request, auth);
  }
  return answer;
}

function readUpload(body: unknown): UploadResult | null {
  if (!body || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return null;
  const { id, url, type } = data as Record<string, unknown>;
  if (typeof id !== 'number' || typeof url !== 'string') return null;
  return { id, url, type: type as UploadResult['type'] };
}

/**
 * Uploads `file` to the endpoint of `kind` as multipart (field per `UPLOAD_ENDPOINTS`), with
 * `Authorization: Bearer …` and `X-Auth-Legacy` like the API client, and like it resent after a
 * token refresh when a 401 comes back (`getAuth` + `onUnauthorized`, see `XhrCredentials`).
 * Resolves with the upload's `{ id, url, type }`.
 *
 * Rejects with an `UploadError`: `badType` / `tooLarge` before anything is sent (or on a 415 /
 * 413 answer), `failed` ('Failed to upload file !') on any other failure: no answer, a status
 * outside 200–399, an unreadable body, or an abort (`aborted` true). Failures are logged.
 */
export async function uploadFile(kind: UploadKind, file: File, options: UploadOptions = {}): Promise<UploadResult> {
  const endpoint = UPLOAD_ENDPOINTS[kind];
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const refused = checkFile(kind, file);
  if (refused) throw refused;
  if (options.signal?.aborted) throw new UploadError('failed', { aborted: true });

  const path = endpoint.path.replace('{id}', String(options.companyId ?? ''));
  const fail = (error: UploadError, cause?: unknown): never => {
    if (!error.aborted) logError(`Failed to upload file ! (${kind}, ${file.name})`, cause ?? error);
    throw error;
  };
  let answer: MultipartAnswer;
  try {
    answer = await sendMultipart({
      url: `${options.baseUrl ?? '/api'}${path}`,
      size: file.size,
      form: () => {
        const form = new FormData();
        form.append(endpoint.field, file, file.name);
        return form;
      },
      ...requestOptionsOf(options),
    });
  } catch (error) {
    return fail(
      error instanceof UploadError ? error : new UploadError('failed', { status: 0 }),
      (error as { cause?: unknown }).cause ?? error,
    );
  }
  const { status, body } = answer;
  if (status >= 200 && status < 400) {
    const result = readUpload(body);
    if (!result) return fail(new UploadError('failed', { status }), body);
    options.onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
    return result;
  }
  if (status === 413) return fail(new UploadError('tooLarge', { limit: endpoint.family.maxLabel, status }), body);
  if (status === 415) return fail(new UploadError('badType', { accepted: endpoint.family.label, status }), body);
  return fail(new UploadError('failed', { status }), body);
}

/** The credential options of `options` (only those given). */
export function credentialsOf(options: XhrCredentials): XhrCredentials {
  return {
    ...(options.auth !== undefined ? { auth: options.auth } : {}),
    ...(options.getAuth ? { getAuth: options.getAuth } : {}),
    ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
  };
}

/** The options a multipart call passes on to {@link sendMultipart}. */
type PassedOn = Pick<MultipartRequest, 'onProgress' | 'signal' | 'xhr'>;

/**
 * The options of `options` that {@link sendMultipart} takes as they are: the credentials, the progress
 * callback, the abort signal and the XMLHttpRequest constructor (only those given, so that
 * `exactOptionalPropertyTypes` holds). Shared by every upload call (files, assignment submissions).
 */
export function requestOptionsOf(options: XhrCredentials & PassedOn): XhrCredentials & PassedOn {
  return {
    ...credentialsOf(options),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.xhr ? { xhr: options.xhr } : {}),
  };
}
