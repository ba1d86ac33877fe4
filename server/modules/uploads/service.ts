import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import type { Schema, TempFile } from '../../platform/handlers.js';
import type { UploadPolicy } from './policy.js';

/** Whether a multipart field is a file part. */
export function isTempFile(v: unknown): v is TempFile {
  return Boolean(v && typeof v === 'object' && 'tempPath' in v && 'sizeBytes' in v);
}

/** The contract's Upload (spec §3 upload response). */
export type UploadView = Schema<'Upload'>;

/** Detects a file's type from its bytes (`file-type`); HLS playlists (m3u8) are text starting with #EXTM3U. */
export async function detectType(path: string): Promise<{ ext: string; mime: string } | null> {
  const detected = await fileTypeFromFile(path);
  if (detected) return { ext: detected.ext, mime: detected.mime };
  const fh = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(7), 0, 7, 0);
    if (bytesRead === 7 && buffer.toString('ascii') === '#EXTM3U') return { ext: 'm3u8', mime: 'application/vnd.apple.mpegurl' };
  } finally {
    await fh.close();
  }
  return null;
}

/**
 * Stores one uploaded file after checking its size and its type by content (spec §5; limits in
 * policy.ts), and records it in `uploads`.
 * @throws 400 when no file was sent in the policy's field; 413 'File size must be less than …';
 *   415 'File type must be …'.
 */
export async function storeUpload(app: AppContext, caller: Caller, policy: UploadPolicy, file: unknown): Promise<UploadView> {
  if (!isTempFile(file)) throw badRequest('Some fields are invalid', [{ path: policy.field, message: 'is required (a file)' }]);
  if (file.sizeBytes === 0) throw badRequest('Some fields are invalid', [{ path: policy.field, message: 'is an empty file' }]);
  if (file.sizeBytes > policy.family.maxBytes) throw new HttpError(413, `File size must be less than ${policy.family.maxLabel}`);
  const type = await detectType(file.tempPath);
  if (!type || !policy.family.detected.includes(type.ext)) throw new HttpError(415, `File type must be ${policy.family.label}`);
  const ext = type.ext === 'cfb' ? 'bin' : type.ext;
  const key = `${policy.kind.toLowerCase()}/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${ext}`;
  const { url } = await app.storage.putFile(key, file.tempPath, type.mime);
  const row = await app.db
    .insertInto('uploads')
    .values({ owner_id: caller.userId, kind: policy.kind, storage_key: key, url, mime_type: type.mime, size_bytes: file.sizeBytes, original_name: file.filename.slice(0, 255) })
    .returning(['id', 'url', 'kind'])
    .executeTakeFirstOrThrow();
  return { id: row.id, url: row.url, type: row.kind };
}
