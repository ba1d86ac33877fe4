import type { UploadKind } from '../../db/types.js';

/** A family of accepted files (product.md#validation "Accepted kinds"), by detected content, never by name. */
export interface FileFamily {
  /** Extensions as detected by `file-type` from the bytes ('cfb' = legacy Office: doc, xls, ppt). */
  detected: string[];
  /** What the user is told: 'File type must be …'. */
  label: string;
  /** Largest accepted size in bytes. */
  maxBytes: number;
  /** How the limit reads in 'File size must be less than …'. */
  maxLabel: string;
}

const MB = 1024 * 1024;

/** Images: png, jpeg — 5 MB. */
export const IMAGES: FileFamily = { detected: ['png', 'jpg'], label: 'png, jpeg', maxBytes: 5 * MB, maxLabel: '5 MB' };
/** Documents: pdf, doc, docx, xls, xlsx, ppt, pptx and zip archives — 20 MB. */
export const DOCUMENTS: FileFamily = {
  detected: ['pdf', 'cfb', 'docx', 'xlsx', 'pptx', 'zip'],
  label: 'pdf, doc, docx, xls, xlsx, ppt, pptx, zip',
  maxBytes: 20 * MB,
  maxLabel: '20 MB',
};
/** Videos: ogv, webm, mp4, mpeg, avi, wmv, flv, m3u8, mov — 1 GB, streamed to storage. */
export const VIDEOS: FileFamily = {
  detected: ['ogv', 'ogg', 'webm', 'mp4', 'm4v', 'mpg', 'avi', 'asf', 'flv', 'mov', 'qt', 'm3u8'],
  label: 'ogv, webm, mp4, mpeg, avi, wmv, flv, m3u8, mov',
  maxBytes: 1024 * MB,
  maxLabel: '1 GB',
};

/** What each upload operation accepts: its form field, upload kind and file family. */
export interface UploadPolicy {
  field: string;
  kind: UploadKind;
  family: FileFamily;
}

/** Upload operations of product.md#calls (and the company picture) by operationId. */
export const UPLOAD_POLICIES: Record<string, UploadPolicy> = {
  uploadCoursePicture: { field: 'picture', kind: 'COURSEPICTURE', family: IMAGES },
  uploadCourseVideo: { field: 'video', kind: 'COURSEVIDEO', family: VIDEOS },
  uploadDocument: { field: 'document', kind: 'LESSON', family: DOCUMENTS },
  uploadProfilePicture: { field: 'profilePicture', kind: 'PROFILEPICTURE', family: IMAGES },
  uploadSignature: { field: 'signature', kind: 'SIGNATURE', family: IMAGES },
  uploadResume: { field: 'resume', kind: 'RESUME', family: DOCUMENTS },
  uploadQuestionPicture: { field: 'picture', kind: 'QUESTIONPICTURE', family: IMAGES },
  uploadCompanyPicture: { field: 'picture', kind: 'COMPANYLOGO', family: IMAGES },
};

/** The largest file any multipart operation accepts (the parser's hard limit). */
export const MAX_UPLOAD_BYTES = VIDEOS.maxBytes;
