import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ConfigError, loadConfig, type Config, type S3StorageConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import type { Database } from '../../server/db/types.js';
import { hashPassword } from '../../server/platform/passwords.js';
import { DiskStorage } from '../../server/platform/storage.js';
import { S3Storage } from '../../server/platform/storage-s3.js';
import { DEMO_PASSWORD, multipart, PNG_1PX } from './harness.js';

const BUCKET = 'halaqa-test';
const MiB = 1024 * 1024;

let s3rver: S3rver;
let s3Dir: string;
let endpoint: string;
let work: string;

/** The environment that selects the s3 driver against the local emulator. */
function s3Env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...extra,
  };
}

function s3Config(extra: Record<string, string> = {}): S3StorageConfig {
  const storage = loadConfig({ ...s3Env(extra), JWT_SECRET: 'x'.repeat(40), DATA_DIR: work }).storage;
  if (storage.driver !== 's3') throw new Error('expected the s3 driver');
  return storage;
}

/** Writes `content` to a new temporary file (what the multipart parser hands to putFile). */
function tempFile(content: Buffer): string {
  const path = join(work, `tmp-${randomBytes(6).toString('hex')}`);
  writeFileSync(path, content);
  return path;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

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

/** An app on a fresh seeded database with the given storage settings (like harness.startTestApp, which has no env option). */
async function startApp(
  env: Record<string, string>,
  dataDir: string,
  handle: DatabaseHandle,
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    WEB_DIR: '',
    ...env,
  });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.ready();
  return { app, config };
}

