import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes the partial files of uploads cut off before this start (DATA_DIR/tmp). With the embedded
 * database the directory is this server's alone (main.ts holds DATA_DIR's lock): all go. With
 * DATABASE_URL several instances may share a DATA_DIR, so only files untouched for an hour go
 * (a file being received is written to continuously).
 */
export async function removeLeftoverTempFiles(tmpDir: string, { exclusive }: { exclusive: boolean }): Promise<void> {
  const cutoff = Date.now() - 3600_000;
  for (const name of await readdir(tmpDir)) {
    const path = join(tmpDir, name);
    if (!exclusive) {
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs > cutoff) continue;
    }
    await rm(path, { recursive: true, force: true });
  }
}
