import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { countRows, PNG_1PX, startTestApp, type FilePart, type TestApp, uploadAs } from './harness.js';

/**
 * "Nothing lost, nobody in" #screens: partial upload files do not stay in DATA_DIR/tmp (aborted request,
 * restart), each user has a storage quota (UPLOAD_QUOTA_MB), an account waiting for approval uploads
 * nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

const tmpDir = () => join(t.config.dataDir, 'tmp');
const png = { picture: { filename: 'cover.png', contentType: 'image/png', content: PNG_1PX } };

const upload = (url: string, email: string, files: Record<string, FilePart>) => uploadAs(t, url, email, files);

async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('temporary files of uploads', () => {
  it('removes the partial file of an upload whose client went away mid-file', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.tokenFor('educator@halaqa.test');
    const boundary = '----halaqa-abort';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const req = request(`${address}/api/courses/video`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-auth-legacy': '1',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 5 * 1024 * 1024 + 100), // promised, never sent whole
      },
    });
    req.on('error', () => {}); // the socket is destroyed on purpose
    req.write(head);
    req.write(Buffer.alloc(512 * 1024, 1));
    // The server is writing the part to DATA_DIR/tmp…
    await waitFor(() => readdirSync(tmpDir()).length > 0, 'the partial file');
    // …when the client goes away.
    req.destroy();
    await waitFor(() => readdirSync(tmpDir()).length === 0, 'DATA_DIR/tmp to be empty again');
    expect(readdirSync(tmpDir())).toEqual([]);
  });

  it('empties DATA_DIR/tmp at start (files of uploads cut off by a crash)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-tmp-'));
    mkdirSync(join(dataDir, 'tmp'));
    for (const name of ['1700000000000-aaaa', '1700000000001-bbbb'])
      writeFileSync(join(dataDir, 'tmp', name), Buffer.alloc(1024));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      WEB_DIR: '',
    });
    const app = await buildApp({ config, db: t.db, logger: false });
    try {
      expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('removes the temporary file of a completed upload', async () => {
    expect((await upload('/api/courses/picture', 'educator@halaqa.test', png)).status).toBe(201);
    await waitFor(() => readdirSync(tmpDir()).length === 0, 'DATA_DIR/tmp to be empty');
  });
});

describe('storage quota per user (UPLOAD_QUOTA_MB)', () => {
  it('reads UPLOAD_QUOTA_MB (default 2048) and refuses a bad value naming it', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: t.config.dataDir }).uploadQuotaBytes).toBe(
      2048 * 1024 * 1024,
    );
    expect(
      loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: t.config.dataDir, UPLOAD_QUOTA_MB: '10' }).uploadQuotaBytes,
    ).toBe(10 * 1024 * 1024);
    expect(() =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: t.config.dataDir, UPLOAD_QUOTA_MB: 'lots' }),
    ).toThrow(/UPLOAD_QUOTA_MB/);
  });

  it('answers 413 with a clear message once the files of a user would pass the quota, and stores nothing', async () => {
    const educator = (
      await t.db.selectFrom('users').select('id').where('email', '=', 'educator2@halaqa.test').executeTakeFirstOrThrow()
    ).id;
    const usedNow = async () =>
      Number(
        (
          await t.db
            .selectFrom('uploads')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('n'))
            .where('owner_id', '=', educator)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const saved = t.config.uploadQuotaBytes;
    // The app reads its configuration object at each upload: room for exactly two more pictures.
    t.config.uploadQuotaBytes = (await usedNow()) + 2 * PNG_1PX.length;
    try {
      expect((await upload('/api/courses/picture', 'educator2@halaqa.test', png)).status).toBe(201);
      expect((await upload('/api/courses/picture', 'educator2@halaqa.test', png)).status).toBe(201);
      const before = await countRows(t.db, 'uploads');
      const refused = await upload('/api/courses/picture', 'educator2@halaqa.test', png);
      expect(refused.status).toBe(413);
      expect(refused.body.message).toMatch(/^Your files would exceed your storage quota of \d+ MB \(\d+ MB used\)$/);
      expect(await countRows(t.db, 'uploads')).toBe(before);
      // (onResponse, which removes the request's temporary files, runs just after the answer is sent)
      await waitFor(() => readdirSync(tmpDir()).length === 0, 'DATA_DIR/tmp to be empty');
      // Another user is not counted against this one.
      expect((await upload('/api/courses/picture', 'educator@halaqa.test', png)).status).toBe(201);
    } finally {
      t.config.uploadQuotaBytes = saved;
    }
  });
});

describe('accounts waiting for approval', () => {
  it('a PENDING educator cannot upload (403), and nothing is stored', async () => {
    await t.db.updateTable('users').set({ status: 'PENDING' }).where('email', '=', 'educator3@halaqa.test').execute();
    const before = await countRows(t.db, 'uploads');
    const uploadsDir = join(t.config.dataDir, 'uploads', 'coursepicture');
    const filesBefore = existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0;
    const pdf = {
      document: { filename: 'notes.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    };
    for (const [url, files] of [
      ['/api/courses/picture', png],
      ['/api/documents', pdf],
      ['/api/account/picture', { profilePicture: png.picture }],
    ] as const) {
      const res = await upload(url, 'educator3@halaqa.test', files);
      expect(res.status, url).toBe(403);
      expect(res.body.message, url).toMatch(/waiting for approval/);
    }
    expect(await countRows(t.db, 'uploads')).toBe(before);
    expect(existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0).toBe(filesBefore);
    await waitFor(() => readdirSync(tmpDir()).length === 0, 'DATA_DIR/tmp to be empty');
  });
});