describe('uploads through the app with STORAGE_DRIVER=s3', () => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let dataDir: string;
  let schema: string | null = null;
  const pgUrl = process.env.HALAQA_TEST_DATABASE_URL;

  beforeAll(async () => {
    schema = pgUrl ? `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : null;
    handle = await openDatabase(
      pgUrl ? { kind: 'postgres', url: pgUrl, schema: schema! } : { kind: 'pglite', dir: null },
    );
    db = handle.db;
    await migrateToLatest(db, handle.schema);
    await seedDemoData(db, { uploadsDir: null, hashPassword });
    dataDir = mkdtempSync(join(tmpdir(), 'halaqa-s3-app-'));
    ({ app } = await startApp(s3Env(), dataDir, handle));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl && schema) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    }
  });

  async function educatorToken(): Promise<Record<string, string>> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'educator@halaqa.test', password: DEMO_PASSWORD },
    });
    return { authorization: `Bearer ${res.json().data.token}`, 'x-auth-legacy': '1' };
  }

  async function upload(url: string, field: string, file: { filename: string; contentType: string; content: Buffer }) {
    const form = multipart({}, { [field]: file });
    return app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, ...(await educatorToken()) },
    });
  }

  it('stores a course picture in the bucket (not on disk) and serves the same bytes at its /uploads URL', async () => {
    const res = await upload('/api/courses/picture', 'picture', {
      filename: 'cover.png',
      contentType: 'image/png',
      content: PNG_1PX,
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/coursepicture\/.+\.png$/);
    expect(existsSync(join(dataDir, url))).toBe(false);
    const key = url.slice('/uploads/'.length);
    expect(readFileSync(join(s3Dir, BUCKET, `${key}._S3rver_object`)).equals(PNG_1PX)).toBe(true);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(PNG_1PX.length));
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${createHash('md5').update(PNG_1PX).digest('hex')}"`);

    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG_1PX.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('streams a 12 MB course video through multipart upload and serves it whole and by byte range', async () => {
    const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
    const video = Buffer.concat([head, randomBytes(12 * 1000 * 1000 - head.length)]);
    const res = await upload('/api/courses/video', 'video', {
      filename: 'intro.mp4',
      contentType: 'video/mp4',
      content: video,
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/coursevideo\/.+\.mp4$/);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['content-length']).toBe(String(video.length));
    expect(sha(served.rawPayload)).toBe(sha(video));

    const ranged = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-15' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-15/${video.length}`);
    expect(ranged.rawPayload.equals(video.subarray(0, 16))).toBe(true);
    const outside = await app.inject({ method: 'GET', url, headers: { range: `bytes=${video.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);
  }, 60_000);

  it('answers a missing upload exactly as the disk driver does (404 "Not found")', async () => {
    const diskDir = mkdtempSync(join(tmpdir(), 'halaqa-disk-app-'));
    const disk = await startApp({}, diskDir, handle);
    try {
      const fromDisk = await disk.app.inject({ method: 'GET', url: '/uploads/coursepicture/missing.png' });
      const fromS3 = await app.inject({ method: 'GET', url: '/uploads/coursepicture/missing.png' });
      expect(fromDisk.statusCode).toBe(404);
      expect(fromS3.statusCode).toBe(fromDisk.statusCode);
      expect(fromS3.json()).toEqual(fromDisk.json());
      expect((await app.inject({ method: 'HEAD', url: '/uploads/coursepicture/missing.png' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/uploads/..%2f..%2fetc/passwd' })).statusCode).toBe(404);
    } finally {
      await disk.app.close();
      rmSync(diskDir, { recursive: true, force: true });
    }
  });

  it('with the SPA served, a missing upload answers 404 under either driver (never the SPA page), and the app routes still work', async () => {
    const web = mkdtempSync(join(tmpdir(), 'halaqa-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Halaqa</title>');
    const dirs = [mkdtempSync(join(tmpdir(), 'halaqa-spa-disk-')), mkdtempSync(join(tmpdir(), 'halaqa-spa-s3-'))];
    const apps = [
      await startApp({ WEB_DIR: web }, dirs[0], handle),
      await startApp({ ...s3Env(), WEB_DIR: web }, dirs[1], handle),
    ];
    try {
      for (const { app: a } of apps) {
        const missing = await a.inject({ method: 'GET', url: '/uploads/coursepicture/missing.png' });
        expect(missing.statusCode).toBe(404);
        expect(missing.body).not.toContain('<title>Halaqa</title>');
        const page = await a.inject({ method: 'GET', url: '/courses' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toBe('<!doctype html><title>Halaqa</title>');
        expect((await a.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
    } finally {
      for (const { app: a } of apps) await a.close();
      for (const d of [...dirs, web]) rmSync(d, { recursive: true, force: true });
    }
  });

  it("still serves files kept on disk (the seed's demo covers, files from before the switch)", async () => {
    mkdirSync(join(dataDir, 'uploads', 'demo'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'demo', 'course-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await app.inject({ method: 'GET', url: '/uploads/demo/course-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('redirects to S3_PUBLIC_BASE_URL/<key> when a public base is configured; the stored URL stays /uploads/…', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halaqa-s3-public-'));
    const pub = await startApp(s3Env({ S3_PUBLIC_BASE_URL: 'https://cdn.example.com/halaqa/' }), dir, handle);
    try {
      const signin = await pub.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'educator@halaqa.test', password: DEMO_PASSWORD },
      });
      const form = multipart({}, { picture: { filename: 'a.png', contentType: 'image/png', content: PNG_1PX } });
      const res = await pub.app.inject({
        method: 'POST',
        url: '/api/courses/picture',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${signin.json().data.token}`, 'x-auth-legacy': '1' },
      });
      expect(res.statusCode).toBe(201);
      const url = res.json().data.url as string;
      expect(url).toMatch(/^\/uploads\/coursepicture\//);
      const served = await pub.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(302);
      expect(served.headers.location).toBe(`https://cdn.example.com/halaqa/${url.slice('/uploads/'.length)}`);

      // A private kind (a résumé) never goes to the public CDN: streamed from the bucket to a valid
      // signed link only, never cached (docs/storage.md "Private files").
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const resumeForm = multipart(
        {},
        { resume: { filename: 'cv.pdf', contentType: 'application/pdf', content: pdf } },
      );
      const resume = await pub.app.inject({
        method: 'POST',
        url: '/api/account/resume',
        payload: resumeForm.payload,
        headers: { ...resumeForm.headers, authorization: `Bearer ${signin.json().data.token}`, 'x-auth-legacy': '1' },
      });
      expect(resume.statusCode).toBe(201);
      const signed = resume.json().data.url as string;
      expect(signed).toMatch(/^\/uploads\/resume\/[^?]+\?exp=\d+&sig=[\w-]+$/);
      const streamed = await pub.app.inject({ method: 'GET', url: signed });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.headers.location).toBeUndefined();
      expect(streamed.headers['cache-control']).toBe('private, no-store');
      expect(streamed.rawPayload.equals(pdf)).toBe(true);
      const bare = await pub.app.inject({ method: 'GET', url: signed.split('?')[0]! });
      expect(bare.statusCode).toBe(403);
      expect(bare.headers.location).toBeUndefined();
    } finally {
      await pub.app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
