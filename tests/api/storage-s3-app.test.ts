import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import type { Database } from '../../server/db/types.js';
import { hashPassword } from '../../server/platform/passwords.js';
import { DEMO_PASSWORD, multipart, PNG_1PX } from './harness.js';
import { BUCKET, s3Dir, s3Env, sha, useS3rver } from './storage-s3-shared.js';

useS3rver();

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
