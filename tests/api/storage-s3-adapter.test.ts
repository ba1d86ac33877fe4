import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ConfigError, loadConfig, type S3StorageConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { DiskStorage } from '../../server/platform/storage.js';
import { S3Storage } from '../../server/platform/storage-s3.js';
import { PNG_1PX } from './harness.js';
import {
  BUCKET,
  endpoint,
  MiB,
  readAll,
  s3Config,
  s3Env,
  sha,
  tempFile,
  useS3rver,
  work,
} from './storage-s3-shared.js';

useS3rver();

describe('storage configuration (STORAGE_DRIVER, S3_*)', () => {
  const base = { JWT_SECRET: 'x'.repeat(40) };
  const load = (env: Record<string, string>) => loadConfig({ ...base, DATA_DIR: work, ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return { variable: (err as ConfigError).variable, message: (err as Error).message };
    }
    throw new Error('expected a ConfigError');
  };

  it('uses the disk by default, and S3 when S3_BUCKET is set or STORAGE_DRIVER=s3', () => {
    expect(load({}).storage).toEqual({ driver: 'disk' });
    expect(load({ STORAGE_DRIVER: 'disk', S3_BUCKET: 'ignored' }).storage).toEqual({ driver: 'disk' });
    expect(load({ S3_BUCKET: 'uploads', S3_REGION: 'eu-west-1' }).storage).toEqual({
      driver: 's3',
      bucket: 'uploads',
      region: 'eu-west-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
      publicBaseUrl: null,
    });
    expect(load({ ...s3Env(), S3_PUBLIC_BASE_URL: 'https://cdn.example.com/files/' }).storage).toEqual({
      driver: 's3',
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      publicBaseUrl: 'https://cdn.example.com/files',
    });
    expect((load({ ...s3Env(), S3_FORCE_PATH_STYLE: 'false' }).storage as S3StorageConfig).forcePathStyle).toBe(false);
  });

  it('stops the start with a message naming the variable when the s3 settings are missing or wrong', () => {
    expect(refusal({ STORAGE_DRIVER: 's3' })).toEqual({
      variable: 'S3_BUCKET',
      message: 'Configuration error: S3_BUCKET is required when STORAGE_DRIVER=s3 (the name of an existing bucket)',
    });
    expect(refusal({ STORAGE_DRIVER: 'gcs' }).message).toBe(
      'Configuration error: STORAGE_DRIVER must be disk or s3, got "gcs"',
    );
    expect(refusal({ S3_BUCKET: 'uploads' }).variable).toBe('S3_REGION');
    expect(refusal({ S3_BUCKET: 'Bad_Bucket', S3_REGION: 'eu-west-1' }).variable).toBe('S3_BUCKET');
    expect(refusal({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio:9000' }).variable).toBe('S3_ENDPOINT');
    expect(refusal({ ...s3Env(), S3_SECRET_ACCESS_KEY: '' }).variable).toBe('S3_SECRET_ACCESS_KEY');
    expect(refusal({ ...s3Env(), S3_ACCESS_KEY_ID: '' }).variable).toBe('S3_ACCESS_KEY_ID');
    expect(refusal({ ...s3Env(), S3_FORCE_PATH_STYLE: 'maybe' }).variable).toBe('S3_FORCE_PATH_STYLE');
    expect(refusal({ ...s3Env(), S3_PUBLIC_BASE_URL: 'cdn.example.com' }).variable).toBe('S3_PUBLIC_BASE_URL');
  });

  it('refuses to start the app when the bucket does not exist or the service is unreachable', async () => {
    const handle = await openDatabase({ kind: 'pglite', dir: null });
    try {
      const missing = loadConfig({ ...base, DATA_DIR: work, WEB_DIR: '', ...s3Env({ S3_BUCKET: 'no-such-bucket' }) });
      await expect(buildApp({ config: missing, db: handle.db, logger: false })).rejects.toThrow(
        `Configuration error: S3_BUCKET "no-such-bucket" cannot be used at ${endpoint}: the bucket does not exist`,
      );
      const closed = loadConfig({
        ...base,
        DATA_DIR: work,
        WEB_DIR: '',
        ...s3Env({ S3_ENDPOINT: 'http://127.0.0.1:1' }),
      });
      await expect(buildApp({ config: closed, db: handle.db, logger: false })).rejects.toThrow(
        /^Configuration error: S3_BUCKET "halaqa-test" cannot be used at http:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/,
      );
    } finally {
      await handle.close();
    }
  }, 60_000); // the SDK retries a refused connection 3 times with back-off (~3.5 s); two in-memory databases start first
});

describe('S3Storage (against s3rver)', () => {
  let storage: S3Storage;
  beforeAll(() => {
    storage = new S3Storage(s3Config());
  });
  afterAll(() => storage.close());

  it('puts, reads and deletes a file, keeping its content type; the temporary file is consumed', async () => {
    const temp = tempFile(PNG_1PX);
    const put = await storage.putFile('coursepicture/round-trip.png', temp, 'image/png');
    expect(put).toEqual({ url: '/uploads/coursepicture/round-trip.png', parts: 0 });
    expect(existsSync(temp)).toBe(false);

    const info = await storage.head('coursepicture/round-trip.png');
    expect(info).toMatchObject({ contentType: 'image/png', sizeBytes: PNG_1PX.length });
    expect(info!.etag).toBe(`"${createHash('md5').update(PNG_1PX).digest('hex')}"`);
    const read = await storage.read('coursepicture/round-trip.png');
    if (read.status !== 200) throw new Error(`expected 200, got ${read.status}`);
    expect(read).toMatchObject({ contentType: 'image/png', contentLength: PNG_1PX.length, contentRange: null });
    expect((await readAll(read.body)).equals(PNG_1PX)).toBe(true);

    // replacing: the same key gets the new bytes and type
    await storage.putFile('coursepicture/round-trip.png', tempFile(Buffer.from('%PDF-1.4\n')), 'application/pdf');
    expect(await storage.head('coursepicture/round-trip.png')).toMatchObject({
      contentType: 'application/pdf',
      sizeBytes: 9,
    });

    await storage.remove('coursepicture/round-trip.png');
    expect(await storage.head('coursepicture/round-trip.png')).toBeNull();
    expect(await storage.read('coursepicture/round-trip.png')).toEqual({ status: 404 });
  });

  it('streams a 12 MB file as a multipart upload (8 MiB parts) and reads it back byte for byte and by range', async () => {
    const big = randomBytes(12 * 1000 * 1000);
    const put = await storage.putFile('coursevideo/big.mp4', tempFile(big), 'video/mp4');
    expect(put.parts).toBe(2); // 8 MiB + the remaining ~3.4 MiB
    const read = await storage.read('coursevideo/big.mp4');
    if (read.status !== 200) throw new Error(`expected 200, got ${read.status}`);
    expect(read.contentType).toBe('video/mp4');
    expect(read.contentLength).toBe(big.length);
    expect(sha(await readAll(read.body))).toBe(sha(big));

    const part = await storage.read('coursevideo/big.mp4', { range: `bytes=${9 * MiB}-${9 * MiB + 99}` });
    if (part.status !== 206) throw new Error(`expected 206, got ${part.status}`);
    expect(part.contentRange).toBe(`bytes ${9 * MiB}-${9 * MiB + 99}/${big.length}`);
    expect(part.sizeBytes).toBe(big.length);
    expect((await readAll(part.body)).equals(big.subarray(9 * MiB, 9 * MiB + 100))).toBe(true);
    expect(await storage.read('coursevideo/big.mp4', { range: `bytes=${big.length + 10}-` })).toEqual({
      status: 416,
      sizeBytes: big.length,
    });
    await storage.remove('coursevideo/big.mp4');
  });

  it('treats a missing object as the disk adapter treats a missing file: removing it is not an error, reading finds nothing', async () => {
    const disk = new DiskStorage(join(work, 'disk-uploads'));
    await expect(disk.remove('submissions/never-stored.pdf')).resolves.toBeUndefined();
    await expect(storage.remove('submissions/never-stored.pdf')).resolves.toBeUndefined();
    expect(await storage.read('submissions/never-stored.pdf')).toEqual({ status: 404 });
    expect(await storage.head('submissions/never-stored.pdf')).toBeNull();
  });

  it('refuses keys that are absolute or climb out with "..", like the disk adapter', async () => {
    const disk = new DiskStorage(join(work, 'disk-uploads'));
    for (const key of ['../escape.png', '/abs.png', 'a/../../b.png']) {
      await expect(disk.putFile(key, tempFile(PNG_1PX), 'image/png')).rejects.toThrow(`invalid storage key ${key}`);
      await expect(storage.putFile(key, tempFile(PNG_1PX), 'image/png')).rejects.toThrow(`invalid storage key ${key}`);
    }
    expect(await storage.read('../escape.png')).toEqual({ status: 404 });
  });

  it('keeps the temporary file and explains when the upload fails', async () => {
    const broken = new S3Storage({ ...s3Config(), bucket: 'no-such-bucket' });
    const temp = tempFile(PNG_1PX);
    try {
      await expect(broken.putFile('coursepicture/x.png', temp, 'image/png')).rejects.toThrow(
        /^S3 upload of coursepicture\/x\.png failed: NoSuchBucket/,
      );
      expect(existsSync(temp)).toBe(true);
    } finally {
      broken.close();
    }
  });
});
