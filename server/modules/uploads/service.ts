import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, badRequest, forbidden } from '../../platform/errors.js';
import type { Schema, TempFile } from '../../platform/handlers.js';
import type { UploadPolicy } from './policy.js';

/** Whether a multipart field is a file part. */
export function isTempFile(v: unknown): v is TempFile {
  return Boolean(v && typeof v === 'object' && 'tempPath' in v && 'sizeBytes' in v);
}

/** The contract's Upload (product.md#entities upload response). */
export type UploadView = Schema<'Upload'>;

/** Detects a file's type from its bytes (`file-type`); HLS playlists (m3u8) are text starting with #EXTM3U. */
export async function detectType(path: string): Promise<{ ext: string; mime: string } | null> {
  const detected = await fileTypeFromFile(path);
  if (detected) return { ext: detected.ext, mime: detected.mime };
  const fh = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(7), 0, 7, 0);
    if (bytesRead === 7 && buffer.toString('ascii') === '#EXTM3U')
      return { ext: 'm3u8', mime: 'application/vnd.apple.mpegurl' };
  } finally {
    await fh.close();
  }
  return null;
}

const MB = 1024 * 1024;

/** Bytes of uploaded files a user keeps (sum of `uploads.size_bytes`). */
async function usedBytes(db: AppContext['db'], userId: number): Promise<number> {
  const { used } = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('used'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(used);
}

function quotaExceeded(app: AppContext, used: number): HttpError {
  const quotaMb = Math.round(app.config.uploadQuotaBytes / MB);
  return new HttpError(
    413,
    `Your files would exceed your storage quota of ${quotaMb} MB (${Math.round(used / MB)} MB used)`,
  );
}

/**
 * Stores one uploaded file after checking its size and its type by content (product.md#validation; limits in
 * policy.ts), and records it in `uploads`. Each user keeps at most `config.uploadQuotaBytes`
 * (UPLOAD_QUOTA_MB): checked before the file is stored and again, under a lock on the user's row,
 * when it is recorded (parallel uploads cannot pass it together; the stored file is then removed).
 * An account waiting for approval (PENDING educator or partner) uploads nothing.
 * @throws 403 'Your account is waiting for approval…'; 400 when no file was sent in the policy's
 *   field; 413 'File size must be less than …' or '…storage quota of N MB…'; 415 'File type must be …'.
 */
export async function storeUpload(
  app: AppContext,
  caller: Caller,
  policy: UploadPolicy,
  file: unknown,
): Promise<UploadView> {
  if (caller.status === 'PENDING')
    throw forbidden('Your account is waiting for approval: you can upload files once an admin has approved it');
  if (!isTempFile(file))
    throw badRequest('Some fields are invalid', [{ path: policy.field, message: 'is required (a file)' }]);
  if (file.sizeBytes === 0)
    throw badRequest('Some fields are invalid', [{ path: policy.field, message: 'is an empty file' }]);
  if (file.sizeBytes > policy.family.maxBytes)
    throw new HttpError(413, `File size must be less than ${policy.family.maxLabel}`);
  const type = await detectType(file.tempPath);
  if (!type || !policy.family.detected.includes(type.ext))
    throw new HttpError(415, `File type must be ${policy.family.label}`);
  const before = await usedBytes(app.db, caller.userId);
  if (before + file.sizeBytes > app.config.uploadQuotaBytes) throw quotaExceeded(app, before);
  const ext = type.ext === 'cfb' ? 'bin' : type.ext;
  const key = `${policy.kind.toLowerCase()}/${app.now().getTime().toString(36)}-${randomBytes(6).toString('hex')}.${ext}`;
  const { url } = await app.storage.putFile(key, file.tempPath, type.mime);
  let row;
  try {
    row = await app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', caller.userId).forUpdate().executeTakeFirst();
      const used = await usedBytes(trx, caller.userId);
      if (used + file.sizeBytes > app.config.uploadQuotaBytes) throw quotaExceeded(app, used);
      return trx
        .insertInto('uploads')
        .values({
          owner_id: caller.userId,
          kind: policy.kind,
          storage_key: key,
          url,
          mime_type: type.mime,
          size_bytes: file.sizeBytes,
          original_name: file.filename.slice(0, 255),
        })
        .returning(['id', 'url', 'kind'])
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    await app.storage
      .remove(key)
      .catch((e: unknown) => app.log.error({ err: e, key }, 'removing a refused upload failed'));
    throw err;
  }
  return { id: row.id, url: row.url, type: row.kind };
}
