import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/**
 * Where uploaded files live (DESIGN.md §2). One interface; the embedded default keeps files on
 * disk under `DATA_DIR/uploads`, served at `/uploads/…`. An S3-compatible adapter (issue 3) is
 * not built yet; it will implement the same two methods.
 */
export interface FileStorage {
  /**
   * Moves a finished temporary file into storage under `key` (e.g. `coursepicture/12-ab12.png`).
   * @returns the public URL of the stored file.
   */
  putFile(key: string, tempPath: string, contentType: string): Promise<{ url: string }>;
  /** Removes a stored file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

/** Disk storage under `root`, public under `urlPrefix` (served by @fastify/static). */
export class DiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly urlPrefix = '/uploads/',
  ) {}

  private pathOf(key: string): string {
    const clean = normalize(key).replace(/^(\.\.(\/|\\|$))+/, '');
    if (clean.startsWith('/') || clean.includes('..')) throw new Error(`invalid storage key ${key}`);
    return join(this.root, clean);
  }

  async putFile(key: string, tempPath: string): Promise<{ url: string }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(tempPath, target);
    } catch {
      await copyFile(tempPath, target); // across file systems
    }
    return { url: this.urlPrefix + key };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
