// Shared setup of the S3 storage tests: a local S3 (s3rver) per test file, settings and file helpers.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type S3StorageConfig } from '../../server/config.js';

/** The bucket s3rver creates, and a mebibyte. */
export const BUCKET = 'halaqa-test';
export const MiB = 1024 * 1024;

let s3rver: S3rver;
/** s3rver's directory, its address, and a work directory for temporary files. */
export let s3Dir: string;
export let endpoint: string;
export let work: string;

/** The environment that selects the s3 driver against the local emulator. */
export function s3Env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...extra,
  };
}

/** The S3 settings against the local emulator. */
export function s3Config(extra: Record<string, string> = {}): S3StorageConfig {
  const storage = loadConfig({ ...s3Env(extra), JWT_SECRET: 'x'.repeat(40), DATA_DIR: work }).storage;
  if (storage.driver !== 's3') throw new Error('expected the s3 driver');
  return storage;
}

/** Writes `content` to a new temporary file (what the multipart parser hands to putFile). */
export function tempFile(content: Buffer): string {
  const path = join(work, `tmp-${randomBytes(6).toString('hex')}`);
  writeFileSync(path, content);
  return path;
}

/** Reads a stream to its end. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** The SHA-256 of `b`, in hex. */
export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Starts s3rver (a local S3) with the bucket before the tests of the file that calls it, and removes
 * it after. Each test file calls it: vitest runs the files without isolation, so hooks at this
 * module's top level would reach only the first file that imports it.
 */
export function useS3rver() {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'halaqa-s3-work-'));
    s3Dir = mkdtempSync(join(tmpdir(), 'halaqa-s3rver-'));
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await s3rver?.close();
    rmSync(s3Dir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });
}
