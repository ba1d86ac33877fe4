import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';

/**
 * Where uploaded files live (architecture.md). One interface, two adapters chosen by `STORAGE_DRIVER`
 * (server/config.ts): {@link DiskStorage} (the embedded default, files under `DATA_DIR/uploads`)
 * and `S3Storage` (server/platform/storage-s3.ts, any S3-compatible bucket). Either way the stored
 * URL is `/uploads/<key>`, served by the app (server/app.ts; docs/storage.md).
 */
export interface FileStorage {
  /**
   * Moves a finished temporary file into storage under `key` (e.g. `coursepicture/12-ab12.png`);
   * an existing file under the same key is replaced. The temporary file is moved or deleted: the
   * caller must not use it afterwards.
   * @param contentType the MIME type detected from the file's bytes (kept by adapters that store it)
   * @returns the public URL of the stored file (`/uploads/<key>`).
   * @throws Error `invalid storage key` for a key that is absolute or climbs out with `..`; the
   *   adapter's I/O error when the file cannot be written (the temporary file is then left in place).
   */
  putFile(key: string, tempPath: string, contentType: string): Promise<{ url: string }>;
  /**
   * Removes a stored file; a missing file is not an error.
   * @throws Error `invalid storage key` as putFile; the adapter's I/O error.
   */
  remove(key: string): Promise<void>;
  /**
   * The bytes of a stored file (small files only: signatures for certificates), or null when it is
   * missing or the key is invalid.
   * @throws the adapter's I/O error for other failures.
   */
  readBytes(key: string): Promise<Buffer | null>;
}

/**
 * Checks and normalises a storage key: a relative, `/`-separated path such as
 * `coursepicture/12-ab12.png` (no leading `/`, no `..` segment, not empty).
 * @returns the normalised key (`a//b` → `a/b`, `./a` → `a`).
 * @throws Error `invalid storage key …` otherwise.
 */
export function checkStorageKey(key: string): string {
  const clean = posix.normalize(key.replace(/\\/g, '/'));
  if (!key || clean === '.' || clean.startsWith('/') || clean.split('/').includes('..') || clean.includes('\0')) {
    throw new Error(`invalid storage key ${key}`);
  }
  return clean;
}

/** Disk storage under `root`, public under `urlPrefix` (served by @fastify/static). */
export class DiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly urlPrefix = '/uploads/',
  ) {}

  private pathOf(key: string): string {
    return join(this.root, checkStorageKey(key));
  }

  /** See {@link FileStorage.putFile}; the content type is not kept (the static route infers it from the extension). */
  async putFile(key: string, tempPath: string, _contentType?: string): Promise<{ url: string }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(tempPath, target);
    } catch {
      await copyFile(tempPath, target); // across file systems
      await rm(tempPath, { force: true });
    }
    return { url: this.urlPrefix + key };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async readBytes(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }
}
