import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { UPLOAD_POLICIES } from './policy.js';
import { storeUpload } from './service.js';

const P = UPLOAD_POLICIES;

/**
 * Handlers of the Uploads operations (openapi/halaqa.yaml tag Uploads; product.md#calls "Uploads"): each
 * stores one file of its policy (kind, family, size; server/modules/uploads/policy.ts) and answers
 * 201 `{id, url, type}`.
 */
export const uploadsHandlers = {
  uploadDocument: async ({ app, caller, body }) => ({
    status: 201,
    data: await storeUpload(app, requireCaller(caller), P.uploadDocument, body.document),
  }),
  uploadProfilePicture: async ({ app, caller, body }) => ({
    status: 201,
    data: await storeUpload(app, requireCaller(caller), P.uploadProfilePicture, body.profilePicture),
  }),
  uploadCoursePicture: async ({ app, caller, body }) => ({
    status: 201,
    data: await storeUpload(app, requireCaller(caller), P.uploadCoursePicture, body.picture),
  }),
  uploadCourseVideo: async ({ app, caller, body }) => ({
    status: 201,
    data: await storeUpload(app, requireCaller(caller), P.uploadCourseVideo, body.video),
  }),
  uploadSignature: async ({ app, caller, body }) => ({
    status: 201,
    data: await storeUpload(app, requireCaller(caller), P.uploadSignature, body.signature),
  }),
  uploadResume: async ({ app, caller, body }) => ({
    status: 201,
    data: await storeUpload(app, requireCaller(caller), P.uploadResume, body.resume),
  }),
  uploadQuestionPicture: async ({ app, caller, body }) => ({
    status: 201,
    data: await storeUpload(app, requireCaller(caller), P.uploadQuestionPicture, body.picture),
  }),
} satisfies HandlerTable;
