import { type AnyEventObject, fromCallback, fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import { defaultCourseValues, fromEditorData } from './course-editor.form';
import { toCourseFormData } from './course-editor.form-data';
import type { Schema } from './support/contract';
import type {
  CourseEditorEvent,
  LoadedEditor,
  SaveCourseInput,
  SavedCourseResult,
  UploadField,
  UploadRequest,
} from './course-editor.machine';

/** The upload endpoints of the course form's files (product.md#calls), named as `src/lib/api/upload.ts` names them. */
export type CourseUploadKind = 'coursePicture' | 'courseVideo';

/** Which upload endpoint each form field uses (product.md#calls). */
const UPLOAD_KINDS: Record<UploadField, CourseUploadKind> = { picture: 'coursePicture', video: 'courseVideo' };

/**
 * Sends one file (XHR, with the caller's credentials) and resolves with the stored upload
 * `{ id, url }`. Reports bytes sent through `onProgress`; `signal` aborts it. Rejects with an
 * error carrying `code` ('tooLarge' | 'badType' | 'failed') and, when known, `limit` (e.g. '5 MB'),
 * `accepted` (e.g. 'png, jpeg') and `status` (HTTP; 0 = no answer) — `uploadFile` of
 * src/lib/api/upload.ts bound to the auth actor's credentials is the app's implementation.
 */
export type CourseUpload = (
  kind: CourseUploadKind,
  file: File,
  options: { signal: AbortSignal; onProgress: (progress: { loaded: number; total: number }) => void },
) => Promise<{ id: number; url: string }>;

export interface CourseEditorActorOptions {
  /** The upload function (the app binds `uploadFile` to its credentials; tests fake it). */
  upload: CourseUpload;
}

/** The `code`, `limit`, `accepted` and `status` of what an upload rejected with (anything else: 'failed'). */
function uploadFailureOf(error: unknown): {
  code: 'tooLarge' | 'badType' | 'failed';
  limit?: string;
  accepted?: string;
  status?: number;
} {
  const e = (error && typeof error === 'object' ? error : {}) as {
    code?: unknown;
    limit?: unknown;
    accepted?: unknown;
    status?: unknown;
  };
  if (e.code !== 'tooLarge' && e.code !== 'badType' && e.code !== 'failed') return { code: 'failed' };
  return {
    code: e.code,
    ...(typeof e.limit === 'string' && e.limit ? { limit: e.limit } : {}),
    ...(typeof e.accepted === 'string' && e.accepted ? { accepted: e.accepted } : {}),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
  };
}

/**
 * The course-editor machine's actors over the generated client:
 *
 *   useActorRef(courseEditorMachine.provide({ actors: createCourseEditorActors(api, { upload }) }), { input })
 *
 * - `loadEditorData`: `GET /courses/categories`, `/languages`, `/skills`, `/lessons/types`,
 *   `/timezones/us` and, when editing, `GET /courses/{id}/edit`, in parallel; the form's values come
 *   from the course (`fromEditorData`) or the new-course defaults. Rejects with an `ApiError`
 *   (404: no such course, or not the caller's).
 * - `uploadFile`: `POST /courses/picture` or `/courses/video` over XHR; sends back
 *   `upload.progressed {loaded, total}` (bytes), then `upload.succeeded {upload}` or
 *   `upload.failed {error: {code, limit?, accepted?, status?}}`; stopping it aborts the request.
 * - `saveCourse`: `POST /courses` (`?id=` when updating) with the multipart payload of product.md#entities
 *   (`toCourseFormData`), then `GET /courses/{id}/edit` for the lesson ids as saved (null when
 *   that fails); resolves with the course id, status and saved syllabus; rejects with an
 *   `ApiError` (400 field errors, normalised) when the save fails.
 */
export function createCourseEditorActors(api: Api, options: CourseEditorActorOptions) {
  const { upload } = options;
  return {
    loadEditorData: fromPromise<LoadedEditor, { courseId: number | null }>(async ({ input }) => {
      const [categories, languages, skills, lessonTypes, timezones, course] = await Promise.all([
        api.GET('/courses/categories').then(unwrap),
        api.GET('/languages').then(unwrap),
        api.GET('/skills').then(unwrap),
        api.GET('/lessons/types').then(unwrap),
        api.GET('/timezones/us').then(unwrap),
        input.courseId === null
          ? Promise.resolve(null)
          : api.GET('/courses/{id}/edit', { params: { path: { id: input.courseId } } }).then(unwrap),
      ]);
      return {
        reference: {
          categories: categories.map(({ id, name, nameAr }) => ({ id, name, nameAr })),
          languages,
          skills,
          lessonTypes,
          timezones,
        },
        course: course ? { id: course.id, status: course.status, moderationMessage: course.moderationMessage } : null,
        values: course ? fromEditorData(course) : defaultCourseValues(),
      };
    }),

    uploadFile: fromCallback<AnyEventObject, UploadRequest>(({ input, sendBack }) => {
      const controller = new AbortController();
      const send = (event: CourseEditorEvent) => {
        if (!controller.signal.aborted) sendBack(event);
      };
      upload(UPLOAD_KINDS[input.field], input.file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => send({ type: 'upload.progressed', loaded, total }),
      }).then(
        (result) => send({ type: 'upload.succeeded', upload: { id: result.id, url: result.url } }),
        (error: unknown) => {
          const e = uploadFailureOf(error);
          send({
            type: 'upload.failed',
            error: {
              code:
                e.code === 'tooLarge' ? 'upload.tooLarge' : e.code === 'badType' ? 'upload.badType' : 'upload.failed',
              ...(e.limit ? { limit: e.limit } : {}),
              ...(e.accepted ? { accepted: e.accepted } : {}),
              ...(e.status !== undefined ? { status: e.status } : {}),
            },
          });
        },
      );
      return () => controller.abort();
    }),

    saveCourse: fromPromise<SavedCourseResult, SaveCourseInput>(async ({ input }) => {
      const form = toCourseFormData(input.values, { action: input.action, companyId: input.companyId });
      const result = await api.POST('/courses', {
        params: { query: input.courseId === null ? {} : { id: input.courseId } },
        // The typed body is the CourseForm object; the multipart FormData is what is sent.
        body: form as unknown as Schema<'CourseForm'>,
        bodySerializer: () => form,
      });
      const saved = unwrap(result);
      // The lesson ids as saved (for the "Edit content" links); the save stands if this fails.
      const savedSyllabus = await api
        .GET('/courses/{id}/edit', { params: { path: { id: saved.course.id } } })
        .then((r) => fromEditorData(unwrap(r)).syllabus)
        .catch(() => null);
      return {
        courseId: saved.course.id,
        status: saved.course.status,
        created: input.courseId === null,
        savedSyllabus,
      };
    }),
  };
}
